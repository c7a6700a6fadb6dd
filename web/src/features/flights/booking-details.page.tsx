import { Alert, Button, Container, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BOOKING_STATUS, getBookingDetails } from '@tp/contracts/endpoints/flights';
import { useApi } from '#api/hooks.ts';
import { formatDateTime } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';
import { TestInventoryBadge } from '#shared/TestInventoryBadge.tsx';
import { usePersisted } from '#lib/storage.ts';
import { useUser } from '#lib/state.ts';
import { BookingDisruptions } from '#shared/BookingDisruptions.tsx';
import { BookingExtras } from './components/BookingExtras.tsx';
import { FareSummary } from './components/FareSummary.tsx';
import { PassengerView } from './components/PassengerView.tsx';
import { SegmentView } from './components/SegmentView.tsx';
import { flightPaths } from './paths.ts';
import { bookingStore } from './state.ts';

/**
 * `/flight/bookingDetails/:searchId?bookingId=&showReturn=1` — a booking (PNR, flights, passengers,
 * fare). After a normal return's first leg it offers the second, prefilled from the first.
 */
export default function BookingDetailsPage() {
  const { searchId = '' } = useParams();
  const [params] = useSearchParams();
  const bookingId = params.get('bookingId') ?? '';
  const navigate = useNavigate();
  const user = useUser();
  const progress = usePersisted(bookingStore);
  const { data, error, mutate } = useApi(getBookingDetails, bookingId ? { bookingId } : null);

  if (!bookingId)
    return (
      <Alert color="orange" m="md">
        No booking was given.
      </Alert>
    );
  if (error && !data)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Could not load the booking" role="alert">
          <Button mt="sm" onClick={() => void mutate()}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  if (!data)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Loading booking" />
      </Stack>
    );

  const { booking, order } = data;
  const showReturn = params.get('showReturn') === '1' && data.showReturn;
  const bookReturn = () => {
    const inbound = progress?.searchId === searchId ? progress.returnResultIndex : undefined;
    if (progress && inbound) {
      // The second leg keeps the first leg's passengers (prefilled on the passenger screen).
      bookingStore.set({ ...progress, resultIndex: inbound, returnResultIndex: undefined });
      navigate(flightPaths.review(searchId, inbound));
    } else if (progress?.searchId === searchId) navigate(flightPaths.results(searchId, progress.query));
    // Another browser (nothing kept here): the trip page runs the second leg's search the server keeps.
    else if (booking.tripId) navigate(flightPaths.trip(booking.tripId));
    else navigate(flightPaths.search());
  };

  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <div>
          <Group gap="sm" wrap="wrap">
            <Title order={2}>Booking {booking.pnr ? `PNR ${booking.pnr}` : booking.bookingId}</Title>
            <TestInventoryBadge of={booking} />
          </Group>
          <Text size="sm" c="dimmed">
            Booking id {booking.bookingId} · booked {formatDateTime(booking.createdAt)}
          </Text>
        </div>
        <StatusBadge
          size="lg"
          variant="filled"
          status={booking.supplierChangeReqStatus?.statusText || booking.status}
        />
      </Group>
      {showReturn && (
        <Alert color="blue" mb="md" title="Your onward flight is booked">
          <Group justify="space-between">
            <Text size="sm">Book the return flight of this trip now.</Text>
            <Button onClick={bookReturn}>Book return flight</Button>
          </Group>
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <BookingDisruptions bookingId={booking.bookingId} />
            <Paper withBorder p="md">
              <SegmentView trips={booking.segments} />
            </Paper>
            <Paper withBorder p="md">
              <PassengerView
                passengers={booking.passengers}
                currency={booking.fare.currency}
                showFare={user?.userType === 'staff'}
              />
            </Paper>
            {booking.statusId === BOOKING_STATUS.ticketed && <BookingExtras booking={booking} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md">
            <Stack>
              <FareSummary
                fare={booking.fare}
                breakdown={[]}
                showFullBreakdown={user?.userType === 'staff'}
                userType={user?.userType}
              />
              {order && (
                <Button variant="default" onClick={() => navigate(flightPaths.transaction(order.orderId))}>
                  Payment details
                </Button>
              )}
              {booking.tripId && (
                <Button variant="default" onClick={() => navigate(flightPaths.trip(booking.tripId!))}>
                  View trip
                </Button>
              )}
              <Button variant="subtle" onClick={() => navigate(flightPaths.ticketQueue())}>
                Air Ticket Queue
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
