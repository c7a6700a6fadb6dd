import { useState } from 'react';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  getSupplierProfitLoss,
  PL_STATUSES,
  type TProfitFilter,
  type TProfitRow,
  type TProfitTotals,
} from '@tp/contracts/endpoints/flight-admin';
import type { RequestOf } from '@tp/contracts/endpoint';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatDate, formatMoney } from '#shared/format.ts';
import { toastError, toastSuccess } from '#lib/notify.ts';
import { allPages, DateRangeFields, downloadXlsx, monthToDate, rangeProblem, type SheetColumn } from './shared.tsx';

const PAGE_SIZE = 20;
const STATUS_LABEL: Record<(typeof PL_STATUSES)[number], string> = {
  ticketed: 'Ticketed',
  cancelled: 'Cancelled',
  partiallyCancelled: 'Partially cancelled',
  reissued: 'Reissued',
  changeRequested: 'Change requested',
};

type Filter = RequestOf<typeof getSupplierProfitLoss>;
type Amount = keyof TProfitTotals & keyof TProfitRow;
const AMOUNTS: [Amount, string][] = [
  ['netFare', 'Net fare'],
  ['markup', 'Markup'],
  ['gstOnMarkup', 'GST on markup'],
  ['commissionEarned', 'Commission earned'],
  ['commissionPassed', 'Commission passed'],
  ['tds', 'TDS'],
  ['discount', 'Discount'],
  ['txnFee', 'Txn fee'],
  ['customerPaid', 'Customer paid'],
  ['profit', 'Profit'],
];

const COLUMNS: Column<TProfitRow>[] = [
  {
    key: 'booking',
    header: 'Booking',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {r.pnr}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(r.bookedAt)} · travel {formatDate(r.travelDate)}
        </Text>
      </Stack>
    ),
  },
  { key: 'customer', header: 'Customer', render: (r) => r.customer },
  { key: 'flight', header: 'Flight', render: (r) => `${r.airlineCode} ${r.sector}` },
  { key: 'status', header: 'Status', render: (r) => r.status },
  ...AMOUNTS.map(([key, header]): Column<TProfitRow> => ({
    key,
    header,
    nowrap: true,
    render: (r) => (
      <Text
        span
        size="sm"
        fw={key === 'profit' ? 700 : undefined}
        c={key === 'profit' && r.profit < 0 ? 'red' : undefined}
      >
        {formatMoney(r[key], r.currency)}
      </Text>
    ),
  })),
];

const SHEET: SheetColumn<TProfitRow & { bookedOn: string; travelOn: string }>[] = [
  { header: 'Booking ID', key: 'bookingId', width: 14 },
  { header: 'PNR', key: 'pnr', width: 10 },
  { header: 'Booked on', key: 'bookedOn', width: 12 },
  { header: 'Travel date', key: 'travelOn', width: 12 },
  { header: 'Customer', key: 'customer', width: 36 },
  { header: 'Customer type', key: 'customerType', width: 12 },
  { header: 'Airline', key: 'airlineCode', width: 8 },
  { header: 'Sector', key: 'sector', width: 14 },
  { header: 'Status', key: 'status', width: 16 },
  { header: 'Supplier', key: 'supplier', width: 14 },
  ...AMOUNTS.map(([key, header]) => ({ header, key, money: true })),
  { header: 'Currency', key: 'currency', width: 8 },
];

