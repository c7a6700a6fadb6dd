import { useState } from 'react';
import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { changeApiCustomerRequestStatus, getApiCustomerRequests } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { TApiCustomerRequest } from '@tp/contracts/endpoints/suppliers';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { DataTable, useSmallScreen, type Column } from '#shared/DataTable.tsx';
import { formatDateTime } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';
import { useConsumerCache } from './cache.ts';

type Decision = 'Approved' | 'Rejected';
const isRequestsKey = (key: unknown) => Array.isArray(key) && key[0] === getApiCustomerRequests.id;

/** Approve / Reject of a pending request; a decided one shows who decided instead (spec 000 §4). */
function Decide({ request }: { request: TApiCustomerRequest }) {
  const { mutate } = useSWRConfig();
  const consumers = useConsumerCache();
  const change = useAction(changeApiCustomerRequestStatus, {
    success: MSG.requestStatusChanged,
    onSuccess: async (decided) => {
      await mutate(
        isRequestsKey,
        (data: { records: TApiCustomerRequest[] } | undefined) =>
          data && { ...data, records: data.records.map((r) => (r.id === decided.id ? decided : r)) },
        { revalidate: false },
      );
      // An approval adds a consumer.
      consumers.refresh();
    },
  });
  const busy: Decision | null = change.pending?.newRequestStatus ?? null;
  const decide = (newRequestStatus: Decision) =>
    change.run({ newRequestStatus, requestId: request.id, consumerMongoSiteId: request.whitelabel_mongoDb_siteId });
  const who = request.companyName || request.domain;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        color="green"
        loading={busy === 'Approved'}
        disabled={busy !== null}
        onClick={() => void decide('Approved')}
        aria-label={`Approve ${who} (${request.supplier_category})`}
      >
        Approve
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        loading={busy === 'Rejected'}
        disabled={busy !== null}
        onClick={() => void decide('Rejected')}
        aria-label={`Reject ${who} (${request.supplier_category})`}
      >
        Reject
      </Button>
    </Group>
  );
}

function Status({ request }: { request: TApiCustomerRequest }) {
  // "The pending label is not shown": a pending request shows its actions only.
  if (request.requestStatus === 'Pending') return <Decide request={request} />;
  const d = request.decider;
  return (
    <Stack gap={2}>
      <StatusBadge status={request.requestStatus} />
      {d && (
        <Text size="xs" c="dimmed">
          by {`${d.firstName} ${d.lastName}`.trim()} ({d.email})
          {request.requestDecidedAt ? `, ${formatDateTime(request.requestDecidedAt)}` : ''}
        </Text>
      )}
    </Stack>
  );
}

const COLUMNS: Column<TApiCustomerRequest>[] = [
  {
    key: 'site',
    header: 'Site',
    render: (r) => (
      <Stack gap={0}>
        <Text fw={500}>{r.companyName || r.siteName}</Text>
        <Text size="xs" c="dimmed">
          {r.domain}
        </Text>
      </Stack>
    ),
  },
  { key: 'category', header: 'Category', render: (r) => r.supplier_category },
  {
    key: 'admin',
    header: 'Admin',
    render: (r) => (
      <Stack gap={0}>
        <Anchor href={`mailto:${r.adminEmail}`} size="sm">
          {r.adminEmail}
        </Anchor>
        <Text size="xs" c="dimmed">
          {r.adminContact}
        </Text>
      </Stack>
    ),
  },
  { key: 'requested', header: 'Requested', render: (r) => formatDateTime(r.requestGeneratedAt) },
  { key: 'status', header: 'Status', render: (r) => <Status request={r} /> },
];

/** API Customer Requests: other sites' requests for this site's supplier lists, by page. */
export function ApiRequestsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const small = useSmallScreen();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useApi(getApiCustomerRequests, opened ? { page } : null, { keepPreviousData: true });
  return (
    <Modal opened={opened} onClose={onClose} title="API Customer Requests" size="xl" fullScreen={small}>
      <DataTable
        label="API customer requests"
        rows={data?.records}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        loading={isLoading}
        empty={MSG.noRequests}
        {...(data
          ? { paging: { page, totalPages: data.totalPages, totalRecords: data.totalRecords, onChange: setPage } }
          : {})}
      />
    </Modal>
  );
}
