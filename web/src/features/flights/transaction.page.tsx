import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { BOOKING_STATUS, getBookingDetails, type TBooking, type TPaymentOrder } from '@tp/contracts/endpoints/flights';
import { sendEmailForWl } from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import { useApi } from '#api/hooks.ts';
import { useAction } from '#api/action.ts';
import { formatDateTime, formatMoney } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';
import { TestInventoryBadge } from '#shared/TestInventoryBadge.tsx';
import { usePersisted } from '#lib/storage.ts';
import { useUser } from '#lib/state.ts';
import { PassengerView } from './components/PassengerView.tsx';
import { SegmentView } from './components/SegmentView.tsx';
import { OrderCountdown } from './OrderCountdown.tsx';
import { eTicketOf, flightPaths } from './paths.ts';
import { paymentStore } from './state.ts';
import { TryAgainButton } from './TryAgain.tsx';

const ORDER_COLOR: Record<TPaymentOrder['status'], string> = {
  created: 'yellow',
  paid: 'blue',
  booking: 'blue',
  booked: 'green',
  failed: 'red',
  refunded: 'gray',
  expired: 'gray',
};
const IN_PROGRESS = new Set<TPaymentOrder['status']>(['paid', 'booking']);
const FAILED = new Set<TPaymentOrder['status']>(['failed', 'refunded', 'expired']);
const paymentPath = (orderId: string) => `/user/payments/${encodeURIComponent(orderId)}`;

/**
 * `/flight/transaction/:orderId` — where a paid booking lands (the booking-confirmed screen, docs/decisions.md):
 * PNR, booking id, status, flights, passengers and the amount charged as the booking records it, with the
 * e-ticket, print and email. A failed payment offers "Try again" (a new order, same passengers) and
 * "View payment"; an unpaid order (read from this browser's last order) its countdown.
 */
export default function TransactionPage() {
  const { orderId = '' } = useParams();
  const stored = usePersisted(paymentStore);
  const { data, error, isLoading } = useApi(
    getBookingDetails,
    { orderId },
    {
      call: { handling: 'navigation' },
      // A paid order is being booked by the worker: look again until it is done.
      refreshInterval: (d) => (d?.order && IN_PROGRESS.has(d.order.status) ? 3000 : 0),
    },
  );
  const order: TPaymentOrder | null = data?.order ?? (stored?.orderId === orderId ? stored : null);

  if (isLoading && !order)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Loading payment" />
      </Stack>
    );
  if (!order)
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" title="Payment not found" role="alert">
          {error ? 'This payment order does not exist or is not yours.' : ''}
        </Alert>
      </Container>
    );
  if (data?.booking && order.status === 'booked') return <Confirmed booking={data.booking} order={order} />;
  return <PaymentState order={order} />;
}

function Confirmed({ booking: b, order }: { booking: TBooking; order: TPaymentOrder }) {
  const user = useUser();
  const held = b.statusId === BOOKING_STATUS.held;
  const mail = useAction(sendEmailForWl, { success: MSG.emailSent });
  const mailing = mail.busy;
  const email = () => mail.run({ to: b.user.email, bookingId: b.bookingId, pnr: b.pnr, subject: `E-ticket ${b.pnr}` });
  const ticketed = !held && b.statusId !== BOOKING_STATUS.failed;
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color={held ? 'orange' : 'teal'} size={44} radius="xl" aria-hidden>
            ✓
          </ThemeIcon>
          <div>
            <Group gap="sm" wrap="wrap">
              <Title order={1} size="h2">
                {held ? 'Booking held' : 'Booking confirmed'}
              </Title>
              <TestInventoryBadge of={b} />
            </Group>
            <Text size="sm" c="dimmed">
              {held && b.lastTicketDate
                ? `Ticket it from the Air Ticket Queue by ${formatDateTime(b.lastTicketDate)}, or the hold is released.`
                : `The e-ticket is on its way to ${b.user.email}.`}
            </Text>
          </div>
        </Group>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
            <Fact label="PNR" value={b.pnr} strong />
            <Fact label="Booking id" value={b.bookingId} />
            <div>
              <Text size="xs" c="dimmed">
                Status
              </Text>
              <StatusBadge status={b.supplierChangeReqStatus?.statusText || b.status} />
            </div>
            {/* What the booking records as charged (a hold charges nothing until it is ticketed). */}
            <Fact
              label={held ? 'Amount paid (held, not charged yet)' : 'Amount paid'}
              value={formatMoney(b.accounting.amountCharged, b.accounting.currency)}
              strong
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" mt="sm">
            {/* A wallet payment's id is our ledger entry: only the gateway's transaction id means something to the payer. */}
            {order.paymentMode === 'wallet'
              ? 'Paid from the wallet'
              : `Paid on the payment gateway${order.transactionId ? ` · transaction ${order.transactionId}` : ''}`}{' '}
            · booked {formatDateTime(b.createdAt)}
          </Text>
        </Paper>
        {ticketed && (
          <Group gap="xs">
            <Button component={Link} to={eTicketOf(b)}>
              View e-ticket
            </Button>
            <Button component={Link} to={eTicketOf(b, { print: true })} target="_blank" variant="default">
              Print
            </Button>
            <Button variant="default" loading={mailing} onClick={() => void email()}>
              Email e-ticket
            </Button>
          </Group>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Flights
          </Title>
          <SegmentView trips={b.segments} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            Passengers
          </Title>
          <PassengerView passengers={b.passengers} currency={b.fare.currency} showFare={user?.userType === 'staff'} />
        </Paper>
        <Group gap="xs">
          <Button component={Link} to={flightPaths.ticketQueue()} variant="default">
            Air Ticket Queue
          </Button>
          <Button component={Link} to={paymentPath(order.orderId)} variant="subtle">
            View payment
          </Button>
          <Button component={Link} to={flightPaths.search()} variant="subtle">
            Book another flight
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** An order that did not (or not yet) end in a booking. */
function PaymentState({ order }: { order: TPaymentOrder }) {
  const failed = FAILED.has(order.status);
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={1} size="h3">
              {failed ? 'Payment not completed' : 'Payment'}
            </Title>
            <StatusBadge status={order.status} context="order" variant="filled" color={ORDER_COLOR[order.status]} />
          </Group>
          <Text>
            Order {order.orderId} · {formatMoney(order.amount, order.currency)}
          </Text>
          <Text size="sm">
            {order.segments
              .map(
                (s) =>
                  `${s.airlineCode}-${s.flightNumber} ${s.origin} → ${s.destination}, ${formatDateTime(s.departureTime)}`,
              )
              .join('; ')}
          </Text>
          {order.failureReason && (
            <Text size="sm" c="red.9" role="alert">
              {order.failureReason}
            </Text>
          )}
          {order.status === 'refunded' && <Text size="sm">What was paid has been credited to your wallet.</Text>}
          {IN_PROGRESS.has(order.status) && (
            <Text size="sm" role="status">
              Payment received. Your booking is being made; this page shows it once it is done.
            </Text>
          )}
          {order.status === 'created' && <OrderCountdown expiresAt={order.expiresAt} />}
          <Group gap="xs">
            {failed && <TryAgainButton orderId={order.orderId} />}
            <Button component={Link} to={paymentPath(order.orderId)} variant="default">
              View payment
            </Button>
            <Anchor component={Link} to={flightPaths.search()} size="sm">
              Search flights
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
