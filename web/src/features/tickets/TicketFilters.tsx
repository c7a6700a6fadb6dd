import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { TicketQueue } from '@tp/contracts/tickets';
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
  const text = (k: keyof FilterForm, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={value[k] as string}
      onChange={(e) => set(k, e.currentTarget.value as never)}
    />
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
        <Group grow gap="xs">
          {text('bookingFrom', 'Booked from', 'date')}
          {text('bookingTo', 'Booked to', 'date')}
        </Group>
        <Group grow gap="xs">
          {text('travelFrom', 'Travel from', 'date')}
          {text('travelTo', 'Travel to', 'date')}
        </Group>
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
