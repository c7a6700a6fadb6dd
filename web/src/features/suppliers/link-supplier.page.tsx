import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { getWebsiteOwnSuppliers } from '@tp/contracts/endpoints/suppliers';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { AvailableSuppliers } from './AvailableSuppliers.tsx';
import { LinkedSuppliers } from './LinkedSuppliers.tsx';
import { BECOME_SUPPLIER_PATH, CATEGORY_LABEL } from './links.ts';
import { Section } from './Section.tsx';

/** This site's own offering to other sites, in short, with the way to its settings. */
function OwnOffering() {
  const own = useApi(getWebsiteOwnSuppliers, {});
  return (
    <AsyncContent
      data={own.data}
      error={own.error}
      onRetry={() => void own.mutate()}
      loadingLabel="Loading your supplier profile"
    >
      {(p) => (
        <Paper withBorder p="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            {p.isSupplier ? (
              <Stack gap={6}>
                <Group gap={6}>
                  <Text size="sm">Your site sells:</Text>
                  {p.lists.map((l) => (
                    <Badge key={l.supplierListId} variant="light">
                      {CATEGORY_LABEL[l.category]}
                    </Badge>
                  ))}
                </Group>
                <Text size="sm" c="dimmed">
                  {p.isListed ? 'Listed in the supplier directory' : 'Not listed: other sites cannot find you'} · terms
                  version {p.termsVersion}
                </Text>
              </Stack>
            ) : (
              <Text size="sm">Your site does not sell to other sites yet.</Text>
            )}
            <Button component={Link} to={BECOME_SUPPLIER_PATH} variant="default" size="sm">
              {p.isSupplier ? 'Manage supplier settings' : 'Become a supplier'}
            </Button>
          </Group>
        </Paper>
      )}
    </AsyncContent>
  );
}

/** /staff/link_supplier: the consumer side of supplier relationships (docs/suppliers.md). */
export default function LinkSupplierPage() {
  return (
    <Stack gap="xl" maw={1000}>
      <Title order={1} size="h2">
        Link Supplier
      </Title>
      <Section
        title="Linked suppliers"
        description="Suppliers whose inventory your site may sell. Pause a link to stop offering it without asking the supplier."
      >
        <LinkedSuppliers />
      </Section>
      <Section
        title="Available suppliers"
        description="Read a supplier's terms and request access to one category at a time."
      >
        <AvailableSuppliers />
      </Section>
      <Section title="Our own supplier profile">
        <OwnOffering />
      </Section>
    </Stack>
  );
}
