import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ResponseOf } from '@tp/contracts/endpoint';
import { getFlightTrip } from '@tp/contracts/endpoints/flights';
import type { TBooking } from '@tp/contracts/endpoints/flights';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { formatDate, formatDateTime } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';
import { SegmentView } from './components/SegmentView.tsx';
import { eTicketOf, flightPaths } from './paths.ts';
import { searchToQuery } from './search-query.ts';
import { bookingStore } from './state.ts';

/**
 * `/flight/trip/:tripId` (ours, under the `/flight/*` route): a return trip's two legs
 * together, each with its PNR, status, flights, e-ticket and booking. While the return leg is not booked,
 * "Book return flight" runs the second leg's search the server keeps for the trip (so it works in any
 * browser) and carries the first leg's passengers over to the passenger form.
 */
export default function TripPage() {
  const { tripId = '' } = useParams();
  const { data, error, mutate } = useApi(getFlightTrip, tripId ? { tripId } : null);
  return (
    <AsyncContent data={data} error={error} onRetry={() => void mutate()} loadingLabel="Loading trip">
      {(trip) => <Trip data={trip} />}
    </AsyncContent>
  );
}

type TFlightTrip = ResponseOf<typeof getFlightTrip>;

function Trip({ data }: { data: TFlightTrip }) {
  const navigate = useNavigate();
  const [out] = data.request.segments;
  const bookReturn = () => {
    bookingStore.set({ searchId: '', resultIndex: '', query: '', tripId: data.tripId, passengers: data.passengers });
    navigate(flightPaths.results('new', searchToQuery(data.returnSearch)));
  };

  return (
    <Container size="lg" py="md">
      <Title order={2} mb={4}>
        Trip {out?.origin} ⇄ {out?.destination}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {data.legs.map((b) => `PNR ${b.pnr}`).join(' · ')}
      </Text>
      <Stack>
        {data.legs.map((b) => (
          <Leg key={b.bookingId} booking={b} />
        ))}
        {data.canBookReturn && (
          <Alert color="blue" title="Return flight not booked yet">
            <Group justify="space-between">
              <Text size="sm">
                {data.returnSearch.segments[0]?.origin} → {data.returnSearch.segments[0]?.destination} on{' '}
                {formatDate(data.returnSearch.segments[0]?.preferredDepartureTime)}
              </Text>
              <Button onClick={bookReturn}>Book return flight</Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

function Leg({ booking: b }: { booking: TBooking }) {
  const label = b.leg === 2 ? 'Return flight' : 'Onward flight';
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <div>
          <Title order={3} size="h4">
            {label} · PNR {b.pnr}
          </Title>
          <Text size="sm" c="dimmed">
            Booking id {b.bookingId} · booked {formatDateTime(b.createdAt)}
          </Text>
        </div>
        <StatusBadge status={b.supplierChangeReqStatus?.statusText || b.status} />
      </Group>
      <SegmentView trips={b.segments} />
      <Group mt="sm" gap="md">
        <Anchor component={Link} to={eTicketOf(b)} size="sm">
          E-ticket
        </Anchor>
        <Anchor component={Link} to={flightPaths.bookingDetails(b.searchId, b.bookingId)} size="sm">
          Booking details
        </Anchor>
      </Group>
    </Paper>
  );
}
