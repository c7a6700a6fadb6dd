import { Badge, Text } from '@mantine/core';
import type { TWalletEntry } from '@tp/contracts/endpoints/wallet';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { InvoiceLink } from '#features/invoices/index.ts';

const KIND_LABEL: Record<TWalletEntry['kind'], string> = {
  topUp: 'Top-up',
  booking: 'Booking',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

const COLUMNS: Column<TWalletEntry>[] = [
  { key: 'date', header: 'Date', render: (e) => formatDateTime(e.createdAt), nowrap: true },
  { key: 'kind', header: 'Type', render: (e) => <Badge variant="light">{KIND_LABEL[e.kind]}</Badge> },
  {
    key: 'remark',
    header: 'Remark',
    render: (e) => [e.remark, e.pnr && `PNR ${e.pnr}`, e.orderId && `Order ${e.orderId}`].filter(Boolean).join(' · '),
  },
  {
    // A booking's payment and its refunds: the GST invoice, whose page lists the credit notes.
    key: 'invoice',
    header: 'Invoice',
    render: (e) =>
      e.bookingId && (e.kind === 'booking' || e.kind === 'refund') ? (
        <InvoiceLink source="booking" sourceId={e.bookingId} />
      ) : null,
  },
  {
    key: 'amount',
    header: 'Amount',
    nowrap: true,
    render: (e) => (
      <Text span fw={600} c={e.amount < 0 ? 'red' : 'teal'}>
        {e.amount < 0 ? '−' : '+'}
        {formatMoney(Math.abs(e.amount), e.currency)}
      </Text>
    ),
  },
];

export function EntriesTable({ rows, loading }: { rows: TWalletEntry[] | undefined; loading: boolean }) {
  return (
    <DataTable
      label="Wallet entries"
      rows={rows}
      columns={COLUMNS}
      rowKey={(e) => e.entryId}
      loading={loading}
      empty="No wallet entries yet."
      minWidth={560}
    />
  );
}
