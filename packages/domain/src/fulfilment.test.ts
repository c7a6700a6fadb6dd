import { describe, expect, it } from 'vitest';
import { fulfilmentOf, hasSeatsFor, holdRefusal, offeredHold, type HoldRights } from './fulfilment.ts';

const all: HoldRights = { supplierAllowsHold: true, siteOffersHolds: true, callerMayHold: true };
const gds = { isLcc: false, isHoldAllowed: true };
const lcc = { isLcc: true, isHoldAllowed: false };

describe('fulfilment', () => {
  it('sells a GDS fare by booking and ticketing at once, whatever the hold rights', () => {
    const none: HoldRights = { supplierAllowsHold: false, siteOffersHolds: false, callerMayHold: false };
    expect(fulfilmentOf(gds, false, none)).toEqual({ ok: true, steps: 'bookAndTicket' });
    expect(fulfilmentOf(offeredHold(gds, false), false, none)).toEqual({ ok: true, steps: 'bookAndTicket' });
    expect(fulfilmentOf(lcc, false, none)).toEqual({ ok: true, steps: 'ticket' });
  });

  it('holds only where the fare, the supplier chain, the site and the caller all allow it', () => {
    expect(fulfilmentOf(gds, true, all)).toEqual({ ok: true, steps: 'hold' });
    expect(fulfilmentOf(lcc, true, all)).toEqual({ ok: false, reason: 'fareCannotBeHeld' });
    expect(holdRefusal({ ...gds, isHoldAllowed: false }, all)).toBe('fareCannotBeHeld');
    // As offered by a chain that forbids holds: the supplier's refusal, not the fare's, is the reason.
    expect(holdRefusal(offeredHold(gds, false), { ...all, supplierAllowsHold: false })).toBe('supplierForbidsHolds');
    expect(holdRefusal(gds, { ...all, siteOffersHolds: false })).toBe('siteOffersNoHolds');
    expect(holdRefusal(gds, { ...all, callerMayHold: false })).toBe('callerMayNotHold');
  });

  it('offers an option only with a seat for each seated passenger on every flight', () => {
    const option = (...seats: (number | undefined)[]) => ({ segments: [seats.map((seatsLeft) => ({ seatsLeft }))] });
    expect(hasSeatsFor(option(2, 3), 2)).toBe(true);
    expect(hasSeatsFor(option(2, 1), 2)).toBe(false);
    expect(hasSeatsFor(option(0), 1)).toBe(false);
    expect(hasSeatsFor(option(undefined), 4)).toBe(true);
  });
});
