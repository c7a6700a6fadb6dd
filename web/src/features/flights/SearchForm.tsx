import { lazy, Suspense, useEffect, useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { getSources, TIME_BANDS, type TSearchRequest } from '@tp/contracts/endpoints/flights';
import { maySelectSources } from '@tp/domain/roles';
import { useApi } from '#api/hooks.ts';
import { CityAutocomplete, type CityOption } from '#shared/city-autocomplete/CityAutocomplete.tsx';
import { DateField } from '#shared/DateField.tsx';
import { useUser } from '#shared/state.ts';
import { cityNames } from './city-names.ts';
import { Segmented } from './Segmented.tsx';
import {
  CABIN_OPTIONS,
  MULTI_STOP_LEGS,
  RETURN_TYPE_OPTIONS,
  emptyLeg,
  initialSearchValues,
  localDate,
  swapLeg,
  toSearchRequest,
  unnamedCodes,
  validateSearch,
  withCityName,
  withJourneyType,
  type SearchFormValues,
} from './search-form.ts';

// The fare calendar (Modal, its own Select and the fares call) loads when first opened, not with the form.
const CalendarFare = lazy(() => import('./CalendarFare.tsx').then((m) => ({ default: m.CalendarFare })));

const JOURNEY_OPTIONS = [
  { value: '1', label: 'One Way' },
  { value: '2', label: 'Return' },
  { value: '3', label: 'Multi Stop' },
];
const TIME_OPTIONS = TIME_BANDS.map((b) => ({ value: b.time, label: b.label }));
// The fixed short lists (return type, time band, class) are native selects: no search needed, phones show
// their own picker, and no popover mounts with the form (each Mantine Select re-renders itself in the first
// commit as floating-ui takes its target). The Sources list, which can be long and is multi-choice, stays
// a MultiSelect whose dropdown mounts when opened.
const DROPDOWN_ON_OPEN = { keepMounted: false } as const;
type SearchFormProps = {
  initial?: TSearchRequest | null;
  onSearch: (request: TSearchRequest) => void;
  busy?: boolean;
};

/**
 * Sources are optional: when the call fails the field is simply not offered. Its own component, so the
 * answer arriving renders this field, not the whole form again.
 */
function SourcesField({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const sources = useApi(getSources, {}, { call: { handling: 'none' } }).data;
  if (!sources?.length) return null;
  return (
    <MultiSelect
      label="Sources"
      placeholder="All"
      data={sources.map((s) => ({ value: s.code, label: s.name }))}
      clearable
      comboboxProps={DROPDOWN_ON_OPEN}
      {...inputProps}
    />
  );
}

/** The flight search form (spec 000 §2): journey type, legs, time band, passengers, cabin, sources. */
export function SearchForm({ initial, onSearch, busy }: SearchFormProps) {
  const form = useForm<SearchFormValues>({
    initialValues: initialSearchValues(initial, cityNames.get),
    validate: (v) => validateSearch(v, localDate()),
  });
  // Choosing supplier sources is for agents and staff (spec 000 §6); a traveller searches them all.
  const withSources = maySelectSources(useUser()?.userType);
  // Codes restored without a city name (a shared results link) show it once looked up.
  const unnamed = unnamedCodes(form.values).join();
  useEffect(() => {
    let live = true;
    for (const code of unnamed ? unnamed.split(',') : [])
      void cityNames.lookup(code).then((label) => {
        if (live && label) form.setValues(withCityName(form.getValues(), code, label));
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form is stable; the codes are the input
  }, [unnamed]);
  const city = (path: string) => (c: CityOption | null) => {
    if (c) cityNames.remember(c);
    form.setFieldValue(path, c);
  };
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Once opened it stays mounted, so its month survives closing as before.
  const [calendarUsed, setCalendarUsed] = useState(false);
  const v = form.values;
  const first = v.legs[0]!;
  const today = localDate();

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={form.onSubmit((values) => onSearch(toSearchRequest(withSources ? values : { ...values, sources: [] })))}
    >
      <Stack>
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

        {v.legs.map((leg, i) => {
          const flight = v.journeyType === 3 ? ` (flight ${i + 1})` : '';
          return (
            <Group key={i} gap="sm" align="flex-start" wrap="wrap">
              <Group gap={4} align="flex-start" wrap="nowrap" style={{ flex: '2 1 340px' }}>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <CityAutocomplete
                    label={`From${flight}`}
                    value={leg.origin}
                    onChange={city(`legs.${i}.origin`)}
                    error={form.errors[`legs.${i}.origin`] as string | undefined}
                  />
                </Box>
                <ActionIcon
                  variant="default"
                  size="lg"
                  mt={25}
                  aria-label={`Swap origin and destination${flight}`}
                  disabled={!leg.origin && !leg.destination}
                  onClick={() => form.setValues(swapLeg(form.getValues(), i))}
                >
                  ⇄
                </ActionIcon>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <CityAutocomplete
                    label={`To${flight}`}
                    value={leg.destination}
                    onChange={(c) => {
                      city(`legs.${i}.destination`)(c);
                      // The next flight of a multi-stop trip usually leaves from here.
                      const next = form.getValues().legs[i + 1];
                      if (c && next && !next.origin) form.setFieldValue(`legs.${i + 1}.origin`, c);
                    }}
                    error={form.errors[`legs.${i}.destination`] as string | undefined}
                  />
                </Box>
              </Group>
              <DateField
                label={`Departure${flight}`}
                minDate={i === 0 ? today : v.legs[i - 1]?.date || today}
                style={{ flex: '1 1 160px' }}
                {...form.getInputProps(`legs.${i}.date`)}
              />
              {v.journeyType === 3 && (
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  mt={25}
                  aria-label={`Remove flight ${i + 1}`}
                  disabled={v.legs.length <= MULTI_STOP_LEGS.min}
                  onClick={() => form.removeListItem('legs', i)}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          );
        })}
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
          <DateField label="Return date" minDate={first.date || today} {...form.getInputProps('returnDate')} />
        )}

        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
          <NativeSelect label="Departure time" data={TIME_OPTIONS} {...form.getInputProps('time')} />
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
          <NativeSelect label="Class" data={CABIN_OPTIONS} {...form.getInputProps('cabinClass')} />
          {withSources && <SourcesField inputProps={form.getInputProps('sources')} />}
        </SimpleGrid>

        <Group justify="space-between">
          <Button
            variant="subtle"
            disabled={!first.origin || !first.destination || v.journeyType === 3}
            onClick={() => {
              setCalendarUsed(true);
              setCalendarOpen(true);
            }}
          >
            Fare calendar
          </Button>
          <Button type="submit" loading={busy}>
            Search Flights
          </Button>
        </Group>
      </Stack>
      {calendarUsed && first.origin && first.destination && (
        <Suspense fallback={null}>
          <CalendarFare
            opened={calendarOpen}
            onClose={() => setCalendarOpen(false)}
            origin={first.origin.value}
            destination={first.destination.value}
            onPick={(date) => form.setFieldValue('legs.0.date', date)}
          />
        </Suspense>
      )}
    </Paper>
  );
}
