import { memo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Chip, Group, NativeSelect, RangeSlider, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Slider.css';
import {
  STOP_CHOICES,
  type Facet,
  type FlightFacets,
  type FlightFilters,
  type LiveCounts,
} from '@tp/domain/flight-filters';
import { formatMoney } from '#shared/format.ts';
import { Segmented } from './Segmented.tsx';

/** Changes some filters of the list being edited; stable across renders (sections are memoised on it). */
export type PatchFilters = (patch: Partial<FlightFilters>) => void;
type FacetField = 'airlines' | 'layovers' | 'destinations' | 'origins';

const DAY_END = 24 * 60 - 1;
// Native selects: a fixed, short list needs no search box, phones show their own picker, and a native
// select mounts no popover (Mantine's Select runs floating-ui and re-renders itself on the first commit).
const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h * 60),
  label: `${String(h).padStart(2, '0')}:00`,
}));
// "To" also offers the end of the day, which is what an open end means.
const END_HOURS = [...HOURS, { value: String(DAY_END), label: '23:59' }];
const FARE_TYPES = [
  { value: 'all', label: 'All' },
  { value: 'refundable', label: 'Refundable' },
  { value: 'nonRefundable', label: 'Non-Refundable' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Departure window; an end at or before the start runs into the next day (spec 000 §5). */
const TimeSection = memo(function TimeSection({
  time,
  onPatch,
}: {
  time: FlightFilters['time'];
  onPatch: PatchFilters;
}) {
  return (
    <Section title="Flight time">
      <Group grow gap="xs">
        <NativeSelect
          aria-label="Departure from"
          data={[{ value: '', label: 'From' }, ...HOURS]}
          size="xs"
          value={time ? String(time.from) : ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onPatch({ time: v === '' ? null : { from: Number(v), to: time?.to ?? DAY_END } });
          }}
        />
        <NativeSelect
          aria-label="Departure to"
          data={[{ value: '', label: 'To' }, ...END_HOURS]}
          size="xs"
          value={time ? String(time.to) : ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onPatch({ time: v === '' ? null : { from: time?.from ?? 0, to: Number(v) } });
          }}
        />
      </Group>
      {time && time.to <= time.from && (
        <Text size="xs" c="dimmed">
          Runs past midnight into the next day
        </Text>
      )}
    </Section>
  );
});

/** ₹ slider over the minimum to maximum published price; the filter applies when the thumb is let go. */
const PriceSection = memo(function PriceSection({
  min,
  max,
  lo,
  hi,
  onPatch,
}: {
  min: number;
  max: number;
  lo: number;
  hi: number;
  onPatch: PatchFilters;
}) {
  const [value, setValue] = useState<[number, number]>([lo, hi]);
  // Clear Filters (or another list's filters) move the bounds from outside.
  const [seen, setSeen] = useState(`${lo}-${hi}`);
  if (seen !== `${lo}-${hi}`) {
    setSeen(`${lo}-${hi}`);
    setValue([lo, hi]);
  }
  return (
    <Section title="Price">
      <RangeSlider
        min={min}
        max={max}
        step={Math.max(1, Math.round((max - min) / 100))}
        minRange={0}
        value={value}
        onChange={setValue}
        onChangeEnd={([a, b]) => onPatch({ priceMin: a <= min ? null : a, priceMax: b >= max ? null : b })}
        label={(v) => formatMoney(v)}
        thumbFromLabel="Minimum price"
        thumbToLabel="Maximum price"
      />
      <Group justify="space-between">
        <Text size="xs">{formatMoney(value[0])}</Text>
        <Text size="xs">{formatMoney(value[1])}</Text>
      </Group>
    </Section>
  );
});

/**
 * Direct / 1 / 2 & more by segment count (spec 000 §9), always all three, with how many options each
 * would show under the other filters.
 */
