import { MultiSelect, NativeSelect, NumberInput, SimpleGrid } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { getSources } from '@tp/contracts/endpoints/flights';
import { TIME_BANDS } from '@tp/contracts/endpoints/flights';
import { useApi } from '#api/hooks.ts';
import { CABIN_OPTIONS } from './search-form.ts';
import type { SearchFormType } from './useSearchForm.ts';

const TIME_OPTIONS = TIME_BANDS.map((b) => ({ value: b.time, label: b.label }));
// The fixed short lists (return type, time band, class) are native selects: no search needed, phones show
// their own picker, and no popover mounts with the form (each Mantine Select re-renders itself in the first
// commit as floating-ui takes its target). The Sources list, which can be long and is multi-choice, stays
// a MultiSelect whose dropdown mounts when opened.
const DROPDOWN_ON_OPEN = { keepMounted: false } as const;

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

/** Departure time band, the party (adults, children, infants), the cabin, and the sources for those who choose them. */
export function SearchPartyFields({ form, withSources }: { form: SearchFormType; withSources: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
      <NativeSelect label="Departure time" data={TIME_OPTIONS} {...form.getInputProps('time')} />
      <NumberInput label="Adults (12+ yrs)" min={1} max={9} allowDecimal={false} {...form.getInputProps('adults')} />
      <NumberInput
        label="Children (2–11 yrs)"
        min={0}
        max={8}
        allowDecimal={false}
        {...form.getInputProps('children')}
      />
      <NumberInput label="Infants (under 2)" min={0} max={9} allowDecimal={false} {...form.getInputProps('infants')} />
      <NativeSelect label="Class" data={CABIN_OPTIONS} {...form.getInputProps('cabinClass')} />
      {withSources && <SourcesField inputProps={form.getInputProps('sources')} />}
    </SimpleGrid>
  );
}
