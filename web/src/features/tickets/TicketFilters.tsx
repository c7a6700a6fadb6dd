import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { TicketQueue } from '@tp/contracts/endpoints/tickets';
import { DateField, FIELD_MIN_WIDTH } from '#shared/DateField.tsx';
import { LAST_TICKETING_SORT, SORT_OPTIONS, STATUS_OPTIONS, type FilterForm } from './filters.ts';

/** The booking-list filter (spec 000 §2): sort, toggles, PNR or ticket, airline, passenger, date ranges. */
export function TicketFilters({
  queue,
  value,
  onChange,
  onApply,
  onClear,
}: {
  queue: TicketQueue;
  value: FilterForm;
  onChange: (next: FilterForm) => void;
  onApply: () => void;
  onClear: () => void;
}) {
  // Held bookings (the hold queue, or the Held filter) can also be sorted by their last ticketing time.
  const heldOnly = queue === 'holds' || value.status === 'held';
  const set = <K extends keyof FilterForm>(k: K, v: FilterForm[K]) => onChange({ ...value, [k]: v });
  type TextKey = 'pnrOrTicket' | 'airlineCode' | 'passenger';
  type DateKey = 'bookingFrom' | 'bookingTo' | 'travelFrom' | 'travelTo';
  const text = (k: TextKey, label: string) => (
    <TextInput label={label} value={value[k]} onChange={(e) => set(k, e.currentTarget.value)} />
  );
  // A range's end cannot be typed or picked before its start, nor its start after its end.
  const date = (k: DateKey, label: string, limits: { minDate?: string; maxDate?: string }) => (
    <DateField label={label} clearable value={value[k]} onChange={(v) => set(k, v)} {...limits} />
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
      aria-label="Filter tickets"
    >
      <Stack gap="sm">
        <Select
          label="Sort by"
          data={heldOnly ? [LAST_TICKETING_SORT, ...SORT_OPTIONS] : SORT_OPTIONS}
          value={value.sort}
          allowDeselect={false}
          onChange={(v) => v && set('sort', v as FilterForm['sort'])}
        />
        {queue === 'tickets' && (
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={value.status}
            allowDeselect={false}
            onChange={(v) => {
              const status = (v ?? '') as FilterForm['status'];
              // Held first shows the most urgent; LT means nothing once holds are not the list.
              const sort = status === 'held' ? 'LT' : value.sort === 'LT' ? 'BD' : value.sort;
              onChange({ ...value, status, sort });
            }}
          />
        )}
        <Group gap="md">
          <Switch
            label="Domestic"
            checked={value.domestic}
            onChange={(e) => set('domestic', e.currentTarget.checked)}
          />
          <Switch
            label="International"
            checked={value.international}
            onChange={(e) => set('international', e.currentTarget.checked)}
          />
        </Group>
        {text('pnrOrTicket', 'PNR or ticket number')}
        {text('airlineCode', 'Airline code')}
        {text('passenger', 'Passenger')}
        {/* Side by side where two dates fit, else one under the other: never truncated. */}
        <SimpleGrid minColWidth={FIELD_MIN_WIDTH} spacing="xs" verticalSpacing="sm">
          {date('bookingFrom', 'Booked from', { maxDate: value.bookingTo })}
          {date('bookingTo', 'Booked to', { minDate: value.bookingFrom })}
        </SimpleGrid>
        <SimpleGrid minColWidth={FIELD_MIN_WIDTH} spacing="xs" verticalSpacing="sm">
          {date('travelFrom', 'Travel from', { maxDate: value.travelTo })}
          {date('travelTo', 'Travel to', { minDate: value.travelFrom })}
        </SimpleGrid>
        <Group gap="xs">
          <Button type="submit">Apply</Button>
          <Button variant="default" onClick={onClear}>
            Clear Filters
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
