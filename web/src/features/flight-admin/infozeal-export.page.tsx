import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { getInfozealVouchers, type TVoucherRow } from '@tp/contracts/endpoints/flight-admin';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { toastError, toastSuccess } from '#lib/notify.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { allPages, DateRangeFields, downloadXlsx, monthToDate, rangeProblem, type SheetColumn } from './shared.tsx';

const PAGE_SIZE = 25;

/** The Infozeal-style import layout (docs/flight-backoffice.md): one row per ticket, in this order. */
export const INFOZEAL_COLUMNS: SheetColumn<TVoucherRow>[] = [
  { header: 'Date', key: 'date', width: 12 },
  { header: 'Voucher Type', key: 'voucherType', width: 10 },
  { header: 'Invoice No', key: 'invoiceNo', width: 18 },
  { header: 'Party', key: 'party', width: 28 },
  { header: 'PNR', key: 'pnr', width: 10 },
  { header: 'Ticket No', key: 'ticketNo', width: 16 },
  { header: 'Passenger', key: 'passenger', width: 28 },
  { header: 'Sector', key: 'sector', width: 14 },
  { header: 'Airline', key: 'airline', width: 8 },
  { header: 'Basic', key: 'basic', money: true },
  { header: 'Taxes', key: 'taxes', money: true },
  { header: 'Markup', key: 'markup', money: true },
  { header: 'GST', key: 'gst', money: true },
  { header: 'Commission', key: 'commission', money: true },
  { header: 'TDS', key: 'tds', money: true },
  { header: 'Net', key: 'net', money: true },
];

const COLUMNS: Column<TVoucherRow>[] = [
  { key: 'date', header: 'Date', nowrap: true, render: (r) => formatDate(r.date) },
  {
    key: 'type',
    header: 'Type',
    render: (r) => (
      <Badge variant="light" color={r.voucherType === 'Refund' ? 'orange' : 'blue'}>
        {r.voucherType}
      </Badge>
    ),
  },
  { key: 'invoice', header: 'Invoice No', render: (r) => r.invoiceNo },
  { key: 'party', header: 'Party', render: (r) => r.party },
  { key: 'ticket', header: 'PNR / Ticket', render: (r) => `${r.pnr} · ${r.ticketNo}` },
  { key: 'passenger', header: 'Passenger', render: (r) => r.passenger },
  { key: 'net', header: 'Net', nowrap: true, render: (r) => formatMoney(r.net) },
];

/** /staff/infozealExcelDataExport (test hosts): sale and refund vouchers of a period for the accounting import. */
export default function InfozealExportPage() {
  const [range, setRange] = useState(monthToDate);
  const [page, setPage] = useState(1);
  const problem = rangeProblem(range);
  const list = useApi(getInfozealVouchers, problem ? null : { ...range, page, pageSize: PAGE_SIZE });

  const downloading = useAction(
    async () => {
      const rows = await allPages((p) => call(getInfozealVouchers, { ...range, page: p, pageSize: 1000 }));
      await downloadXlsx(`infozeal-vouchers-${range.from}-to-${range.to}.xlsx`, 'Vouchers', INFOZEAL_COLUMNS, rows);
      toastSuccess(`Downloaded ${rows.length} vouchers`);
    },
    {
      onError: () => toastError('Download failed. Please try again.'),
    },
  );
  const download = () => downloading.run(undefined);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Infozeal Excel Export
      </Title>
      <Text size="sm" c="dimmed">
        Ticketed sales (dated on the booking day) and credited refunds (dated on the credit day), one row per ticket, in
        the accounting import layout.
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <DateRangeFields
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
          error={problem}
        />
        <Button
          onClick={() => void download()}
          loading={downloading.busy}
          disabled={!!problem || !list.data?.totalRecords}
        >
          Download Excel
        </Button>
      </Group>
      <DataTable
        label="Accounting vouchers"
        rows={list.data?.records}
        columns={COLUMNS}
        rowKey={(r) => `${r.invoiceNo}|${r.ticketNo}`}
        loading={list.isLoading}
        empty="No sales or refunds in this period."
        minWidth={800}
        paging={
          list.data && {
            page: list.data.page,
            totalPages: list.data.totalPages,
            totalRecords: list.data.totalRecords,
            onChange: setPage,
          }
        }
      />
    </Stack>
  );
}
