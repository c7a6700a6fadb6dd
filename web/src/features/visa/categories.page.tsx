import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { getVisaCategory, getVisaCountries } from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { CountrySwitcher } from './CountrySwitcher.tsx';
import { checklistPath, VISA_HOME } from './links.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { VisaHeader } from './VisaHeader.tsx';

/**
 * /visa/:country (spec 001 §2): the visa categories of a destination (`visa/getVisaCategory`), each opening its
 * checklist. The country is the link name, a name or an ISO code (the server resolves it); a switcher offers the
 * other destinations. A failure says 'Could not fetch visa categories'.
 */
export default function VisaCategoriesPage() {
  const { country = '' } = useParams();
  // The spec's message is shown here, in place: no toast on top of it.
  const categories = useApi(getVisaCategory, { countryName: country }, { call: { handling: 'navigation' } });
  const countries = useApi(getVisaCountries, {}, { call: { handling: 'navigation' } });
  const list = categories.data;
  const known = countries.data?.find((c) => c._id === country.toLowerCase());
  const countryName = list?.[0]?.countryName ?? known?.countryName ?? country;
  const countryId = list?.[0]?.countryId ?? known?._id ?? null;

  return (
    <Stack gap="lg" maw={960} w="100%" mx="auto">
      <Group justify="space-between" align="flex-end" gap="md">
        <VisaHeader
          crumbs={[{ label: 'Visas', to: VISA_HOME }, { label: countryName }]}
          title={`${countryName} visa`}
          intro="Pick the visa that fits your trip to see the documents you need."
        />
        <CountrySwitcher current={countryId} />
      </Group>
      {categories.error ? (
        <LoadFailed message={MSG.visaCategoriesFailed} onRetry={() => void categories.mutate()} />
      ) : !list ? (
        <PageLoader />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {MSG.noResults}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((c) => (
            <Card component="li" key={c._id} withBorder radius="md" padding="md">
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ flex: '1 1 16rem' }}>
                  <Anchor component={Link} to={checklistPath(c)} fw={600} size="lg">
                    {c.visaCategory}
                  </Anchor>
                  {c.summary && (
                    <Text size="sm" c="dimmed">
                      {c.summary}
                    </Text>
                  )}
                </Stack>
                <Button
                  component={Link}
                  to={checklistPath(c)}
                  variant="light"
                  size="sm"
                  aria-label={`View checklist: ${c.visaCategory}`}
                >
                  View checklist
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
