import { describe, expect, it } from 'vitest';
import {
  CART_STATUSES,
  CART_TEXT,
  activitySearchDefaults,
  applyActivityMarkup,
  cartEditable,
  cartMoveProblem,
  nextCartStatuses,
  partyChangeNeedsConfirming,
  partyLabel,
  tripDays,
  tripProblems,
  type CartStatus,
} from './activities.ts';

describe('applyActivityMarkup', () => {
  const party = { adults: 2, children: 1 };

  it('adds nothing without a rule', () => {
    expect(applyActivityMarkup(280, party, null)).toEqual({ net: 280, markup: 0, price: 280 });
  });

  it('adds a fixed amount per paying person (adults and children)', () => {
    expect(applyActivityMarkup(280, party, { markupType: 'fixed', markupValue: 10 })).toEqual({
      net: 280,
      markup: 30,
      price: 310,
    });
  });

  it('adds a percentage of the net, rounded to the cent', () => {
    expect(applyActivityMarkup(280, party, { markupType: 'percent', markupValue: 12.5 }).price).toBe(315);
    expect(applyActivityMarkup(99.99, party, { markupType: 'percent', markupValue: 3.333 })).toEqual({
      net: 99.99,
      markup: 3.33,
      price: 103.32,
    });
  });

  it('a zero markup leaves the price as it is', () => {
    expect(applyActivityMarkup(50, party, { markupType: 'percent', markupValue: 0 }).price).toBe(50);
    expect(applyActivityMarkup(50, party, { markupType: 'fixed', markupValue: 0 }).price).toBe(50);
  });
});

describe('cart statuses', () => {
  it('lets the owner submit, withdraw and cancel, never confirm', () => {
    expect(nextCartStatuses('draft', ['owner'])).toEqual(['submitted', 'cancelled']);
    expect(nextCartStatuses('submitted', ['owner'])).toEqual(['draft', 'cancelled']);
    expect(nextCartStatuses('confirmed', ['owner'])).toEqual([]);
    expect(nextCartStatuses('rejected', ['owner'])).toEqual(['draft']);
    expect(cartMoveProblem('submitted', 'confirmed', ['owner'], 1)).toBe(
      CART_TEXT.notAllowed('submitted', 'confirmed'),
    );
  });

  it('lets staff confirm or reject a submitted cart, voucher a confirmed one and cancel before the end', () => {
    expect(nextCartStatuses('submitted', ['staff'])).toEqual(['draft', 'confirmed', 'rejected', 'cancelled']);
    expect(nextCartStatuses('confirmed', ['staff'])).toEqual(['vouchered', 'cancelled']);
    expect(nextCartStatuses('vouchered', ['staff'])).toEqual(['cancelled']);
    expect(nextCartStatuses('rejected', ['staff'])).toEqual([]);
  });

  it('ends at cancelled: nobody moves a cancelled cart', () => {
    for (const to of CART_STATUSES) expect(cartMoveProblem('cancelled', to, ['owner', 'staff'], 1)).not.toBeNull();
  });

  it('refuses submitting an empty cart and a move to the same status', () => {
    expect(cartMoveProblem('draft', 'submitted', ['owner'], 0)).toBe(CART_TEXT.empty);
    expect(cartMoveProblem('draft', 'submitted', ['owner'], 1)).toBeNull();
    expect(cartMoveProblem('draft', 'draft', ['owner'], 1)).toBe(CART_TEXT.sameStatus('draft'));
  });

  it('every status can be reached from draft', () => {
    const seen = new Set<CartStatus>(['draft']);
    const queue: CartStatus[] = ['draft'];
    while (queue.length) {
      for (const next of nextCartStatuses(queue.shift()!, ['owner', 'staff']))
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
    }
    expect([...seen].sort()).toEqual([...CART_STATUSES].sort());
  });

  it('only a draft is editable', () => {
    expect(CART_STATUSES.filter(cartEditable)).toEqual(['draft']);
  });
});

describe('search defaults and trip rules', () => {
  it('opens on today + 4 days, 1 adult, 0 children, 0 infants', () => {
    expect(activitySearchDefaults('2026-12-30')).toEqual({
      startDate: '2026-12-30',
      endDate: '2027-01-03',
      adults: 1,
      children: 0,
      infants: 0,
    });
  });

  it('names each bad field', () => {
    const today = '2026-11-23';
    expect(tripProblems({ ...activitySearchDefaults(today) }, today)).toEqual({});
    expect(
      tripProblems({ startDate: '2026-11-22', endDate: '2026-11-30', adults: 1, children: 0 }, today),
    ).toHaveProperty('startDate');
    expect(
      tripProblems({ startDate: '2026-11-25', endDate: '2026-11-24', adults: 1, children: 0 }, today),
    ).toHaveProperty('endDate');
    expect(
      tripProblems({ startDate: '2026-02-30', endDate: '2026-11-24', adults: 1, children: 0 }, today),
    ).toHaveProperty('startDate');
    expect(tripProblems({ startDate: today, endDate: '2027-06-01', adults: 1, children: 0 }, today)).toHaveProperty(
      'endDate',
    );
    expect(tripProblems({ startDate: today, endDate: today, adults: 0, children: 2 }, today)).toHaveProperty('adults');
    expect(tripProblems({ startDate: today, endDate: today, adults: NaN, children: 0 }, today)).toHaveProperty(
      'adults',
    );
    expect(tripProblems({ startDate: today, endDate: today, adults: 40, children: 20 }, today)).toHaveProperty(
      'adults',
    );
  });
});

describe('tripDays', () => {
  it('lists every day of the trip, across a month and a year end', () => {
    expect(tripDays('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(tripDays('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(tripDays('2026-12-05', '2026-12-05')).toEqual(['2026-12-05']);
  });

  it('is empty for a range that is no trip', () => {
    expect(tripDays('2026-12-05', '2026-12-04')).toEqual([]);
    expect(tripDays('2026-02-30', '2026-03-04')).toEqual([]);
    expect(tripDays('2026-01-01', '2027-01-01')).toEqual([]);
  });
});

describe('the cart party', () => {
  it('reads as a sentence', () => {
    expect(partyLabel({ adults: 2, children: 1 })).toBe('2 adults and 1 child');
    expect(partyLabel({ adults: 1, children: 0 })).toBe('1 adult');
    expect(partyLabel({ adults: 3, children: 2 })).toBe('3 adults and 2 children');
  });

  it('a change needs confirming only on a cart with lines, for another party, not yet confirmed', () => {
    const cart = { adults: 2, children: 1, items: [{}] };
    expect(partyChangeNeedsConfirming(cart, { adults: 1, children: 0 }, false)).toBe(true);
    expect(partyChangeNeedsConfirming(cart, { adults: 2, children: 0 }, false)).toBe(true);
    expect(partyChangeNeedsConfirming(cart, { adults: 1, children: 0 }, true)).toBe(false);
    expect(partyChangeNeedsConfirming(cart, { adults: 2, children: 1 }, false)).toBe(false);
    expect(partyChangeNeedsConfirming({ ...cart, items: [] }, { adults: 1, children: 0 }, false)).toBe(false);
  });
});
