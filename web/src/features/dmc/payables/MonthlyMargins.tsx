import { useState } from 'react';
import { Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { getMonthlyMargins } from '@tp/contracts/endpoints/dmc-payables';
import { useApi } from '#api/hooks.ts';
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

/**
 * Margin per month (docs/dmc.md "The books"): what customers paid less what was refunded, less what vouchers owe
 * suppliers net of reversals, month by month and per currency.
 */
export function MonthlyMargins() {
  const [period, setPeriod] = useState('6');
  const now = new Date();
  const input = { from: monthBack(now, Number(period) - 1), to: monthBack(now, 0) };
  const margins = useApi(getMonthlyMargins, input);
  const rows = margins.data?.rows ?? [];
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
        ) : !margins.data ? (
          <Text size="sm" aria-busy="true">
            Loading margins…
          </Text>
        ) : rows.length === 0 ? (
          <Text size="sm">No receipts or payables in these months.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} aria-label="Margin by month">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Received</Table.Th>
                  <Table.Th ta="right">Refunded</Table.Th>
                  <Table.Th ta="right">Owed to suppliers</Table.Th>
                  <Table.Th ta="right">Reversed</Table.Th>
                  <Table.Th ta="right">Margin</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.month}-${r.currency}`}>
                    <Table.Td>{monthLabel(r.month)}</Table.Td>
                    <Table.Td ta="right">{money(r.received, r.currency)}</Table.Td>
                    <Table.Td ta="right">{money(r.refunded, r.currency)}</Table.Td>
                    <Table.Td ta="right">{money(r.raised, r.currency)}</Table.Td>
                    <Table.Td ta="right">{money(r.reversed, r.currency)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {money(r.margin, r.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text size="xs" c="gray.7">
          By the day money moved: a month&apos;s receipts less its refunds, less what its vouchers owe suppliers net of
          what cancellations reversed.
        </Text>
      </Stack>
    </Paper>
  );
}
