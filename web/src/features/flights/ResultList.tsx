import { memo, useEffect, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { SUPPLY_MSG, type TFlightOption, type TSegment } from '@tp/contracts/endpoints/flights';
import { airlineLogoUrl } from '@tp/reference-data/airline-logo';
import { clockOf, formatDuration, type FlightSort, type SortKey } from '@tp/domain/flight-filters';
import { formatMoney } from '#shared/format.ts';
import { useWindowRows, WindowRows } from '#shared/window-virtual.tsx';
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
  /** The virtualiser's measuring ref and position: the card is the list item itself (one element less). */
  measureRef: (el: HTMLElement | null) => void;
  index: number;
  /** The fares of one set of flights (fare families), the one shown first leading. */
  group: TFlightOption[];
  selectedIndex: string | undefined;
  actionLabel: string;
  onAction: (o: TFlightOption) => void;
  showFullBreakdown: boolean;
  userType: string | undefined;
  /** Trips are legs 1..n of a multi-city search, not onward and return. */
  legs: boolean;
}

/** "1 stop via GOI (1 h 05 m)": where and how long a trip waits between flights. */
function stopsText(trip: TSegment[]): string {
  const stops = trip.length - 1;
  if (stops <= 0) return 'Non stop';
  const waits = trip.slice(1).map((s) => `${s.originAirportCode} (${formatDuration(s.groundTimeMinutes)})`);
  return `${stops} stop${stops > 1 ? 's' : ''} via ${waits.join(', ')}`;
}

const tripMinutes = (trip: TSegment[]) => trip.reduce((n, s) => n + s.durationMinutes + s.groundTimeMinutes, 0);
const baggageOf = (s: TSegment | undefined) =>
  s ? `Check-in ${s.segmentAdditionalInfo?.baggage || s.baggage || '—'} · Cabin ${s.cabinBaggage || '—'}` : '';
const fareName = (o: TFlightOption) => `Class ${o.segments[0]?.[0]?.fareClass ?? '—'}`;

/** The airline's logo, lazily, hidden when it cannot load (offline, unknown carrier): the name is beside it. */
function Logo({ code }: { code: string }) {
  return (
    <img
      className={css.logo}
      src={airlineLogoUrl(code)}
      alt=""
      width={40}
      height={16}
      loading="lazy"
      decoding="async"
      onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
    />
  );
}

/**
 * One card: every trip's times, airports and stops (multi-city legs too), layovers and baggage on
 * the card; the other fare families of the same flights and the segment details render only when
 * opened, so a closed row stays a handful of DOM nodes.
 */
