import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getVisaCountries } from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { openCountries } from './CountrySwitcher.tsx';
import { countryPath } from './links.ts';
import { VisaHeader } from './VisaHeader.tsx';

/** /visa (ours, public): the destinations this site has visa information for; each opens its categories. */
export default function VisaLandingPage() {
  const countries = useApi(getVisaCountries, {}, { call: { handling: 'navigation' } });
  return (
    <Stack gap="lg" maw={960} w="100%" mx="auto">
      <VisaHeader
        crumbs={[]}
        title="Visas"
        intro="Choose your destination to see its visa types and the documents you need."
      />
      <AsyncContent
        data={countries.data && openCountries(countries.data)}
        error={countries.error}
        onRetry={() => void countries.mutate()}
        loadingLabel="Loading destinations"
        emptyText={MSG.noResults}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <SimpleGrid
            component="ul"
            cols={{ base: 1, xs: 2, md: 3 }}
            spacing="md"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {list.map((c) => (
              <Card component="li" key={c._id} withBorder padding="md" radius="md">
                <Anchor component={Link} to={countryPath(c._id)} fw={600} size="lg">
                  {c.countryName}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {c.categoryCount === 1 ? '1 visa type' : `${c.categoryCount} visa types`}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </AsyncContent>
    </Stack>
  );
}
