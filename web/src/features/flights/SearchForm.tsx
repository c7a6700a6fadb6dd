import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { maySelectSources } from '@tp/domain/roles';
import { DateField } from '#shared/DateField.tsx';
import { useUser } from '#lib/state.ts';
import { Segmented } from './Segmented.tsx';
import {
  MULTI_STOP_LEGS,
  RETURN_TYPE_OPTIONS,
  emptyLeg,
  localDate,
  toSearchRequest,
  withJourneyType,
} from './search-form.ts';
import { SearchLegFields } from './SearchLegFields.tsx';
import { SearchPartyFields } from './SearchPartyFields.tsx';
import { useFareCalendar } from './useFareCalendar.tsx';
import { useSearchForm, type SearchFormType } from './useSearchForm.ts';

const JOURNEY_OPTIONS = [
  { value: '1', label: 'One Way' },
  { value: '2', label: 'Return' },
  { value: '3', label: 'Multi Stop' },
];
type SearchFormProps = {
  initial?: TSearchRequest | null;
  onSearch: (request: TSearchRequest) => void;
  busy?: boolean;
};

/** One way, return (and its return type) or multi stop. */
function JourneyTypeFields({ form }: { form: SearchFormType }) {
  const v = form.values;
  return (
    <Group justify="space-between" wrap="wrap">
      <Segmented
        aria-label="Journey type"
        data={JOURNEY_OPTIONS}
        value={String(v.journeyType)}
        onChange={(t) => form.setValues(withJourneyType(form.getValues(), Number(t) as 1 | 2 | 3))}
      />
      {v.journeyType === 2 && (
        <NativeSelect
          aria-label="Return type"
          data={RETURN_TYPE_OPTIONS}
          value={String(v.returnType)}
          onChange={(e) => form.setFieldValue('returnType', Number(e.currentTarget.value) as 2 | 3 | 5)}
          w={220}
        />
      )}
    </Group>
  );
}

/** Add flight under a multi-stop trip's legs, with the legs' own error beside it. */
function AddFlight({ form }: { form: SearchFormType }) {
  const v = form.values;
  return (
    <Group>
      <Button
        variant="light"
        disabled={v.legs.length >= MULTI_STOP_LEGS.max}
        onClick={() => form.insertListItem('legs', { ...emptyLeg(), origin: v.legs.at(-1)?.destination ?? null })}
      >
        Add flight
      </Button>
      {form.errors.legs && (
        <Text c="red" size="sm">
          {form.errors.legs}
        </Text>
      )}
    </Group>
  );
}

/** The flight search form (spec 000 §2): journey type, legs, time band, passengers, cabin, sources. */
export function SearchForm({ initial, onSearch, busy }: SearchFormProps) {
  const { form, setCity } = useSearchForm(initial);
  // Choosing supplier sources is for agents and staff (spec 000 §6); a traveller searches them all.
  const withSources = maySelectSources(useUser()?.userType);
  const calendar = useFareCalendar(form);
  const v = form.values;
  const first = v.legs[0]!;

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={form.onSubmit((values) => onSearch(toSearchRequest(withSources ? values : { ...values, sources: [] })))}
    >
      <Stack>
        <JourneyTypeFields form={form} />
        {v.legs.map((_, i) => (
          <SearchLegFields key={i} form={form} index={i} setCity={setCity} />
        ))}
        {v.journeyType === 3 && <AddFlight form={form} />}
        {v.journeyType === 2 && (
          <DateField label="Return date" minDate={first.date || localDate()} {...form.getInputProps('returnDate')} />
        )}
        <SearchPartyFields form={form} withSources={withSources} />
        <Group justify="space-between">
          <Button
            variant="subtle"
            disabled={!first.origin || !first.destination || v.journeyType === 3}
            onClick={calendar.open}
          >
            Fare calendar
          </Button>
          <Button type="submit" loading={busy}>
            Search Flights
          </Button>
        </Group>
      </Stack>
      {calendar.dialog}
    </Paper>
  );
}