const OptionRow = memo(function OptionRow({
  measureRef,
  index,
  group,
  selectedIndex,
  actionLabel,
  onAction,
  showFullBreakdown,
  userType,
  legs,
}: RowProps) {
  const [open, setOpen] = useState(false);
  const [faresOpen, setFaresOpen] = useState(false);
  const lead = group[0]!;
  const chosen = group.find((o) => o.resultIndex === selectedIndex);
  const shown = chosen ?? lead;
  const first = lead.segments[0]?.[0];
  const selected = chosen !== undefined;
  const act = (o: TFlightOption) => (
    <button
      type="button"
      className={css.action}
      aria-pressed={actionLabel === 'Select' ? o.resultIndex === selectedIndex : undefined}
      onClick={() => onAction(o)}
    >
      {o.resultIndex === selectedIndex ? 'Selected' : actionLabel}
    </button>
  );
  // Each trip's line; the baggage goes under the last one. Few elements per card (the screen's DOM
  // budget): one line of times, one pre-line block of duration, stops and baggage.
  const trips = lead.segments.map((trip, t, all) => (
    <div key={t} className={css.times}>
      {all.length > 1 && <span className={css.leg}>{legs ? `Leg ${t + 1}` : t ? 'Return' : 'Onward'}</span>}
      {`${clockOf(trip[0]?.departureTime ?? '')} ${trip[0]?.originAirportCode} → `}
      {`${clockOf(trip.at(-1)?.arrivalTime ?? '')} ${trip.at(-1)?.destinationAirportCode}`}
      <div className={css.dimmed}>
        {`${formatDuration(tripMinutes(trip))} · ${stopsText(trip)}`}
        {t === all.length - 1 ? `\n${baggageOf(first)}` : ''}
      </div>
    </div>
  ));
  return (
    <div
      ref={measureRef}
      data-index={index}
      role="listitem"
      className={selected ? `${css.row} ${css.selected}` : css.row}
      data-result={lead.resultIndex}
    >
      <div className={css.summary}>
        <div className={css.airline}>
          <Logo code={lead.airlineCode} />
          <div className={css.carrier}>
            {`${lead.airlineName}\n${lead.segments
              .flat()
              .map((s) => `${s.airlineCode}-${s.flightNumber}`)
              .join(', ')}`}
          </div>
        </div>
        {lead.segments.length > 1 ? <div className={css.trips}>{trips}</div> : trips}
        <div className={css.fare}>
          <span className={css.price}>{formatMoney(shown.publishedPrice)}</span>
          <span className={shown.isRefundable ? `${css.badge} ${css.refundable}` : css.badge}>
            {shown.isRefundable ? 'Refundable' : 'Non-Refundable'}
          </span>
          {shown.testInventory && (
            <span className={`${css.badge} ${css.testInventory}`} title={SUPPLY_MSG.testInventoryHint}>
              {SUPPLY_MSG.testInventory}
            </span>
          )}
          {group.length > 1 && (
            <button
              type="button"
              className={css.detailsToggle}
              onClick={() => setFaresOpen((o) => !o)}
              aria-expanded={faresOpen}
            >
              {faresOpen ? 'Hide fares' : `${group.length} fares`}
            </button>
          )}
        </div>
        <div className={css.actions}>
          <button type="button" className={css.detailsToggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Hide flight details' : 'Flight details'}
          </button>
          {act(shown)}
        </div>
      </div>
      {faresOpen && (
        <ul className={css.fares} aria-label="Fares for these flights">
          {group.map((o) => (
            <li key={o.resultIndex} className={css.fareRow}>
              <span>
                <b>{fareName(o)}</b> · {o.isRefundable ? 'Refundable' : 'Non-Refundable'} ·{' '}
                {baggageOf(o.segments[0]?.[0])}
              </span>
              <span className={css.fareAction}>
                <b>{formatMoney(o.publishedPrice)}</b>
                {act(o)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <div className={css.details}>
          <SegmentView trips={shown.segments} legs={legs} />
          <FareSummary
            fare={shown.fare}
            breakdown={shown.fareBreakdown}
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
/** Mantine's xs spacing, between cards. */
const ROW_GAP = 10;

/**
 * Cards in a list virtualised against the page's own scroll: only the rows in view (plus a few) are
 * in the DOM, so 1,500 options stay smooth (≤ 800 DOM nodes), and an opened card grows the page
 * rather than being cut by an inner scroll box. Memoised: it re-renders only when its
 * groups, selection or row props change, never for a click elsewhere on the screen.
 */
export const ResultList = memo(function ResultList({
  groups,
  label,
  ...row
}: Omit<RowProps, 'group' | 'measureRef' | 'index'> & {
  groups: TFlightOption[][];
  label: string;
}) {
  const rows = useWindowRows({
    count: groups.length,
    estimateSize: ROW_ESTIMATE,
    // One row either side: the page, not a box, is the viewport now, so more rows are in view.
    overscan: 1,
    // The space between cards (ResultList.module.css gives each card that margin).
    gap: ROW_GAP,
    getItemKey: (i) => groups[i]![0]!.resultIndex,
    // Closed cards are all about the same height; an opened one is not the one to estimate others by.
    typical: (card) => !card.querySelector('[aria-expanded="true"]'),
  });
  const { virtualizer } = rows;
  // A new filter or order starts at the top of the list (the cheapest / earliest first), not mid-list.
  // The virtualiser's offset comes from scroll events: checking it forces no layout.
  useEffect(() => {
    const offset = virtualizer.scrollOffset ?? 0;
    if (offset > virtualizer.options.scrollMargin) window.scrollTo({ top: virtualizer.options.scrollMargin });
  }, [groups, virtualizer]);
  return (
    <WindowRows rows={rows} label={label}>
      {(items) =>
        items.map((item) => (
          <OptionRow
            key={item.key}
            {...row}
            measureRef={virtualizer.measureElement}
            index={item.index}
            group={groups[item.index]!}
          />
        ))
      }
    </WindowRows>
  );
});
