import { memo, useEffect, useRef, useState } from 'react';
import { Button, Group } from '@mantine/core';
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
import css from './ResultList.module.css';

const SORT_LABELS: Record<SortKey, string> = {
  price: 'Price',
  departure: 'Departure',
  duration: 'Duration',
  arrival: 'Arrival',
};

export const SortBar = memo(function SortBar({
  sort,
  onChange,
}: {
  sort: FlightSort;
  onChange: (s: FlightSort) => void;
}) {
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
});

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
    <div className={selected ? `${css.row} ${css.selected}` : css.row} data-result={option.resultIndex}>
      <div className={css.summary}>
        <div className={css.airline}>
          <div className={css.strong}>{option.airlineName}</div>
          <div className={css.dimmed}>{trip.map((s) => `${s.airlineCode}-${s.flightNumber}`).join(', ')}</div>
        </div>
        <div className={css.times}>
          <b>{first ? clockOf(first.departureTime) : ''}</b> {first?.originAirportCode} →{' '}
          <b>{last ? clockOf(last.arrivalTime) : ''}</b> {last?.destinationAirportCode}
          <div className={css.dimmed}>
            {formatDuration(journeyMinutes(option))} ·{' '}
            {stops === 0 ? 'Non stop' : `${stops} stop${stops > 1 ? 's' : ''}${via ? ` via ${via}` : ''}`}
          </div>
        </div>
        <div className={css.fare}>
          <span className={css.price}>₹{formatFare(option.publishedPrice)}</span>
          <span className={option.isRefundable ? `${css.badge} ${css.refundable}` : css.badge}>
            {option.isRefundable ? 'Refundable' : 'Non-Refundable'}
          </span>
        </div>
        <div className={css.actions}>
          <button type="button" className={css.detailsToggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide flight details' : 'Flight details'}
          </button>
          <button
            type="button"
            className={css.action}
            aria-pressed={actionLabel === 'Select' ? selected : undefined}
            onClick={() => onAction(option)}
          >
            {selected ? 'Selected' : actionLabel}
          </button>
        </div>
      </div>
      {open && (
        <div className={css.details}>
          <SegmentView trips={option.segments} />
          <FareSummary
            fare={option.fare}
            breakdown={option.fareBreakdown}
            showFullBreakdown={showFullBreakdown}
            userType={userType}
          />
        </div>
      )}
    </div>
  );
});

/** Height of a closed row before it is measured (desktop layout); measured rows keep their own. */
const ROW_ESTIMATE = 110;

/**
 * Options in a virtualised scroll box: only the rows in view (plus a few) are in the DOM, so a
 * result of 1,500 options stays smooth (≤ 800 DOM nodes on the page). Memoised: it re-renders only
 * when its options, selection or row props change, never for a click elsewhere on the screen.
 */
export const ResultList = memo(function ResultList({
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
  // Closed rows are all about the same height: estimating unseen rows at the last measured height
  // means a filter or sort that brings new rows into view does not shift them and re-render again.
  const rowHeight = useRef(ROW_ESTIMATE);
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight.current,
    overscan: 2,
    getItemKey: (i) => options[i]!.resultIndex,
    measureElement: (el, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (!box) {
        // A row just mounted: reading its height here would force a layout in the middle of the
        // commit, for every new row. Keep what is known; the ResizeObserver reports the real height
        // before the frame is painted.
        const key = instance.options.getItemKey(instance.indexFromElement(el));
        return instance.itemSizeCache.get(key) ?? rowHeight.current;
      }
      const height = Math.round(box.blockSize);
      if (!el.querySelector('[aria-expanded="true"]')) rowHeight.current = height;
      return height;
    },
  });
  // A new filter or order starts at the top (the cheapest / earliest first), not mid-list. The
  // virtualiser's offset comes from scroll events: checking it forces no layout, writing scrollTop does.
  useEffect(() => {
    if (virtualizer.scrollOffset) virtualizer.scrollToOffset(0);
  }, [options, virtualizer]);
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
});
