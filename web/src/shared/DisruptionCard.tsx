import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { actOnDisruption, DISRUPTION_MSG, type TDisruption } from '@tp/contracts/endpoints/disruptions';
import { getBookingDisruptions, getDisruptions } from '@tp/contracts/endpoints/disruptions';
import { useAction } from '#api/action.ts';
import { formatDate, formatDateTime, formatMoney } from '#shared/format.ts';
import { Modal } from '#shared/Modal.tsx';

type Segment = TDisruption['newSegments'][number][number];

const STATUS_LABEL: Record<TDisruption['status'], string> = {
  open: 'Action needed',
  accepted: 'New schedule accepted',
  rebooked: 'Moved to alternative',
  cancelled: 'Cancelled, refunded',
};
const STATUS_COLOR: Record<TDisruption['status'], string> = {
  open: 'orange',
  accepted: 'green',
  rebooked: 'green',
  cancelled: 'gray',
};

/** `13 Feb 2027 · 09:20–11:20` (local airport times; `+1` when it lands the next day or later). */
function span(departure: string, arrival: string): string {
  const days = Math.round((Date.parse(arrival.slice(0, 10)) - Date.parse(departure.slice(0, 10))) / 86_400_000);
  return `${formatDate(departure)} · ${departure.slice(11, 16)}–${arrival.slice(11, 16)}${days > 0 ? ` +${days}` : ''}`;
}

const flightsOf = (trips: Segment[][]) =>
  trips.flat().map((s) => ({
    key: `${s.airlineCode}${s.flightNumber}-${s.departureTime}`,
    flight: `${s.airlineCode} ${s.flightNumber}`,
    route: `${s.originAirportCode} → ${s.destinationAirportCode}`,
    times: span(s.departureTime, s.arrivalTime),
  }));

const shift = (minutes: number) =>
  minutes === 0 ? 'same time' : `${Math.abs(minutes)} min ${minutes > 0 ? 'later' : 'earlier'}`;

/**
 * One airline schedule change of a booking: the old and new times of each changed flight, the connections checked
 * against the minimum connection time, and while it is open the choices the supplier allows (accept, an offered
 * alternative, cancel for a full refund).
 */
export function DisruptionCard({
  disruption: d,
  showBooking = false,
}: {
  disruption: TDisruption;
  showBooking?: boolean;
}) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  const revalidate = [getDisruptions, getBookingDisruptions] as const;
  const ref = { bookingId: d.bookingId, disruptionId: d.disruptionId };
  const accepting = useAction(actOnDisruption, { success: DISRUPTION_MSG.accepted, revalidate });
  const rebooking = useAction(actOnDisruption, { success: DISRUPTION_MSG.rebooked, revalidate });
  const cancelling = useAction(actOnDisruption, {
    success: DISRUPTION_MSG.cancelled,
    revalidate,
    onSuccess: () => setConfirmCancel(false),
  });
  const busy = accepting.busy || rebooking.busy || cancelling.busy;
  const open = d.status === 'open';
  const titleId = `disruption-${d.bookingId}-${d.disruptionId}`;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={titleId}>
            Schedule change · PNR {d.pnr}
            {showBooking ? ` · ${d.bookerName}` : ''}
          </Title>
          <Badge color={STATUS_COLOR[d.status]} variant="light">
            {STATUS_LABEL[d.status]}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Found {formatDateTime(d.detectedAt)} ({d.source})
          {d.escalatedAt ? ` · escalated ${formatDateTime(d.escalatedAt)}` : ''}
        </Text>
        <Table.ScrollContainer minWidth={280}>
          <Table striped withTableBorder aria-label={`Changed flights of PNR ${d.pnr}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Flight</Table.Th>
                <Table.Th>Was</Table.Th>
                <Table.Th>Now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.changes.map((c) => (
                <Table.Tr key={`${c.trip}-${c.index}`}>
                  <Table.Td>
                    {c.flight} {c.origin} → {c.destination}
                  </Table.Td>
                  <Table.Td>{span(c.oldDeparture, c.oldArrival)}</Table.Td>
                  <Table.Td>
                    {span(c.newDeparture, c.newArrival)}{' '}
                    <Text span size="xs" c="dimmed">
                      ({c.flightChanged ? 'another flight' : shift(c.shiftMinutes)})
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {d.connections.map((c) => (
          <Text key={`${c.trip}-${c.airport}`} size="sm" c={c.missed ? 'red.8' : undefined}>
            Connection at {c.airport}: {c.groundMinutes} min (minimum {c.minimumMinutes} min)
            {c.missed ? ' · missed connection' : ' · OK'}
          </Text>
        ))}
        {d.missedConnection && open && (
          <Alert color="red" variant="light" title="Missed connection">
            With the new times a connection is shorter than the minimum connection time.
          </Alert>
        )}
        {d.status === 'cancelled' && d.refundedAmount !== null && (
          <Text size="sm">Refunded {formatMoney(d.refundedAmount)} to the wallet.</Text>
        )}
        {d.alternatives.length > 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {open ? 'Alternative offered by the airline' : 'Alternative that was offered'}
            </Text>
            {d.alternatives.map((a) => (
              <Group key={a.alternativeId} justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  {flightsOf(a.segments).map((f) => (
                    <Text key={f.key} size="sm">
                      {f.flight} {f.route} · {f.times}
                    </Text>
                  ))}
                </Stack>
                {open && (
                  <Button
                    size="xs"
                    variant="light"
                    disabled={busy}
                    loading={rebooking.busy}
                    onClick={() =>
                      void rebooking.run({ ...ref, action: 'alternative', alternativeId: a.alternativeId })
                    }
                  >
                    Take this flight
                  </Button>
                )}
                {d.chosenAlternativeId === a.alternativeId && <Badge variant="light">Chosen</Badge>}
              </Group>
            ))}
          </Stack>
        )}
        {open && (
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              disabled={busy}
              loading={accepting.busy}
              onClick={() => void accepting.run({ ...ref, action: 'accept' })}
            >
              Accept new schedule
            </Button>
            {d.canCancel && (
              <Button size="xs" color="red" variant="subtle" disabled={busy} onClick={() => setConfirmCancel(true)}>
                Cancel for a full refund
              </Button>
            )}
          </Group>
        )}
        {d.handledBy && (
          <Text size="xs" c="dimmed">
            Handled by {d.handledBy}
            {d.handledAt ? ` on ${formatDateTime(d.handledAt)}` : ''}
          </Text>
        )}
      </Stack>
      {confirmCancel && (
        <Modal opened onClose={() => setConfirmCancel(false)} title={`Cancel PNR ${d.pnr}?`} centered>
          <Stack gap="sm">
            <Text size="sm">
              The booking is cancelled with the airline and everything paid for it is refunded to the wallet. This
              cannot be undone.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirmCancel(false)}>
                Keep booking
              </Button>
              <Button
                color="red"
                loading={cancelling.busy}
                onClick={() => void cancelling.run({ ...ref, action: 'cancel' })}
              >
                Cancel and refund
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  );
}
