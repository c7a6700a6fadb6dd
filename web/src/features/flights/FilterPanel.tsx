import { memo, useState, type ReactNode } from 'react';
import { Button, Checkbox, Chip, Group, RangeSlider, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { NO_FILTERS, formatFare, type Facet, type FlightFacets, type FlightFilters } from '@tp/domain/flight-filters';

const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h * 60),
  label: `${String(h).padStart(2, '0')}:00`,
}));
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

/** The slider moves freely; the filter applies when the thumb is let go (one filtering per drag). */
function PriceSlider(props: {
  min: number;
  max: number;
  step: number;
  lo: number;
  hi: number;
  onCommit: (v: [number, number]) => void;
}) {
  const { min, max, step, lo, hi, onCommit } = props;
  const [value, setValue] = useState<[number, number]>([lo, hi]);
  // Clear Filters (or another list's filters) move the bounds from outside.
  const [seen, setSeen] = useState(`${lo}-${hi}`);
  if (seen !== `${lo}-${hi}`) {
    setSeen(`${lo}-${hi}`);
    setValue([lo, hi]);
  }
  return (
    <RangeSlider
      min={min}
      max={max}
      step={step}
      minRange={0}
      value={value}
      onChange={setValue}
      onChangeEnd={onCommit}
      label={(v) => `₹${formatFare(v)}`}
      thumbFromLabel="Minimum price"
      thumbToLabel="Maximum price"
    />
  );
}

/** A checkbox per facet value, with its count and cheapest fare. */
function FacetChecks({
  facets,
  selected,
  onChange,
}: {
  facets: Facet[];
  selected: string[];
  onChange: (codes: string[]) => void;
}) {
  return (
    <Checkbox.Group value={selected} onChange={onChange}>
      <Stack gap={4}>
        {facets.map((f) => (
          <Checkbox
            key={f.code}
            value={f.code}
            size="xs"
            label={
              <Group gap={4} wrap="nowrap">
                <Text size="xs">
                  {f.label} ({f.count})
                </Text>
                <Text size="xs" c="dimmed">
                  ₹{formatFare(f.minPrice)}
                </Text>
              </Group>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * The result filter panel (spec 000 §2): flight time, price slider (₹, minimum to maximum published
 * price), stops, airlines, layover, destination, fare type, origin airport, Clear Filters.
 */
export const FilterPanel = memo(function FilterPanel({
  facets,
  filters,
  onChange,
}: {
  facets: FlightFacets;
  filters: FlightFilters;
  onChange: (f: FlightFilters) => void;
}) {
  const set = (patch: Partial<FlightFilters>) => onChange({ ...filters, ...patch });
  const step = Math.max(1, Math.round((facets.priceMax - facets.priceMin) / 100));
  const lo = filters.priceMin ?? facets.priceMin;
  const hi = filters.priceMax ?? facets.priceMax;
  return (
    <Stack gap="md" aria-label="Filters" role="region">
      <Group justify="space-between">
        <Text fw={700}>Filters</Text>
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(NO_FILTERS)}>
          Clear Filters
        </Button>
      </Group>

      <Section title="Flight time">
        <Group grow gap="xs">
          <Select
            aria-label="Departure from"
            placeholder="From"
            data={HOURS}
            size="xs"
            value={filters.time ? String(filters.time.from) : null}
            onChange={(v) =>
              set({ time: v === null ? null : { from: Number(v), to: filters.time?.to ?? 24 * 60 - 1 } })
            }
          />
          <Select
            aria-label="Departure to"
            placeholder="To"
            data={HOURS}
            size="xs"
            value={filters.time ? String(filters.time.to) : null}
            onChange={(v) => set({ time: v === null ? null : { from: filters.time?.from ?? 0, to: Number(v) } })}
          />
        </Group>
        {filters.time && filters.time.to <= filters.time.from && (
          <Text size="xs" c="dimmed">
            Runs past midnight into the next day
          </Text>
        )}
      </Section>

      {facets.priceMax > facets.priceMin && (
        <Section title="Price">
          <PriceSlider
            min={facets.priceMin}
            max={facets.priceMax}
            step={step}
            lo={lo}
            hi={hi}
            onCommit={([a, b]) =>
              set({
                priceMin: a <= facets.priceMin ? null : a,
                priceMax: b >= facets.priceMax ? null : b,
              })
            }
          />
          <Group justify="space-between">
            <Text size="xs">₹{formatFare(lo)}</Text>
            <Text size="xs">₹{formatFare(hi)}</Text>
          </Group>
        </Section>
      )}

      <Section title="Stops">
        <Chip.Group multiple value={filters.stops.map(String)} onChange={(v) => set({ stops: v.map(Number) })}>
          <Group gap={6}>
            {facets.stops.map((s) => (
              <Chip key={s.code} value={s.code} size="xs">
                {s.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Section>

      <Section title="Airlines">
        <FacetChecks facets={facets.airlines} selected={filters.airlines} onChange={(airlines) => set({ airlines })} />
      </Section>
      {facets.layovers.length > 0 && (
        <Section title="Layover">
          <FacetChecks
            facets={facets.layovers}
            selected={filters.layovers}
            onChange={(layovers) => set({ layovers })}
          />
        </Section>
      )}
      <Section title="Destination">
        <FacetChecks
          facets={facets.destinations}
          selected={filters.destinations}
          onChange={(destinations) => set({ destinations })}
        />
      </Section>
      <Section title="Fare type">
        <SegmentedControl
          size="xs"
          data={FARE_TYPES}
          value={filters.fareType ?? 'all'}
          onChange={(v) => set({ fareType: v === 'all' ? null : (v as FlightFilters['fareType']) })}
        />
      </Section>
      <Section title="Origin airport">
        <FacetChecks facets={facets.origins} selected={filters.origins} onChange={(origins) => set({ origins })} />
      </Section>
    </Stack>
  );
});
