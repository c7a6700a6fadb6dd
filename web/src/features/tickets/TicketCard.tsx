import { lazy, Suspense, useState } from 'react';
import { Anchor, Badge, Button, Collapse, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BOOKING_STATUS, PAX_CODE } from '@tp/contracts/endpoints/flights';
import { getCRStatus, releaseFlight, routeText, type TTicketView } from '@tp/contracts/endpoints/tickets';
import { useAction } from '#api/action.ts';
import { eTicketPath, flightPaths } from '#features/flights/index.ts';
import { formatDateTime, formatMoney, statusLabel } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';
import { TestInventoryBadge } from '#shared/TestInventoryBadge.tsx';
import { useUser } from '#lib/state.ts';
import { usePermission } from '#shared/usePermission.ts';
import { ChangeRequestActions } from './ChangeRequestActions.tsx';
import { HoldCountdown } from './HoldCountdown.tsx';

// Opened from one card at a time: their code (the fare summary, the change request form) loads then, not
// with the queue (issue #35 §4).
const ChangeRequestDialog = lazy(() =>
  import('./ChangeRequestDialog.tsx').then((m) => ({ default: m.ChangeRequestDialog })),
);
const TicketHoldDialog = lazy(() => import('./TicketHoldDialog.tsx').then((m) => ({ default: m.TicketHoldDialog })));

const USER_TYPE_LABELS: Record<string, string> = {
  retail: 'Retail',
  travelAgent: 'Agent',
  corporate: 'Corporate',
  staff: 'Staff',
};

const CHANGEABLE = new Set<number>([
  BOOKING_STATUS.ticketed,
  BOOKING_STATUS.partiallyCancelled,
  BOOKING_STATUS.reissued,
]);

/** One booking in a queue: summary, e-ticket links, creator; Open shows flight info, fare rules, passengers and actions. */
export function TicketCard({
  ticket: t,
  onSelectUser,
  onChanged,
}: {
  ticket: TTicketView;
  onSelectUser: (userId: string, email: string) => void;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState(false);
  // The details mount when first opened (a queue page is twenty cards, rarely opened), then stay for the
  // collapse to animate.
  const [opened, setOpened] = useState(false);
  const [crOpen, setCrOpen] = useState(false);
  const [ticketNowOpen, setTicketNowOpen] = useState(false);
  const [releaseOpen, setReleaseOpen] = useState(false);
  // The back office's change-request steps: staff holding the permission (customers never).
  const mayProcess = usePermission('flights.processChangeRequests');
  const canProcess = useUser()?.userType === 'staff' && mayProcess;
  const first = t.segments[0]?.[0];
  const held = t.statusId === BOOKING_STATUS.held;
  const status = useAction(getCRStatus, { success: 'Status refreshed', onSuccess: onChanged });
  const releasing = useAction(releaseFlight, { success: 'Booking released', onSuccess: onChanged });
  const busy = status.busy || releasing.busy;
  const refresh = () => status.run({ ChangeRequestId: t.ticketCRInfo[0]!.changeRequestId, BookingId: t.bookingId });
  const release = () => {
    setReleaseOpen(false);
    return releasing.run({ BookingId: t.bookingId, Source: t.source });
  };

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Booking ${t.pnr}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700}>PNR {t.pnr}</Text>
            <Text c="dimmed" size="sm">
              #{t.bookingId}
            </Text>
            <StatusBadge status={t.displayStatus} />
            <TestInventoryBadge of={t} />
          </Group>
          {/* Nothing is charged for a hold: its held fare is what Ticket now will charge. */}
          <Text fw={600}>
            {held
              ? `Held amount ${formatMoney(t.fare.totalPayableAmt, t.fare.currency)}`
              : formatMoney(t.accounting.amountCharged, t.accounting.currency)}
          </Text>
        </Group>
        <Text size="sm">
          {t.airlineName} · {routeText(t.segments)} · {formatDateTime(first?.departureTime)} · {t.passengers.length}{' '}
          passenger{t.passengers.length === 1 ? '' : 's'}
        </Text>
        {held && t.lastTicketDate && <HoldCountdown lastTicketDate={t.lastTicketDate} />}
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            Booked {formatDateTime(t.createdAt)} by
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => onSelectUser(t.user.userId, t.user.email)}>
            {t.user.email}
          </Anchor>
          <Badge
            size="sm"
            variant={t.user.userType === 'retail' ? 'filled' : 'outline'}
            color={t.user.userType === 'retail' ? 'grape' : 'gray'}
          >
            {USER_TYPE_LABELS[t.user.userType] ?? t.user.userType}
          </Badge>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={eTicketPath(t.slug)} size="sm">
            Full e-ticket
          </Anchor>
          {t.passengers.map((p) => (
            <Anchor key={p.paxIndex} component={Link} to={eTicketPath(t.slug, p.paxIndex)} size="sm">
              Ticket of {p.firstName} {p.lastName}
            </Anchor>
          ))}
          {t.tripId && (
            <Anchor component={Link} to={flightPaths.trip(t.tripId)} size="sm">
              Return trip ({t.leg === 2 ? 'return' : 'onward'} flight)
            </Anchor>
          )}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              setOpened(true);
              setOpen((o) => !o);
            }}
            aria-expanded={open}
          >
            {open ? 'Close' : 'Open'}
          </Button>
          {held && (
            <Button size="xs" onClick={() => setTicketNowOpen(true)} disabled={busy}>
              Ticket now
            </Button>
          )}
          {held && (
            <Button size="xs" color="red" variant="light" loading={busy} onClick={() => setReleaseOpen(true)}>
              Release
            </Button>
          )}
          {CHANGEABLE.has(t.statusId) && (
            <Button size="xs" color="red" variant="light" onClick={() => setCrOpen(true)}>
              Cancel Seats
            </Button>
          )}
          {t.statusId === BOOKING_STATUS.changeRequested && t.ticketCRInfo.length > 0 && (
            <Button size="xs" variant="default" loading={busy} onClick={refresh}>
              Refresh Status
            </Button>
          )}
        </Group>
        {canProcess && <ChangeRequestActions ticket={t} onChanged={onChanged} />}
        <Collapse expanded={open}>{opened && <TicketDetails ticket={t} />}</Collapse>
      </Stack>
      <Suspense fallback={null}>
        {ticketNowOpen && (
          <TicketHoldDialog
            ticket={t}
            onClose={() => setTicketNowOpen(false)}
            onTicketed={() => {
              setTicketNowOpen(false);
              onChanged();
            }}
          />
        )}
        {releaseOpen && (
          <Modal opened onClose={() => setReleaseOpen(false)} title={`Release PNR ${t.pnr}?`} centered>
            <Stack gap="sm">
              <Text size="sm">
                The held seats go back to the airline and the fare is no longer kept for you. This cannot be undone.
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setReleaseOpen(false)} data-autofocus>
                  Keep the hold
                </Button>
                <Button color="red" onClick={() => void release()}>
                  Release booking
                </Button>
              </Group>
            </Stack>
          </Modal>
        )}
        {crOpen && (
          <ChangeRequestDialog
            ticket={t}
            onClose={() => setCrOpen(false)}
            onSent={() => {
              setCrOpen(false);
              onChanged();
            }}
          />
        )}
      </Suspense>
    </Paper>
  );
}

