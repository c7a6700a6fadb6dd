import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { getBookingDisruptions } from '@tp/contracts/endpoints/disruptions';
import { useApi } from '#api/hooks.ts';
import { DisruptionCard } from '#shared/DisruptionCard.tsx';

/** A booking's schedule changes, on its page; nothing at all for a booking the airline never changed. */
export function BookingDisruptions({ bookingId }: { bookingId: string }) {
  const { data, error, mutate } = useApi(getBookingDisruptions, { bookingId });
  if (error && !data)
    return (
      <Alert color="red" title="Could not load the schedule changes" role="alert">
        <Button mt="sm" size="xs" onClick={() => void mutate()}>
          Try again
        </Button>
      </Alert>
    );
  if (!data) return <Loader size="sm" aria-label="Loading schedule changes" />;
  if (!data.records.length) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Schedule changes">
      <Title order={2} size="h4">
        Schedule changes
      </Title>
      {data.records.map((d) => (
        <DisruptionCard key={d.disruptionId} disruption={d} />
      ))}
    </Stack>
  );
}
