import { Group, Stack, Text } from '@mantine/core';
import type { TFdFlight } from '@tp/contracts/endpoints/fixed-departures';
import { formatDateTime } from '#shared/format.ts';

const duration = (m: number) => `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;

/** A departure's flights, one line each: carrier and number, airports with local times, flying time and bags. */
export function FlightLines({ flights }: { flights: TFdFlight[] }) {
  return (
    <Stack gap={6}>
      {flights.map((f) => (
        <Group key={`${f.airlineCode}${f.flightNumber}${f.departureTime}`} gap="md" wrap="wrap" align="baseline">
          <Text fw={600} size="sm" miw={90}>
            {f.airlineCode} {f.flightNumber}
          </Text>
          <Text size="sm">
            {f.originCity} ({f.origin}) {formatDateTime(f.departureTime)} → {f.destinationCity} ({f.destination}){' '}
            {formatDateTime(f.arrivalTime)}
          </Text>
          <Text size="sm" c="dimmed">
            {duration(f.durationMinutes)}
            {f.baggage ? ` · ${f.baggage} check-in` : ''}
            {f.cabinBaggage ? ` · ${f.cabinBaggage} cabin` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export const routeLabel = (flights: TFdFlight[]): string =>
  flights.length ? [flights[0]!.originCity, ...flights.map((f) => f.destinationCity)].join(' → ') : '';