const StopsSection = memo(function StopsSection({
  counts,
  selected,
  onPatch,
}: {
  counts: Map<string, number>;
  selected: number[];
  onPatch: PatchFilters;
}) {
  return (
    <Section title="Stops">
      <Chip.Group multiple value={selected.map(String)} onChange={(v) => onPatch({ stops: v.map(Number) })}>
        <Group gap={6}>
          {STOP_CHOICES.map((c) => {
            const count = counts.get(String(c.segments)) ?? 0;
            return (
              <Chip
                key={c.segments}
                value={String(c.segments)}
                size="xs"
                disabled={count === 0 && !selected.includes(c.segments)}
              >
                <span>{c.label}</span>{' '}
                <Text span size="xs" c="dimmed">
                  ({count})
                </Text>
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
    </Section>
  );
});

/**
 * A checkbox per facet value, with how many options it would show under the other filters ( * a value the others rule out reads 0) and its cheapest fare.
 */
const FacetSection = memo(function FacetSection({
  title,
  field,
  facets,
  counts,
  selected,
  onPatch,
}: {
  title: string;
  field: FacetField;
  facets: Facet[];
  counts: Map<string, number>;
  selected: string[];
  onPatch: PatchFilters;
}) {
  return (
    <Section title={title}>
      <Checkbox.Group value={selected} onChange={(codes) => onPatch({ [field]: codes })}>
        <Stack gap={4}>
          {facets.map((f) => (
            <Checkbox
              key={f.code}
              value={f.code}
              size="xs"
              label={
                <Group gap={4} wrap="nowrap">
                  <Text size="xs">
                    {f.label} ({counts.get(f.code) ?? 0})
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatMoney(f.minPrice)}
                  </Text>
                </Group>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Section>
  );
});

const FareTypeSection = memo(function FareTypeSection({
  fareType,
  onPatch,
}: {
  fareType: FlightFilters['fareType'];
  onPatch: PatchFilters;
}) {
  return (
    <Section title="Fare type">
      <Segmented
        size="xs"
        data={FARE_TYPES}
        value={fareType ?? 'all'}
        onChange={(v) => onPatch({ fareType: v === 'all' ? null : (v as FlightFilters['fareType']) })}
      />
    </Section>
  );
});

/**
 * The result filter panel (spec 000 §2): flight time, price slider (₹, minimum to maximum published
 * price), stops, airlines, layover, destination, fare type, origin airport, Clear Filters. Each
 * section is memoised on its own slice of the filters, so a click re-renders only the section it is in.
 */
export const FilterPanel = memo(function FilterPanel({
  facets,
  counts,
  filters,
  onPatch,
  onClear,
}: {
  facets: FlightFacets;
  /** Counts under the other filters (liveCounts over the result set's index). */
  counts: LiveCounts;
  filters: FlightFilters;
  onPatch: PatchFilters;
  /** Without it (the phone drawer, whose own Clear Filters sits by Apply) the panel has none. */
  onClear?: (() => void) | undefined;
}) {
  return (
    <Stack gap="md" aria-label="Filters" role="region">
      {onClear && (
        <Group justify="space-between">
          <Text fw={700}>Filters</Text>
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            Clear Filters
          </Button>
        </Group>
      )}
      <TimeSection time={filters.time} onPatch={onPatch} />
      {facets.priceMax > facets.priceMin && (
        <PriceSection
          min={facets.priceMin}
          max={facets.priceMax}
          lo={filters.priceMin ?? facets.priceMin}
          hi={filters.priceMax ?? facets.priceMax}
          onPatch={onPatch}
        />
      )}
      <StopsSection counts={counts.stops} selected={filters.stops} onPatch={onPatch} />
      <FacetSection
        title="Airlines"
        field="airlines"
        facets={facets.airlines}
        counts={counts.airlines}
        selected={filters.airlines}
        onPatch={onPatch}
      />
      {facets.layovers.length > 0 && (
        <FacetSection
          title="Layover"
          field="layovers"
          facets={facets.layovers}
          counts={counts.layovers}
          selected={filters.layovers}
          onPatch={onPatch}
        />
      )}
      <FacetSection
        title="Destination"
        field="destinations"
        facets={facets.destinations}
        counts={counts.destinations}
        selected={filters.destinations}
        onPatch={onPatch}
      />
      <FareTypeSection fareType={filters.fareType} onPatch={onPatch} />
      <FacetSection
        title="Origin airport"
        field="origins"
        facets={facets.origins}
        counts={counts.origins}
        selected={filters.origins}
        onPatch={onPatch}
      />
    </Stack>
  );
});
