import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { getSources } from '@tp/contracts/endpoints/flights';
import { TIME_BANDS, type TSearchRequest } from '@tp/contracts/flights';
import { useApi } from '#api/hooks.ts';
import { CalendarFare } from './CalendarFare.tsx';
import { CityField } from './CityField.tsx';
import {
  CABIN_OPTIONS,
  MULTI_STOP_LEGS,
  RETURN_TYPE_OPTIONS,
  emptyLeg,
  initialSearchValues,
  localDate,
  toSearchRequest,
  validateSearch,
  withJourneyType,
  type SearchFormValues,
} from './search-form.ts';

const JOURNEY_OPTIONS = [
  { value: '1', label: 'One Way' },
  { value: '2', label: 'Return' },
  { value: '3', label: 'Multi Stop' },
];
const TIME_OPTIONS = TIME_BANDS.map((b) => ({ value: b.time, label: b.label }));

/** The flight search form (spec 000 §2): journey type, legs, time band, passengers, cabin, sources. */
export function SearchForm({
  initial,
  onSearch,
  busy,
}: {
  initial?: TSearchRequest | null;
  onSearch: (request: TSearchRequest) => void;
  busy?: boolean;
}) {
  const form = useForm<SearchFormValues>({
    initialValues: initialSearchValues(initial),
    validate: (v) => validateSearch(v, localDate()),
  });
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Sources are optional: when the call fails the field is simply not offered.
  const sources = useApi(getSources, {}, { call: { handling: 'none' } }).data;
  const v = form.values;
  const first = v.legs[0]!;
  const today = localDate();

  return (
    <Paper withBorder p="md" component="form" onSubmit={form.onSubmit((values) => onSearch(toSearchRequest(values)))}>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <SegmentedControl
            aria-label="Journey type"
            data={JOURNEY_OPTIONS}
            value={String(v.journeyType)}
            onChange={(t) => form.setValues(withJourneyType(form.getValues(), Number(t) as 1 | 2 | 3))}
          />
          {v.journeyType === 2 && (
            <Select
              aria-label="Return type"
              data={RETURN_TYPE_OPTIONS}
              value={String(v.returnType)}
              onChange={(t) => t && form.setFieldValue('returnType', Number(t) as 2 | 3 | 5)}
              allowDeselect={false}
              w={220}
            />
          )}
        </Group>

        {v.legs.map((leg, i) => (
          <SimpleGrid key={i} cols={{ base: 1, xs: v.journeyType === 3 ? 4 : 3 }} spacing="sm">
            <CityField
              label={v.journeyType === 3 ? `From (flight ${i + 1})` : 'From'}
              value={leg.origin}
              onChange={(c) => form.setFieldValue(`legs.${i}.origin`, c)}
              error={form.errors[`legs.${i}.origin`] as string | undefined}
              autoFocus={i === 0}
            />
            <CityField
              label={v.journeyType === 3 ? `To (flight ${i + 1})` : 'To'}
              value={leg.destination}
              onChange={(c) => {
                form.setFieldValue(`legs.${i}.destination`, c);
                // The next flight of a multi-stop trip usually leaves from here.
                const next = form.getValues().legs[i + 1];
                if (next && !next.origin) form.setFieldValue(`legs.${i + 1}.origin`, c);
              }}
              error={form.errors[`legs.${i}.destination`] as string | undefined}
            />
            <TextInput
              type="date"
              label={v.journeyType === 3 ? `Departure (flight ${i + 1})` : 'Departure'}
              min={i === 0 ? today : v.legs[i - 1]?.date || today}
              {...form.getInputProps(`legs.${i}.date`)}
            />
            {v.journeyType === 3 && (
              <Group align="flex-end">
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  aria-label={`Remove flight ${i + 1}`}
                  disabled={v.legs.length <= MULTI_STOP_LEGS.min}
                  onClick={() => form.removeListItem('legs', i)}
                >
                  ×
                </ActionIcon>
              </Group>
            )}
          </SimpleGrid>
        ))}
        {v.journeyType === 3 && (
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
        )}
        {v.journeyType === 2 && (
          <TextInput type="date" label="Return date" min={first.date || today} {...form.getInputProps('returnDate')} />
        )}

        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
          <Select label="Departure time" data={TIME_OPTIONS} allowDeselect={false} {...form.getInputProps('time')} />
          <NumberInput
            label="Adults (12+ yrs)"
            min={1}
            max={9}
            allowDecimal={false}
            {...form.getInputProps('adults')}
          />
          <NumberInput
            label="Children (2–11 yrs)"
            min={0}
            max={8}
            allowDecimal={false}
            {...form.getInputProps('children')}
          />
          <NumberInput
            label="Infants (under 2)"
            min={0}
            max={9}
            allowDecimal={false}
            {...form.getInputProps('infants')}
          />
          <Select label="Class" data={CABIN_OPTIONS} allowDeselect={false} {...form.getInputProps('cabinClass')} />
          {sources && sources.length > 0 && (
            <MultiSelect
              label="Sources"
              placeholder="All"
              data={sources.map((s) => ({ value: s.code, label: s.name }))}
              clearable
              {...form.getInputProps('sources')}
            />
          )}
        </SimpleGrid>

        <Group justify="space-between">
          <Button
            variant="subtle"
            disabled={!first.origin || !first.destination || v.journeyType === 3}
            onClick={() => setCalendarOpen(true)}
          >
            Fare calendar
          </Button>
          <Button type="submit" loading={busy}>
            Search Flights
          </Button>
        </Group>
      </Stack>
      {first.origin && first.destination && (
        <CalendarFare
          opened={calendarOpen}
          onClose={() => setCalendarOpen(false)}
          origin={first.origin.value}
          destination={first.destination.value}
          onPick={(date) => form.setFieldValue('legs.0.date', date)}
        />
      )}
    </Paper>
  );
}
