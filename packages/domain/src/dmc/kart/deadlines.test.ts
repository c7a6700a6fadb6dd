import { describe, expect, it } from 'vitest';
import { kartDeadlineState, kartValidTill } from './deadlines.ts';
import { kart } from './fixtures.ts';

// Sample: quoted 2026-11-20 for 7 days, arrival 2026-12-10, payment deadline 2026-11-26.
const due = { balanceDue: 2707.1 };
const paid = { balanceDue: 0 };

describe('kartValidTill', () => {
  it('counts validity from the quote date, 7 days when unset, never past arrival', () => {
    expect(kartValidTill(kart())).toBe('2026-11-27');
    expect(kartValidTill(kart({ quoteValidyInDays: null, quoteDate: '2026-11-28' }))).toBe('2026-12-05');
    expect(kartValidTill(kart({ quoteValidyInDays: 30 }))).toBe('2026-12-10');
  });
});

describe('kartDeadlineState', () => {
  it('shows a quotation as expired the day after its validity', () => {
    expect(kartDeadlineState(kart(), paid, '2026-11-27').status).toBe('quotation');
    expect(kartDeadlineState(kart(), paid, '2026-11-28')).toMatchObject({ status: 'expired', payment: 'none' });
    // Vouchered and cancelled karts do not expire.
    expect(kartDeadlineState(kart({ isVouchered: true }), paid, '2027-01-01').status).toBe('vouchered');
    expect(kartDeadlineState(kart({ isVouchered: true, isCancelled: true }), due, '2026-11-25')).toMatchObject({
      status: 'cancelled',
      payment: 'none',
      remindToday: false,
    });
  });

  it('flags a balance as pending, due soon (within 3 days), then overdue', () => {
    const at = (today: string) => kartDeadlineState(kart(), due, today);
    expect(at('2026-11-22')).toMatchObject({ payment: 'pending', daysToPaymentDeadline: 4, remindToday: false });
    expect(at('2026-11-23')).toMatchObject({ payment: 'dueSoon', daysToPaymentDeadline: 3, remindToday: false });
    expect(at('2026-11-25')).toMatchObject({ payment: 'dueSoon', daysToPaymentDeadline: 1, remindToday: true });
    expect(at('2026-11-26')).toMatchObject({ payment: 'dueSoon', daysToPaymentDeadline: 0, remindToday: false });
    expect(at('2026-11-27')).toMatchObject({ payment: 'overdue', daysToPaymentDeadline: -1 });
    expect(kartDeadlineState(kart({ isVouchered: true }), due, '2026-12-01').payment).toBe('overdue');
  });

  it('has nothing to chase once paid, or without a deadline', () => {
    expect(kartDeadlineState(kart(), paid, '2026-11-25')).toMatchObject({ payment: 'paid', remindToday: false });
    expect(kartDeadlineState(kart({ paymentDeadline: null }), due, '2026-11-25')).toMatchObject({
      payment: 'noDeadline',
      daysToPaymentDeadline: null,
    });
  });

  it('counts calendar days across a month end and a leap day', () => {
    const k = kart({ quoteDate: '2028-02-27', arrivalDate: '2028-03-20', paymentDeadline: '2028-03-01' });
    expect(kartValidTill(k)).toBe('2028-03-05');
    expect(kartDeadlineState(k, due, '2028-02-28').daysToPaymentDeadline).toBe(2);
  });
});
