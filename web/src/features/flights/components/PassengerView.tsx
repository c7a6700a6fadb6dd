import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { PAX_CODE, type TBookedPassenger } from '@tp/contracts/flights';
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

/** The passenger detail view (spec 000 §2): names, types, tickets and extras. Reusable by the ticket screens. */
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
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label="Passengers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Passenger</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Ticket</Table.Th>
            <Table.Th>Extras</Table.Th>
            {showFare && <Table.Th ta="right">Fare</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passengers.map((p) => (
            <Table.Tr key={p.paxIndex}>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>
                {TYPE_NAME[p.paxType]} ({PAX_CODE[p.paxType]})
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{p.ticket?.ticketNumber ?? '—'}</Text>
                  {p.ticket?.validatingAirline && (
                    <Text size="xs" c="dimmed">
                      {p.ticket.validatingAirline}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{extrasOf(p) || '—'}</Text>
              </Table.Td>
              {showFare && <Table.Td ta="right">{formatMoney(p.fare.totalFare, currency)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
