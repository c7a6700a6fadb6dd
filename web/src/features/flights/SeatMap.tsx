import { Fragment } from 'react';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { TSeat } from '@tp/contracts/endpoints/flights';
import { formatMoney, formatMoneyCompact } from '#shared/format.ts';
import css from './SeatMap.module.css';

const SEAT_TYPE = { 1: 'window', 2: 'aisle', 3: 'middle' } as Record<number, string>;
const AISLE = 2;

const priceOf = (s: TSeat) => (s.price > 0 ? formatMoney(s.price, s.currency || 'INR') : 'free');

export const seatLabel = (s: TSeat) => `${s.code} ${SEAT_TYPE[s.seatType] ?? ''} ${priceOf(s)}`.replace(/\s+/g, ' ');

/** Free, paid, taken and yours, as the seats are coloured. */
export function SeatLegend() {
  return (
    <div className={css.legend} aria-hidden>
      <span>
        <i className={`${css.swatch} ${css.free}`} /> Free
      </span>
      <span>
        <i className={`${css.swatch} ${css.paid}`} /> Paid (price on the seat)
      </span>
      <span>
        <i className={`${css.swatch} ${css.taken}`} /> Taken
      </span>
      <span>
        <i className={`${css.swatch} ${css.mine}`} /> Your pick
      </span>
    </div>
  );
}

/**
 * A segment's seat map: rows of 44 px seats with their price, a lane where two aisle seats meet, taken
 * ones disabled. With `onPick` the seats are buttons; `taken` marks seats chosen for other passengers of
 * this booking.
 */
export function SeatMap({
  rows,
  selected,
  taken = [],
  onPick,
  label,
}: {
  rows: TSeat[][];
  selected?: string | undefined;
  taken?: string[];
  onPick?: (seat: TSeat | null) => void;
  label: string;
}) {
  return (
    <div className={css.map}>
      <SeatLegend />
      <div role="group" aria-label={label}>
        {rows.map((row, r) => (
          <div key={r} className={css.row}>
            <span className={css.rowNo}>{row[0]?.rowNo}</span>
            {row.map((seat, i) => {
              const mine = selected === seat.code;
              const unavailable = !seat.available || (taken.includes(seat.code) && !mine);
              const state = mine ? css.mine : unavailable ? css.taken : seat.price > 0 ? css.paid : css.free;
              const aisleBefore = i > 0 && seat.seatType === AISLE && row[i - 1]!.seatType === AISLE;
              return (
                <Fragment key={seat.code}>
                  {aisleBefore && <span className={css.aisle} aria-hidden />}
                  <UnstyledButton
                    className={`${css.seat} ${state} ${onPick ? '' : css.readonly}`}
                    disabled={unavailable || !onPick}
                    onClick={() => onPick?.(mine ? null : seat)}
                    aria-pressed={onPick ? mine : undefined}
                  >
                    {/* The name starts with what the seat shows (axe label-content-name-mismatch), then says it in full. */}
                    {seat.seatNo}
                    {!unavailable && <small>{seat.price > 0 ? formatMoneyCompact(seat.price) : 'free'}</small>}
                    <VisuallyHidden>{`, Seat ${seatLabel(seat)}${unavailable ? ' (taken)' : ''}`}</VisuallyHidden>
                  </UnstyledButton>
                </Fragment>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
