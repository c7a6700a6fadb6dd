import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TSeat } from '@tp/contracts/flights';
import { formatFare } from '@tp/domain/flight-filters';

const SEAT_TYPE = { 1: 'window', 2: 'aisle', 3: 'middle' } as Record<number, string>;

export const seatLabel = (s: TSeat) =>
  `${s.code} ${SEAT_TYPE[s.seatType] ?? ''}${s.price > 0 ? ` ₹${formatFare(s.price)}` : ' free'}`.replace(/\s+/g, ' ');

/**
 * A segment's seat map: rows of seats, taken ones disabled. With `onPick` the seats are buttons;
 * `taken` marks seats already chosen for other passengers of this booking.
 */
export function SeatMap({
  rows,
  selected,
  taken = [],
  onPick,
  label,
}: {
  rows: TSeat[][];
  selected?: string | undefined;
  taken?: string[];
  onPick?: (seat: TSeat | null) => void;
  label: string;
}) {
  return (
    <Stack gap={2} role="group" aria-label={label} style={{ overflowX: 'auto' }}>
      {rows.map((row, r) => (
        <Group key={r} gap={2} wrap="nowrap">
          <Text size="xs" w={20} c="dimmed">
            {row[0]?.rowNo}
          </Text>
          {row.map((seat) => {
            const mine = selected === seat.code;
            const unavailable = !seat.available || (taken.includes(seat.code) && !mine);
            return (
              <UnstyledButton
                key={seat.code}
                disabled={unavailable || !onPick}
                onClick={() => onPick?.(mine ? null : seat)}
                aria-label={`Seat ${seatLabel(seat)}${unavailable ? ' (taken)' : ''}`}
                aria-pressed={mine}
                style={{
                  width: 30,
                  height: 26,
                  fontSize: 10,
                  textAlign: 'center',
                  borderRadius: 4,
                  border: '1px solid var(--mantine-color-gray-4)',
                  background: mine
                    ? 'var(--mantine-primary-color-filled)'
                    : unavailable
                      ? 'var(--mantine-color-gray-3)'
                      : seat.price > 0
                        ? 'var(--mantine-color-yellow-1)'
                        : 'var(--mantine-color-green-1)',
                  color: mine ? 'white' : undefined,
                  cursor: unavailable || !onPick ? 'default' : 'pointer',
                }}
              >
                {seat.seatNo}
              </UnstyledButton>
            );
          })}
        </Group>
      ))}
    </Stack>
  );
}
