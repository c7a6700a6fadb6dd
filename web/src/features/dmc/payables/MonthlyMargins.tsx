import { useState } from 'react';
import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { getMonthlyMargins, type TMonthlyMargins } from '@tp/contracts/endpoints/dmc-payables';
import { useApi } from '#api/hooks.ts';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { money } from '../shared/format.ts';

const PERIODS = [
  { value: '3', label: 'Last 3 months' },
  { value: '6', label: 'Last 6 months' },
  { value: '12', label: 'Last 12 months' },
];

/** `YYYY-MM` of the month `back` months before `d`'s. */
function monthBack(d: Date, back: number): string {
  const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return x.toISOString().slice(0, 7);
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

type Row = TMonthlyMargins['rows'][number];

const amount = (key: 'received' | 'refunded' | 'raised' | 'reversed' | 'margin', header: string): Column<Row> => ({
  key,
  header,
  render: (r) => money(r[key], r.currency),
  nowrap: true,
});

const COLUMNS: Column<Row>[] = [
  { key: 'month', header: 'Month', render: (r) => monthLabel(r.month), nowrap: true },
  amount('received', 'Received'),
  amount('refunded', 'Refunded'),
  amount('raised', 'Owed to suppliers'),
  amount('reversed', 'Reversed'),
  { ...amount('margin', 'Margin'), render: (r) => <b>{money(r.margin, r.currency)}</b> },
];

/**
 * Margin per month (docs/dmc.md "The books"): what customers paid less what was refunded, less what vouchers owe
 * suppliers net of reversals, month by month and per currency.
 */
export function MonthlyMargins() {
  const [period, setPeriod] = useState('6');
  const now = new Date();
  const input = { from: monthBack(now, Number(period) - 1), to: monthBack(now, 0) };
  const margins = useApi(getMonthlyMargins, input);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="monthly-margins">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="monthly-margins">
            Margin by month
          </Title>
          <Select
            label="Period"
            data={PERIODS}
            value={period}
            onChange={(v) => v && setPeriod(v)}
            allowDeselect={false}
            w={180}
          />
        </Group>
        {margins.error ? (
          <Text size="sm">{margins.error.message}</Text>
        ) : (
          <DataTable
            label="Margin by month"
            rows={margins.data?.rows}
            columns={COLUMNS}
            rowKey={(r) => `${r.month}-${r.currency}`}
            loading={margins.isLoading}
            empty="No receipts or payables in these months."
            minWidth={640}
          />
        )}
        <Text size="xs" c="gray.7">
          By the day money moved: a month&apos;s receipts less its refunds, less what its vouchers owe suppliers net of
          what cancellations reversed.
        </Text>
      </Stack>
    </Paper>
  );
}
