import { Badge, Group, Stack, Text } from '@mantine/core';
import { PAX_CODE, type TBookedPassenger } from '@tp/contracts/endpoints/flights';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { formatMoney } from '#shared/format.ts';

const TYPE_NAME = { 1: 'Adult', 2: 'Child', 3: 'Infant' } as const;

/** Extras a passenger bought, as one line: "15 kg (DEL-BOM), VGML (DEL-BOM), seat 12A". */
export function extrasOf(p: Pick<TBookedPassenger, 'baggage' | 'mealDynamic' | 'seat'>): string {
  return [
    ...p.baggage.map((b) => `${b.weight ? `${b.weight} kg` : b.description} (${b.origin}-${b.destination})`),
    ...p.mealDynamic.map((m) => `${m.description || m.code} (${m.origin}-${m.destination})`),
    ...p.seat.map((s) => `seat ${s.code} (${s.origin}-${s.destination})`),
  ].join(', ');
}

/**
 * The passenger detail view (spec 000 §2): names, types, tickets and extras. Reusable by the ticket screens.
 * A table on a desktop, one card per passenger on a phone (the shared DataTable), so nothing is clipped.
 */
export function PassengerView({
  passengers,
  showFare = false,
  currency,
}: {
  passengers: TBookedPassenger[];
  showFare?: boolean;
  /** The booking's currency (a passenger's fare carries none). */
  currency?: string;
}) {
  const columns: Column<TBookedPassenger>[] = [
    {
      key: 'name',
      header: 'Passenger',
      render: (p) => (
        <>
          <Group gap={6}>
            <Text size="sm" fw={500}>
              {p.title} {p.firstName} {p.lastName}
            </Text>
            {p.isLeadPax && (
              <Badge size="xs" variant="light">
                Lead
              </Badge>
            )}
          </Group>
          {p.isLeadPax && (p.email || p.mobileNo) && (
            <Text size="xs" c="dimmed">
              {[p.email, p.mobileNo && `${p.phoneCode ?? ''} ${p.mobileNo}`].filter(Boolean).join(' · ')}
            </Text>
          )}
        </>
      ),
    },
    { key: 'type', header: 'Type', nowrap: true, render: (p) => `${TYPE_NAME[p.paxType]} (${PAX_CODE[p.paxType]})` },
    {
      key: 'ticket',
      header: 'Ticket',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.ticket?.ticketNumber ?? '—'}</Text>
          {p.ticket?.validatingAirline && (
            <Text size="xs" c="dimmed">
              {p.ticket.validatingAirline}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'extras', header: 'Extras', render: (p) => <Text size="sm">{extrasOf(p) || '—'}</Text> },
    ...(showFare
      ? [
          {
            key: 'fare',
            header: 'Fare',
            nowrap: true,
            render: (p: TBookedPassenger) => formatMoney(p.fare.totalFare, currency),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label="Passengers"
      rows={passengers}
      columns={columns}
      rowKey={(p) => String(p.paxIndex)}
      empty="No passengers"
      minWidth={480}
    />
  );
}
