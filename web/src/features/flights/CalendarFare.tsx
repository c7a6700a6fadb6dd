import { useMemo, useState } from 'react';
import { Alert, Box, Button, Loader, Modal, Select, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { getCalendarFare } from '@tp/contracts/endpoints/flights';
import { formatDate, formatMoney, formatMoneyCompact } from '#shared/format.ts';
import { useApi } from '#api/hooks.ts';
import { calendarMonths, localDate } from './search-form.ts';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The fare calendar (spec 000 §2 "Calendar fare result"): a month of days with the lowest one-way
 * fare on each, for the route in the form; picking a day sets the departure date.
 */
export function CalendarFare({
  opened,
  onClose,
  origin,
  destination,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  origin: string;
  destination: string;
  onPick: (date: string) => void;
}) {
  const months = useMemo(() => calendarMonths(), []);
  const [month, setMonth] = useState(months[0]!.value);
  const { data, error, isLoading } = useApi(getCalendarFare, opened ? { origin, destination, month } : null);
  const byDate = useMemo(() => new Map((data ?? []).map((d) => [d.date.slice(0, 10), d])), [data]);
  const today = localDate();
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(y, m, 0).getDate();
  const lead = (new Date(y, m - 1, 1).getDay() + 6) % 7; // Monday first

  return (
    <Modal opened={opened} onClose={onClose} title={`Fare calendar ${origin} → ${destination}`} size="lg">
      <Stack>
        <Select label="Month" data={months} value={month} onChange={(v) => v && setMonth(v)} allowDeselect={false} />
        {isLoading && <Loader size="sm" aria-label="Loading fares" />}
        {error && !isLoading && <Alert color="red">Could not load the fare calendar.</Alert>}
        <SimpleGrid cols={7} spacing={4} role="grid" aria-label="Lowest fare per day">
          {WEEKDAYS.map((d) => (
            <Text key={d} size="xs" c="dimmed" ta="center">
              {d}
            </Text>
          ))}
          {Array.from({ length: lead }, (_, i) => (
            <Box key={`pad${i}`} />
          ))}
          {Array.from({ length: days }, (_, i) => {
            const date = `${month}-${String(i + 1).padStart(2, '0')}`;
            const fare = byDate.get(date);
            const past = date < today;
            return (
              <UnstyledButton
                key={date}
                disabled={past}
                onClick={() => {
                  onPick(date);
                  onClose();
                }}
                aria-label={`${formatDate(date)}${fare ? `, from ${formatMoney(fare.fare)}` : ''}`}
                style={{
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 4,
                  padding: 4,
                  textAlign: 'center',
                  opacity: past ? 0.4 : 1,
                  background: fare?.isLowestFareOfMonth ? 'var(--mantine-color-green-0)' : undefined,
                }}
              >
                <Text size="sm" fw={600}>
                  {i + 1}
                </Text>
                <Text size="xs" c={fare?.isLowestFareOfMonth ? 'green' : 'dimmed'}>
                  {fare ? formatMoneyCompact(fare.fare) : '–'}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
