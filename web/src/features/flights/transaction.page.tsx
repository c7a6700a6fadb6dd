import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { getBookingDetails } from '@tp/contracts/endpoints/flights';
import type { TPaymentOrder } from '@tp/contracts/flights';
import { formatFare } from '@tp/domain/flight-filters';
import { useApi } from '#api/hooks.ts';
import { formatDateTime } from '#shared/format.ts';
import { usePersisted } from '#shared/storage.ts';
import { OrderCountdown } from './OrderCountdown.tsx';
import { flightPaths } from './paths.ts';
import { paymentStore } from './state.ts';

const STATUS_COLOR: Record<string, string> = {
  created: 'yellow',
  paid: 'blue',
  booking: 'blue',
  booked: 'green',
  failed: 'red',
  refunded: 'gray',
  expired: 'gray',
};

/**
 * `/flight/transaction/:orderId` — a payment order: state, amount, and links to its bookings. A paid
 * order is read from the server (through its booking); an unpaid one from this browser's last order.
 */
export default function TransactionPage() {
  const { orderId = '' } = useParams();
  const stored = usePersisted(paymentStore);
  const { data, error, isLoading } = useApi(getBookingDetails, { orderId }, { call: { handling: 'navigation' } });
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
  const searchId = data?.booking.searchId;
  return (
    <Container size="md" py="md">
      <Title order={2} mb="md">
        Transaction
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between">
            <Text fw={600}>Order {order.orderId}</Text>
            <Badge color={STATUS_COLOR[order.status]}>{order.status}</Badge>
          </Group>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Amount</Table.Th>
                <Table.Td>
                  {order.currency === 'INR' ? '₹' : `${order.currency} `}
                  {formatFare(order.amount)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Paid with</Table.Th>
                <Table.Td>{order.paymentMode === 'wallet' ? 'Wallet' : 'Payment gateway'}</Table.Td>
              </Table.Tr>
              {order.transactionId && (
                <Table.Tr>
                  <Table.Th>Transaction id</Table.Th>
                  <Table.Td>{order.transactionId}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>Flights</Table.Th>
                <Table.Td>
                  {order.segments
                    .map(
                      (s) =>
                        `${s.airlineCode}-${s.flightNumber} ${s.origin}→${s.destination} ${formatDateTime(s.departureTime)}`,
                    )
                    .join('; ')}
                </Table.Td>
              </Table.Tr>
              {order.failureReason && (
                <Table.Tr>
                  <Table.Th>Reason</Table.Th>
                  <Table.Td>{order.failureReason}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {order.status === 'created' && <OrderCountdown expiresAt={order.expiresAt} />}
          {order.bookingIds.length > 0 && (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                Bookings
              </Text>
              {order.bookingIds.map((id) => (
                <Anchor key={id} component={Link} to={flightPaths.bookingDetails(searchId ?? '-', id)}>
                  {id}
                </Anchor>
              ))}
            </Stack>
          )}
          <Group>
            <Button component={Link} to={flightPaths.ticketQueue()} variant="default">
              Air Ticket Queue
            </Button>
            <Button component={Link} to={flightPaths.search()} variant="subtle">
              Book a Flight
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
