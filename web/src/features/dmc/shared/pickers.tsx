import { useState } from 'react';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  getAccomodation,
  getAllCities,
  getActivities,
  getTourOptions,
  searchMarket,
} from '@tp/contracts/endpoints/dmc';
import { searchAreas } from '@tp/contracts/endpoints/areas';
import { searchWlUser } from '@tp/contracts/endpoints/customers';
import { getDbCities } from '@tp/contracts/endpoints/master';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import type { CallTarget } from '#api/boot.ts';
import type { RequestIn, ResponseIn } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { toastError } from '#lib/notify.ts';
import { useMarkets } from './markets.ts';

export interface PickOption {
  value: string;
  label: string;
}

/** What a form hands a picker (Mantine's getInputProps plus a label). */
export interface PickerProps {
  value?: string | null;
  onChange: (value: string | null, option: PickOption | null) => void;
  label?: string;
  error?: string | undefined;
  required?: boolean;
  clearable?: boolean;
  placeholder?: string;
  description?: string;
  disabled?: boolean;
  /** The chosen record's label when the form opens on it (an edit): shown before any search answers. */
  valueLabel?: string | null | undefined;
  w?: SelectProps['w'];
  /** In a table row, where no label is shown. */
  'aria-label'?: string;
}

/**
 * The text typed into a picker, searched on the server 500 ms after typing stops (spec 001 §9), and the
 * option last picked: its label is not searched again (Mantine writes it into the box) and names the value
 * while the server's options do not hold it.
 */
function useSearchText(value: string | null | undefined, valueLabel: string | null | undefined) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickOption | null>(value && valueLabel ? { value, label: valueLabel } : null);
  const [debounced] = useDebouncedValue(search.trim(), TIMING.searchDebounceMs);
  const query = debounced && debounced !== picked?.label ? debounced : '';
  const typed = search.trim();
  // Still typing: the options shown are not yet those of the text, so the picker says it is searching.
  const typing = typed !== debounced && typed !== '' && typed !== picked?.label;
  return { query, typing, search, setSearch, picked, setPicked };
}

