import { ActionIcon, Box, Group } from '@mantine/core';
import { CityAutocomplete, type CityOption } from '#shared/city-autocomplete/CityAutocomplete.tsx';
import { DateField } from '#shared/DateField.tsx';
import { MULTI_STOP_LEGS, localDate, swapLeg } from './search-form.ts';
import type { SearchFormType } from './useSearchForm.ts';

/** One flight of the search: from, swap, to, departure day, and Remove on a multi-stop trip. */
export function SearchLegFields({
  form,
  index: i,
  setCity,
}: {
  form: SearchFormType;
  index: number;
  setCity: (path: string, c: CityOption | null) => void;
}) {
  const v = form.values;
  const leg = v.legs[i]!;
  const today = localDate();
  const flight = v.journeyType === 3 ? ` (flight ${i + 1})` : '';
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Group gap={4} align="flex-start" wrap="nowrap" style={{ flex: '2 1 340px' }}>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <CityAutocomplete
            label={`From${flight}`}
            value={leg.origin}
            onChange={(c) => setCity(`legs.${i}.origin`, c)}
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
              setCity(`legs.${i}.destination`, c);
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
}
