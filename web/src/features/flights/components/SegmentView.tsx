import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TSegment } from '@tp/contracts/endpoints/flights';
import { clockOf, formatDuration } from '@tp/domain/flight-filters';
import { formatDate } from '#shared/format.ts';

/** One flight of a trip: carrier, times, airports with terminals, duration, baggage. */
function SegmentRow({ s }: { s: TSegment }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text fw={600} size="sm">
          {s.airlineName} {s.airlineCode}-{s.flightNumber}
        </Text>
        <Text size="xs" c="dimmed">
          Class {s.fareClass}
          {s.operatingCarrier && s.operatingCarrier !== s.airlineCode ? ` · operated by ${s.operatingCarrier}` : ''}
          {s.craft ? ` · ${s.craft}` : ''}
        </Text>
        {s.airlinePnr && <Badge variant="light">PNR {s.airlinePnr}</Badge>}
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={700}>
            {clockOf(s.departureTime)} {s.originAirportCode}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(s.departureTime)} · {s.originAirportName}
            {s.originTerminal ? `, T${s.originTerminal}` : ''}
          </Text>
        </div>
        <Text size="xs" c="dimmed">
          {formatDuration(s.durationMinutes)}
        </Text>
        <div style={{ textAlign: 'right' }}>
          <Text fw={700}>
            {clockOf(s.arrivalTime)} {s.destinationAirportCode}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(s.arrivalTime)} · {s.destinationAirportName}
            {s.destinationTerminal ? `, T${s.destinationTerminal}` : ''}
          </Text>
        </div>
      </Group>
      <Text size="xs" c="dimmed">
        Check-in {s.segmentAdditionalInfo?.baggage || s.baggage || '—'} · Cabin {s.cabinBaggage || '—'}
        {s.stopPoint ? ` · technical stop at ${s.stopPoint}` : ''}
      </Text>
    </Stack>
  );
}

/** A multi-city trip's heading names its leg; a return's is onward / return. */
const tripLabel = (t: number, legs: boolean) => (legs ? `Leg ${t + 1}` : t === 0 ? 'Onward' : 'Return');

/**
 * The flight segment view (spec 000 §2): each trip of an option or booking with its segments and
 * the layovers between them. Reusable by the ticket screens. `legs`: the trips are the legs of a
 * multi-city search (labelled 1..n); otherwise onward and return.
 */
export function SegmentView({ trips, legs = false }: { trips: TSegment[][]; legs?: boolean }) {
  return (
    <Stack gap="sm">
      {trips.map((trip, t) => (
        <Stack key={t} gap="xs" aria-label={`${tripLabel(t, legs)} flights`} role="group">
          {trips.length > 1 && (
            <Text size="sm" fw={600} c="dimmed">
              {tripLabel(t, legs)}: {trip[0]?.originCityName} → {trip.at(-1)?.destinationCityName}
            </Text>
          )}
          {trip.map((s, i) => (
            <Stack key={`${s.airlineCode}${s.flightNumber}${i}`} gap={4}>
              {i > 0 && s.groundTimeMinutes > 0 && (
                <Badge variant="outline" color="gray" size="sm">
                  Layover {formatDuration(s.groundTimeMinutes)} at {s.originCityName} ({s.originAirportCode})
                </Badge>
              )}
              <SegmentRow s={s} />
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
