import { Button, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { SORT_OPTIONS, type FilterForm } from './filters.ts';

/** The booking-list filter (spec 000 §2): sort, toggles, PNR or ticket, airline, passenger, date ranges. */
export function TicketFilters({
  value,
  onChange,
  onApply,
  onClear,
}: {
  value: FilterForm;
  onChange: (next: FilterForm) => void;
  onApply: () => void;
  onClear: () => void;
}) {
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
          data={SORT_OPTIONS}
          value={value.sort}
          allowDeselect={false}
          onChange={(v) => v && set('sort', v as FilterForm['sort'])}
        />
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
