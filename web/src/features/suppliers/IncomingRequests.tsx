import { useState } from 'react';
import { Anchor, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  changeConsumerSupplierRequestStatus,
  consumerToSupplierRequestsBasedOnSupplierId,
  REQUEST_STATUSES,
  supplierConsumers,
  type TApiCustomerRequest,
} from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { LinkStatus } from '@tp/domain/supplier-links';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDateTime } from '#shared/format.ts';
import { Pager } from '#shared/Pager.tsx';
import { CATEGORY_LABEL, supplierActions } from './links.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { LinkCard } from './parts.tsx';

type StatusFilter = '' | (typeof REQUEST_STATUSES)[number];
const FILTERS = [{ value: '', label: 'All' }, ...REQUEST_STATUSES.map((s) => ({ value: s, label: s }))];

/** Who decided a request and when ("decided requests show who decided", spec 000 §4). */
function decision(r: TApiCustomerRequest): string {
  if (!r.decider) return '';
  const name = `${r.decider.firstName} ${r.decider.lastName}`.trim() || r.decider.email;
  const when = formatDateTime(r.requestDecidedAt);
  return `${r.requestStatus} by ${name} (${r.decider.email})${when ? ` on ${when}` : ''}`;
}

/**
 * Requests other sites sent to this supplier, newest first, by page (default 1). A pending request
 * offers the supplier's allowed decisions; a decided one shows who decided and offers nothing more.
 */
export function IncomingRequests() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<StatusFilter>('');
  const requests = useApi(consumerToSupplierRequestsBasedOnSupplierId, status ? { page, status } : { page }, {
    keepPreviousData: true,
  });
  const deciding = useAction(changeConsumerSupplierRequestStatus, {
    success: MSG.requestStatusChanged,
    revalidate: [consumerToSupplierRequestsBasedOnSupplierId, supplierConsumers],
  });
  const move = (r: TApiCustomerRequest, to: LinkStatus) =>
    deciding.run({
      consumerSiteId: r.whitelabel_mongoDb_siteId,
      supplierListId: r.supplierListId,
      newRequestStatus: to,
    });

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Show requests"
        data={FILTERS}
        value={status}
        onChange={(v) => {
          setStatus(v as StatusFilter);
          setPage(1);
        }}
        style={{ alignSelf: 'flex-start' }}
      />
      <AsyncContent
        data={requests.data}
        error={requests.error}
        onRetry={() => void requests.mutate()}
        loadingLabel="Loading requests"
        emptyText={MSG.noRequests}
        isEmpty={(p) => p.records.length === 0}
      >
        {(p) => (
          <Stack gap="sm">
            {p.records.map((r) => {
              const subject = `${r.companyName} ${CATEGORY_LABEL[r.supplier_category]}`;
              const actions = r.requestStatus === 'Pending' ? supplierActions('Pending') : [];
              return (
                <LinkCard
                  key={r.id}
                  label={`Request from ${subject}`}
                  site={r}
                  category={r.supplier_category}
                  status={r.requestStatus}
                >
                  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                    <Text size="sm">Requested {formatDateTime(r.requestGeneratedAt)}</Text>
                    <Text size="sm" truncate>
                      <Anchor href={`mailto:${r.adminEmail}`} size="sm">
                        {r.adminEmail}
                      </Anchor>
                    </Text>
                    <Text size="sm">{r.adminContact || '—'}</Text>
                  </SimpleGrid>
                  {r.decider ? (
                    <Text size="sm" c="dimmed">
                      {decision(r)}
                    </Text>
                  ) : (
                    actions.length > 0 && (
                      <Group gap="xs" justify="flex-end">
                        {actions.map((a) => (
                          <ActionButton
                            key={a.to}
                            label={a.label}
                            subject={subject}
                            color={a.color}
                            confirm={a.confirm}
                            run={() => move(r, a.to)}
                          />
                        ))}
                      </Group>
                    )
                  )}
                </LinkCard>
              );
            })}
            <Pager page={p.page} totalPages={p.totalPages} totalRecords={p.totalRecords} onChange={setPage} />
          </Stack>
        )}
      </AsyncContent>
    </Stack>
  );
}
