import { Button, Select, Stack, Text } from '@mantine/core';
import { getAllKartsForWl, type TKartRow } from '@tp/contracts/endpoints/kart';
import * as MSG from '@tp/contracts/messages';
import { formatDate } from '#shared/format.ts';
import { money } from '../shared/format.ts';
import { ServerTable, useServerList } from '../shared/list.tsx';
import { StatusBadges } from './status.tsx';

/** The list's status filter (§7 names the vouchered and cancelled flags). */
const FILTERS = {
  all: { label: 'All quotations', query: {} },
  open: { label: 'Not vouchered', query: { isVouchered: false, isCancelled: false } },
  vouchered: { label: 'Vouchered', query: { isVouchered: true, isCancelled: false } },
  cancelled: { label: 'Cancelled', query: { isCancelled: true } },
} as const;
export type KartFilter = keyof typeof FILTERS;

const pax = (r: TKartRow) =>
  [r.adults && `${r.adults} A`, r.child && `${r.child} C`, r.infant && `${r.infant} I`].filter(Boolean).join(' ');

/**
 * The quotations of the site (`kart/getAllKartsForWl`): searched 500 ms after typing stops, newest first, with each
 * one's deadline state (expired, payment due soon, overdue) and balance due.
 */
export function KartList({
  filter,
  onFilter,
  onOpen,
}: {
  filter: KartFilter;
  onFilter: (f: KartFilter) => void;
  onOpen: (id: string) => void;
}) {
  const list = useServerList(getAllKartsForWl, FILTERS[filter].query);
  return (
    <ServerTable
      list={list}
      label="Quotations"
      searchLabel="Search quotations"
      empty={MSG.noResults}
      rowKey={(r) => r.id}
      minWidth={860}
      filters={
        <Select
          label="Show"
          w={200}
          allowDeselect={false}
          data={Object.entries(FILTERS).map(([value, f]) => ({ value, label: f.label }))}
          value={filter}
          onChange={(v) => onFilter((v ?? 'all') as KartFilter)}
        />
      }
      columns={[
        {
          key: 'name',
          header: 'Quotation',
          render: (r) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {r.kartName}
              </Text>
              <Text size="xs" c="dimmed">
                {r.quotationId}
              </Text>
            </Stack>
          ),
        },
        { key: 'customer', header: 'Customer', render: (r) => r.customerName },
        {
          key: 'arrival',
          header: 'Arrival',
          nowrap: true,
          render: (r) => `${formatDate(r.arrivalDate)} · ${r.noOfDays}D/${r.noOfNights}N · ${pax(r)}`,
        },
        { key: 'total', header: 'Total', nowrap: true, render: (r) => money(r.totalPrice, r.currencySymbol) },
        {
          key: 'balance',
          header: 'Balance due',
          nowrap: true,
          render: (r) => (
            <Stack gap={0}>
              <Text size="sm">{money(r.balanceDue, r.currencySymbol)}</Text>
              {r.paymentDeadline && r.balanceDue > 0 && (
                <Text size="xs" c="dimmed">
                  by {formatDate(r.paymentDeadline)}
                </Text>
              )}
            </Stack>
          ),
        },
        { key: 'status', header: 'Status', render: (r) => <StatusBadges deadline={r.deadline} /> },
        {
          key: 'open',
          header: 'Actions',
          render: (r) => (
            <Button size="xs" variant="light" aria-label={`Open ${r.kartName}`} onClick={() => onOpen(r.id)}>
              Open
            </Button>
          ),
        },
      ]}
    />
  );
}
