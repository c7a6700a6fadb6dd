import { memo, useRef, useState } from 'react';
import { Badge, Box, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TFlightOption } from '@tp/contracts/flights';
import {
  clockOf,
  formatDuration,
  formatFare,
  journeyMinutes,
  layoversOf,
  type FlightSort,
  type SortKey,
} from '@tp/domain/flight-filters';
import { FareSummary } from './components/FareSummary.tsx';
import { SegmentView } from './components/SegmentView.tsx';

const SORT_LABELS: Record<SortKey, string> = {
  price: 'Price',
  departure: 'Departure',
  duration: 'Duration',
  arrival: 'Arrival',
};

export function SortBar({ sort, onChange }: { sort: FlightSort; onChange: (s: FlightSort) => void }) {
  return (
    <Group gap={4} role="group" aria-label="Sort by">
      {(Object.keys(SORT_LABELS) as SortKey[]).map((key) => {
        const active = sort.key === key;
        return (
          <Button
            key={key}
            size="compact-sm"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => onChange({ key, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}
          >
            {SORT_LABELS[key]}
            {active ? (sort.direction === 'asc' ? ' ↑' : ' ↓') : ''}
          </Button>
        );
      })}
    </Group>
  );
}

export interface RowProps {
  option: TFlightOption;
  selected: boolean;
  actionLabel: string;
  onAction: (o: TFlightOption) => void;
  showFullBreakdown: boolean;
  userType: string | undefined;
}

/** One option: a compact summary; details (segments, fare) render only when opened. */
const OptionRow = memo(function OptionRow({
  option,
  selected,
  actionLabel,
  onAction,
  showFullBreakdown,
  userType,
}: RowProps) {
  const [open, setOpen] = useState(false);
  const trip = option.segments[0] ?? [];
  const first = trip[0];
  const last = trip.at(-1);
  const stops = trip.length - 1;
  const via = layoversOf(option).join(', ');
  return (
    <Paper
      withBorder
      p="sm"
      mb="xs"
      data-result={option.resultIndex}
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Box miw={120}>
          <Text fw={600} size="sm">
            {option.airlineName}
          </Text>
          <Text size="xs" c="dimmed">
            {trip.map((s) => `${s.airlineCode}-${s.flightNumber}`).join(', ')}
          </Text>
        </Box>
        <Text size="sm" ta="center">
          <b>{first ? clockOf(first.departureTime) : ''}</b> {first?.originAirportCode} →{' '}
          <b>{last ? clockOf(last.arrivalTime) : ''}</b> {last?.destinationAirportCode}
          <br />
          <Text span size="xs" c="dimmed">
            {formatDuration(journeyMinutes(option))} ·{' '}
            {stops === 0 ? 'Non stop' : `${stops} stop${stops > 1 ? 's' : ''}${via ? ` via ${via}` : ''}`}
          </Text>
        </Text>
        <Stack gap={2} align="flex-end">
          <Text fw={700} size="lg">
            ₹{formatFare(option.publishedPrice)}
          </Text>
          <Badge size="xs" variant="light" color={option.isRefundable ? 'green' : 'gray'}>
            {option.isRefundable ? 'Refundable' : 'Non-Refundable'}
          </Badge>
        </Stack>
        <Group gap={4}>
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            fz="xs"
            c="var(--mantine-primary-color-filled)"
          >
            {open ? 'Hide flight details' : 'Flight details'}
          </UnstyledButton>
          <Button size="xs" onClick={() => onAction(option)} variant={selected ? 'filled' : 'light'}>
            {selected ? 'Selected' : actionLabel}
          </Button>
        </Group>
      </Group>
      {open && (
        <Stack mt="sm" gap="sm">
          <SegmentView trips={option.segments} />
          <FareSummary
            fare={option.fare}
            breakdown={option.fareBreakdown}
            showFullBreakdown={showFullBreakdown}
            userType={userType}
          />
        </Stack>
      )}
    </Paper>
  );
});

/**
 * Options in a virtualised scroll box: only the rows in view (plus a few) are in the DOM, so a
 * result of 1,500 options stays smooth (≤ 800 DOM nodes on the page).
 */
export function ResultList({
  options,
  label,
  selectedIndex,
  height,
  ...row
}: Omit<RowProps, 'option' | 'selected'> & {
  options: TFlightOption[];
  label: string;
  selectedIndex?: string | undefined;
  height: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 110,
    overscan: 2,
    getItemKey: (i) => options[i]!.resultIndex,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      role="list"
      aria-label={label}
      tabIndex={0}
      style={{ height, overflowY: 'auto', contain: 'strict' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        <div
          style={{
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            transform: `translateY(${items[0]?.start ?? 0}px)`,
          }}
        >
          {items.map((item) => {
            const option = options[item.index]!;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} role="listitem">
                <OptionRow {...row} option={option} selected={option.resultIndex === selectedIndex} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