/** /staff/supplierProfitLoss: per booking, supplier cost against what the customer paid; Excel of the filter. */
export default function SupplierProfitLossPage() {
  const [draft, setDraft] = useState<Omit<TProfitFilter, 'page' | 'pageSize'>>(() => ({
    ...monthToDate(),
    dateBasis: 'booking',
  }));
  const [applied, setApplied] = useState(draft);
  const [page, setPage] = useState(1);
  const problem = rangeProblem(draft);
  const input: Filter = { ...applied, page, pageSize: PAGE_SIZE };
  const report = useApi(getSupplierProfitLoss, input);

  const downloading = useAction(
    async () => {
      const rows = await allPages((p) => call(getSupplierProfitLoss, { ...applied, page: p, pageSize: 500 }));
      const totals = report.data?.totals;
      await downloadXlsx(
        `profit-loss-${applied.from}-to-${applied.to}.xlsx`,
        'Profit & Loss',
        SHEET,
        rows.map((r) => ({ ...r, bookedOn: r.bookedAt.slice(0, 10), travelOn: r.travelDate.slice(0, 10) })),
        totals && {
          bookingId: 'Total',
          pnr: `${totals.bookings} bookings`,
          ...Object.fromEntries(AMOUNTS.map(([k]) => [k, totals[k]])),
        },
      );
      toastSuccess(`Downloaded ${rows.length} bookings`);
    },
    {
      onError: () => toastError('Download failed. Please try again.'),
    },
  );
  const download = () => downloading.run(undefined);

  const totals = report.data?.totals;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Supplier Profit &amp; Loss
      </Title>
      <Paper withBorder p="md">
        <form
          aria-label="Profit and loss filters"
          onSubmit={(e) => {
            e.preventDefault();
            if (problem) return;
            setApplied(draft);
            setPage(1);
          }}
        >
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Date basis"
              value={draft.dateBasis}
              onChange={(v) => setDraft({ ...draft, dateBasis: v as TProfitFilter['dateBasis'] })}
              data={[
                { value: 'booking', label: 'Booking date' },
                { value: 'travel', label: 'Travel date' },
              ]}
              w="fit-content"
            />
            <DateRangeFields value={draft} onChange={(r) => setDraft({ ...draft, ...r })} error={problem} />
            <Group gap="sm" wrap="wrap" align="flex-end">
              <TextInput
                label="Customer"
                placeholder="Email, name or company"
                value={draft.customer ?? ''}
                onChange={(e) => setDraft({ ...draft, customer: e.currentTarget.value || undefined })}
                w={240}
                maw="100%"
              />
              <TextInput
                label="Airline code"
                maxLength={3}
                value={draft.airlineCode ?? ''}
                onChange={(e) => setDraft({ ...draft, airlineCode: e.currentTarget.value.toUpperCase() || undefined })}
                w={110}
              />
              <Select
                label="Status"
                placeholder="Any"
                clearable
                data={PL_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
                value={draft.status ?? null}
                onChange={(v) => setDraft({ ...draft, status: (v as TProfitFilter['status']) ?? undefined })}
                w={190}
              />
              <Button type="submit" disabled={!!problem}>
                Apply
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  const fresh = { ...monthToDate(), dateBasis: 'booking' as const };
                  setDraft(fresh);
                  setApplied(fresh);
                  setPage(1);
                }}
              >
                Clear Filters
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {totals ? `${totals.bookings} bookings` : ' '}
        </Text>
        <Button onClick={() => void download()} loading={downloading.busy} disabled={!totals?.bookings}>
          Download Excel
        </Button>
      </Group>

      {totals && totals.bookings > 0 && (
        <Paper withBorder p="sm" aria-label="Totals" component="section">
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            {AMOUNTS.map(([k, label]) => (
              <Stack key={k} gap={0}>
                <Text size="xs" c="dimmed">
                  Total {label.toLowerCase()}
                </Text>
                <Text size="sm" fw={k === 'profit' ? 700 : 500} data-testid={`total-${k}`}>
                  {formatMoney(totals[k])}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Paper>
      )}

      <DataTable
        label="Profit and loss by booking"
        rows={report.data?.records}
        columns={COLUMNS}
        rowKey={(r) => r.bookingId}
        loading={report.isLoading}
        empty="No ticketed bookings match these filters."
        minWidth={1200}
        paging={
          report.data && {
            page: report.data.page,
            totalPages: report.data.totalPages,
            totalRecords: report.data.totalRecords,
            onChange: setPage,
          }
        }
      />
    </Stack>
  );
}
