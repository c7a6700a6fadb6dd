import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  changeConsumerSupplierMappingStatusFromConsumerSide,
  getAllVisibleSuppliersWithConsumerRequests,
  getLinkedSuppliersByConsumer,
  jumplogin,
} from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { leaveApp } from '#api/navigation.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDate } from '#shared/format.ts';
import { toastError } from '#lib/notify.ts';
import { safeUrl } from '#lib/redirects.ts';
import { ServerSwitch } from '#shared/ServerSwitch.tsx';
import { CATEGORY_LABEL } from './links.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { LinkCard } from './parts.tsx';

const allowed = (yes: boolean, what: string) => (
  <Badge variant="dot" color={yes ? 'green' : 'gray'}>
    {what} {yes ? 'allowed' : 'not allowed'}
  </Badge>
);

/**
 * Our approved and suspended supplier links: the supplier's switches (read only here), our own
 * pause / resume switch (changes once the server agrees) and jump login to the supplier's panel.
 */
export function LinkedSuppliers() {
  const linked = useApi(getLinkedSuppliersByConsumer, {});

  const mapping = useAction(changeConsumerSupplierMappingStatusFromConsumerSide, {
    success: MSG.settingSaved,
    onSuccess: (updated, { supplierId, supplierListId }) =>
      linked.mutate(
        (rows) => rows?.map((r) => (r.supplierId === supplierId && r.supplierListId === supplierListId ? updated : r)),
        { revalidate: false },
      ),
    revalidate: [getAllVisibleSuppliersWithConsumerRequests],
  });
  const setActive = (supplierId: string, supplierListId: string, active: boolean) =>
    mapping.run({ supplierId, supplierListId, mappingStatus: active ? 'Active' : 'Paused' });

  // The supplier's site signs our partner account in from a one-time link: a full navigation.
  // The button spins meanwhile (importing the global backdrop here would split entry chunks: +1 KB initial JS).
  const jump = useAction(jumplogin, {
    onSuccess: ({ url }) => {
      const target = safeUrl(url);
      if (target) leaveApp(target);
      else toastError(MSG.somethingWentWrong);
    },
  });
  const openPanel = (supplierId: string) => jump.run({ supplierId });

  return (
    <AsyncContent
      data={linked.data}
      error={linked.error}
      onRetry={() => void linked.mutate()}
      loadingLabel="Loading linked suppliers"
      emptyText={MSG.noResults}
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => (
        <Stack gap="sm">
          {rows.map((l) => {
            const subject = `${l.companyName} ${CATEGORY_LABEL[l.category]}`;
            return (
              <LinkCard
                key={`${l.supplierId}:${l.supplierListId}`}
                label={subject}
                site={l}
                category={l.category}
                status={l.status}
              >
                <Group gap="xs">
                  {allowed(l.isFlightSearchAllowed, 'Flight search')}
                  {allowed(l.isFlightHoldAllowed, 'Flight hold')}
                  {l.approvedAt && (
                    <Text size="xs" c="dimmed">
                      Approved {formatDate(l.approvedAt)}
                    </Text>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
                  <ServerSwitch
                    label="Active"
                    aria-label={`Use ${subject}`}
                    description={
                      l.mappingStatus === 'Active'
                        ? 'Offered to your customers'
                        : 'Paused: not offered to your customers'
                    }
                    checked={l.mappingStatus === 'Active'}
                    onChange={(next) => setActive(l.supplierId, l.supplierListId, next)}
                  />
                  <Group justify="flex-end">
                    <ActionButton
                      label="Open supplier panel"
                      subject={`of ${l.companyName}`}
                      variant="default"
                      size="sm"
                      disabled={l.status !== 'Approved'}
                      run={() => openPanel(l.supplierId)}
                    />
                  </Group>
                </SimpleGrid>
                {l.status === 'Suspended' && (
                  <Text size="sm" c="orange">
                    {l.companyName} has suspended this link. It stays unusable until they reinstate it.
                  </Text>
                )}
              </LinkCard>
            );
          })}
        </Stack>
      )}
    </AsyncContent>
  );
}