function TicketDetails({ ticket: t }: { ticket: TTicketView }) {
  const crOf = (ticketId: string | undefined) =>
    t.ticketCRInfo.filter((c) => c.ticketId === ticketId || c.ticketId === null);
  return (
    <Stack gap="sm" pt="sm">
      <Text fw={600}>Flight info</Text>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Flight</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Baggage</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {t.segments.flat().map((s, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {s.airlineCode} {s.flightNumber} ({s.fareClass})
                </Table.Td>
                <Table.Td>
                  {s.originCityName} ({s.originAirportCode}) {formatDateTime(s.departureTime)}
                </Table.Td>
                <Table.Td>
                  {s.destinationCityName} ({s.destinationAirportCode}) {formatDateTime(s.arrivalTime)}
                </Table.Td>
                <Table.Td>{s.baggage}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text fw={600}>Fare rules</Text>
      {t.fareRules.length ? (
        t.fareRules.map((r, i) => (
          <Text key={i} size="sm">
            {r.origin}–{r.destination} ({r.airline}): {r.fareRuleDetail}
          </Text>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          No fare rules from the airline.
        </Text>
      )}
      <Text fw={600}>Passengers</Text>
      {t.passengers.map((p) => (
        <Group key={p.paxIndex} gap="xs" wrap="wrap">
          <Text size="sm">
            {p.title} {p.firstName} {p.lastName} ({PAX_CODE[p.paxType as 1 | 2 | 3]})
          </Text>
          <Text size="sm" c="dimmed">
            {p.ticket ? `Ticket ${p.ticket.ticketNumber}` : 'Not ticketed'}
          </Text>
          {crOf(p.ticket?.ticketId).map((c) => (
            <Badge key={c.changeRequestId} size="sm" variant="light">
              {c.changeRequestId}: {statusLabel(c.status)}
            </Badge>
          ))}
        </Group>
      ))}
    </Stack>
  );
}