/** A select whose options come from the server: it never filters them again, and always names its value. */
function SearchSelect({
  text,
  options,
  loading,
  value = null,
  onChange,
  valueLabel,
  label,
  ...field
}: PickerProps & { text: ReturnType<typeof useSearchText>; options: PickOption[] | undefined; loading: boolean }) {
  const found = options?.find((o) => o.value === value)?.label;
  const known = text.picked?.value === value ? text.picked.label : valueLabel;
  const current = value && (found ?? known) ? [{ value, label: (found ?? known)! }] : [];
  const data = [...current, ...(options ?? []).filter((o) => o.value !== value)];
  const searching = loading || text.typing;
  return (
    <Select
      label={label}
      searchable
      data={data}
      value={value}
      onChange={(v, option) => {
        const picked = v ? { value: v, label: option?.label ?? v } : null;
        text.setPicked(picked);
        onChange(v, picked);
      }}
      searchValue={text.search}
      onSearchChange={text.setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={searching ? 'Searching…' : MSG.noResults}
      rightSection={searching ? <Loader size={14} aria-label="Searching" /> : undefined}
      comboboxProps={{ withinPortal: true }}
      {...field}
    />
  );
}

const quiet = { call: { handling: 'navigation' as const } };

/** Markets: all of the site's by name, or those whose name holds what was typed. 'Failed to fetch markets...' (§8). */
export function MarketSelect(props: PickerProps) {
  const text = useSearchText(props.value, props.valueLabel);
  const defaults = useMarkets();
  const found = useApi(searchMarket, text.query ? { search: text.query, limit: 50 } : null, {
    ...quiet,
    onError: () => toastError(MSG.marketsFailed),
  });
  const markets = text.query ? found.data?.records : defaults.markets;
  return (
    <SearchSelect
      label="Market"
      placeholder="Choose a market"
      {...props}
      text={text}
      loading={text.query ? found.isLoading : !defaults.markets}
      options={markets?.map((m) => ({ value: m.marketId, label: `${m.name} (${m.currency})` }))}
    />
  );
}

/**
 * A city: the cities the DMC already works in, or any city of the reference table by name (two letters or
 * more). The option's value is the city id as text; its label the name the records keep beside the id.
 */
export function CitySelect(props: PickerProps) {
  const text = useSearchText(props.value, props.valueLabel);
  const dmcCities = useApi(getAllCities, {}, quiet);
  const lookup = text.query.length >= 2 ? text.query : '';
  const found = useApi(getDbCities, lookup ? { city: lookup } : null, quiet);
  const options = lookup
    ? found.data?.map((c) => ({ value: String(c.id), label: c.city }))
    : dmcCities.data?.map((c) => ({ value: String(c.cityId), label: c.cityName }));
  return (
    <SearchSelect
      label="City"
      placeholder="Type a city"
      {...props}
      text={text}
      loading={lookup ? found.isLoading : dmcCities.isLoading}
      options={options}
    />
  );
}

/** A city as the forms hold it: the picker's value (the id as text) and the name shown. */
export interface CityValue {
  cityId: string | null;
  cityName: string;
}
/** The city part of a request: absent when none is picked, so the rules say it is required. */
export const cityBody = (v: CityValue) => (v.cityId ? { cityId: Number(v.cityId), cityName: v.cityName } : {});

/**
 * The options of a picker over one list endpoint: `request` turns the typed text (the query, '' for none) into the
 * call (null: no call), `toOptions` its answer into options. Every server picker below is this and its words.
 */
function usePickerOptions<E extends CallTarget>(
  props: PickerProps,
  endpoint: E,
  request: (query: string) => RequestIn<E> | null,
  toOptions: (data: ResponseIn<E>) => PickOption[],
) {
  const text = useSearchText(props.value, props.valueLabel);
  const found = useApi(endpoint, request(text.query), quiet);
  return { text, loading: found.isLoading, options: found.data && toOptions(found.data) };
}

const named = (records: { id: string; name: string }[]) => records.map((r) => ({ value: r.id, label: r.name }));
const searching = (query: string) => (query ? { search: query } : {});

/** Areas of a city (or of every city), by name. */
export function AreaSelect({ cityId, ...props }: PickerProps & { cityId?: number | null }) {
  const city = cityId !== null && cityId !== undefined ? { cityId } : {};
  const pick = usePickerOptions(
    props,
    searchAreas,
    (q) => ({ limit: 100, ...city, ...searching(q) }),
    (d) => named(d.records),
  );
  return <SearchSelect label="Area" placeholder="Choose an area" {...props} {...pick} />;
}

/** Activities by name (optionally of one city). */
export function ActivitySelect({ cityId, ...props }: PickerProps & { cityId?: number | null }) {
  const pick = usePickerOptions(
    props,
    getActivities,
    (q) => ({ limit: 50, ...(cityId ? { cityId } : {}), ...searching(q) }),
    (d) => named(d.records),
  );
  return <SearchSelect label="Activity" placeholder="Choose an activity" {...props} {...pick} />;
}

/** Tour options of one activity, or of every activity (then named "Activity · option"). */
export function TourOptionSelect({ activityId, ...props }: PickerProps & { activityId?: string | null }) {
  const pick = usePickerOptions(
    props,
    getTourOptions,
    (q) => ({ limit: 50, ...(activityId ? { activityId } : {}), ...searching(q) }),
    (d) => d.records.map((o) => ({ value: o.id, label: activityId ? o.name : `${o.activityName} · ${o.name}` })),
  );
  return <SearchSelect label="Tour option" placeholder="Choose a tour option" {...props} {...pick} />;
}

/** A customer of the site by email, name, company or phone (`wl/user/searchWlUser`). */
export function CustomerSelect(props: PickerProps) {
  const pick = usePickerOptions(
    props,
    searchWlUser,
    (q) => (q ? { searchQuery: q } : null),
    (d) =>
      d.map((c) => ({
        value: c.id,
        label: `${[c.firstName, c.lastName].filter(Boolean).join(' ') || c.companyName} · ${c.email}`,
      })),
  );
  return <SearchSelect label="Customer" placeholder="Type a name, email or phone" {...props} {...pick} />;
}

/** Hotels of the DMC by name (the kart's accommodation lines). */
export function AccomodationSelect(props: PickerProps) {
  const pick = usePickerOptions(
    props,
    getAccomodation,
    (q) => ({ limit: 50, ...searching(q) }),
    (d) => named(d.records),
  );
  return <SearchSelect label="Hotel" placeholder="Choose a hotel" {...props} {...pick} />;
}
