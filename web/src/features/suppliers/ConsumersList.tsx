import { useState } from 'react';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  changeConsumerSupplierRequestStatus,
  consumerToSupplierRequestsBasedOnSupplierId,
  setFlightHoldSetting,
  setFlightSearchSetting,
  setLERelationConfig,
  supplierConsumers,
} from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { TApiConsumer } from '@tp/contracts/endpoints/suppliers';
import type { LinkStatus } from '@tp/domain/supplier-links';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { Pager } from '#shared/Pager.tsx';
import { ServerSwitch } from '#shared/ServerSwitch.tsx';
import { CATEGORY_LABEL, SUPPLIER_TEXT, supplierActions } from './links.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { LinkCard } from './parts.tsx';

const sameRow = (a: TApiConsumer, b: TApiConsumer) =>
  a.wl_mongoDb_siteId === b.wl_mongoDb_siteId && a.sc_map_supplierListId === b.sc_map_supplierListId;

/**
 * The consumer sites of this supplier (approved or suspended), one row per category, by page: the
 * per-consumer Flight Search / Flight Hold switches and TDS switch (each changes once the server has
 * agreed), and suspend / reinstate.
 */
export function ConsumersList() {
  const [page, setPage] = useState(1);
  const consumers = useApi(supplierConsumers, { page }, { keepPreviousData: true });

  /** Puts rows the server returned in place, without a reload. */
  const patch = (change: (row: TApiConsumer) => TApiConsumer) =>
    consumers.mutate((p) => p && { ...p, records: p.records.map(change) }, { revalidate: false });
  const replaceRow = (updated: TApiConsumer) => patch((r) => (sameRow(r, updated) ? updated : r));
  const linkOf = (r: TApiConsumer) => ({
    consumerSiteId: r.wl_mongoDb_siteId,
    supplierListId: r.sc_map_supplierListId,
  });

  const search = useAction(setFlightSearchSetting, { success: MSG.settingSaved, onSuccess: replaceRow });
  const hold = useAction(setFlightHoldSetting, { success: MSG.settingSaved, onSuccess: replaceRow });
  // TDS belongs to the consumer's legal entity, so every row of that consumer changes.
  const tds = useAction(setLERelationConfig, {
    success: MSG.tdsChanged,
    onSuccess: (saved) =>
      patch((r) => (r.wl_legalEntityId === saved.userLEID ? { ...r, isTdsDeductable: saved.isTdsDeductable } : r)),
  });
  const status = useAction(changeConsumerSupplierRequestStatus, {
    success: MSG.requestStatusChanged,
    onSuccess: replaceRow,
    revalidate: [consumerToSupplierRequestsBasedOnSupplierId],
  });
  const setSearch = (r: TApiConsumer, isFlightSearchAllowed: boolean) =>
    search.run({ ...linkOf(r), isFlightSearchAllowed });
  const setHold = (r: TApiConsumer, isFlightHold: boolean) => hold.run({ ...linkOf(r), isFlightHold });
  const setTds = (userLEID: string, isTdsDeductable: boolean) => tds.run({ userLEID, isTdsDeductable });
  const move = (r: TApiConsumer, to: LinkStatus) => status.run({ ...linkOf(r), newRequestStatus: to });

  return (
    <AsyncContent
      data={consumers.data}
      error={consumers.error}
      onRetry={() => void consumers.mutate()}
      loadingLabel="Loading consumers"
      emptyText={MSG.noResults}
      isEmpty={(p) => p.records.length === 0}
    >
      {(p) => (
        <Stack gap="sm">
          {p.records.map((r) => {
            const subject = `${r.wl_companyName} ${CATEGORY_LABEL[r.sup_category]}`;
            const le = r.wl_legalEntityId;
            return (
              <LinkCard
                key={`${r.wl_mongoDb_siteId}:${r.sc_map_supplierListId}`}
                label={subject}
                site={{ companyName: r.wl_companyName, domain: r.wl_domain, logoUrl: '' }}
                category={r.sup_category}
                status={r.sc_map_status}
                badges={
                  r.sc_map_mappingStatus === 'Paused' && (
                    <Badge variant="outline" color="gray">
                      {SUPPLIER_TEXT.paused} by consumer
                    </Badge>
                  )
                }
              >
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                  <Text size="sm" truncate>
                    <Anchor href={`mailto:${r.wl_adminEmail}`} size="sm">
                      {r.wl_adminEmail}
                    </Anchor>
                  </Text>
                  <Text size="sm">{r.wl_adminContact || '—'}</Text>
                  <Text size="sm">Group: {r.leGroup_groupName ?? MSG.defaultGroupApplicable}</Text>
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  {r.sup_category === 'Flights' && (
                    <>
                      <ServerSwitch
                        label="Flight Search"
                        aria-label={`Flight Search for ${subject}`}
                        checked={r.sc_map_isFlightSearchAllowed}
                        onChange={(next) => setSearch(r, next)}
                      />
                      <ServerSwitch
                        label="Flight Hold"
                        aria-label={`Flight Hold for ${subject}`}
                        checked={r.sc_map_isFlightHoldAllowed}
                        onChange={(next) => setHold(r, next)}
                      />
                    </>
                  )}
                  <ServerSwitch
                    label="TDS deduction"
                    aria-label={`TDS deduction for ${subject}`}
                    description={le ? undefined : 'Available once the partner account exists'}
                    disabled={!le}
                    checked={r.isTdsDeductable}
                    onChange={(next) => (le ? setTds(le, next) : Promise.resolve())}
                  />
                </SimpleGrid>
                <Group gap="xs" justify="flex-end">
                  {supplierActions(r.sc_map_status).map((a) => (
                    <ActionButton
                      key={a.to}
                      label={a.label}
                      subject={subject}
                      color={a.color}
                      variant="light"
                      confirm={a.confirm}
                      run={() => move(r, a.to)}
                    />
                  ))}
                </Group>
              </LinkCard>
            );
          })}
          <Pager page={p.page} totalPages={p.totalPages} totalRecords={p.totalRecords} onChange={setPage} />
        </Stack>
      )}
    </AsyncContent>
  );
}
