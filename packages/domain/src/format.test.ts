import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  isoDay,
  parseDateInput,
  partyLabel,
  statusKey,
  statusLabel,
} from './format.ts';

describe('formatMoney', () => {
  it('shows INR with the rupee sign, Indian grouping and always two decimals', () => {
    expect(formatMoney(8444)).toBe('₹8,444.00');
    expect(formatMoney(8444, 'INR')).toBe('₹8,444.00');
    expect(formatMoney(99)).toBe('₹99.00');
    expect(formatMoney(500000, 'INR')).toBe('₹5,00,000.00');
    expect(formatMoney(1234567.5, 'inr')).toBe('₹12,34,567.50');
    expect(formatMoney(0.1 + 0.2)).toBe('₹0.30');
    expect(formatMoney(99.999)).toBe('₹100.00');
    expect(formatMoney(0.005)).toBe('₹0.01');
  });

  it("shows another currency with that currency's own symbol in the same style", () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    // Intl keeps a code and its amount together with a no-break space.
    expect(formatMoney(1234.5, 'AED')).toBe('AED\u00a01,234.50');
  });

  it('signs negatives and never shows a negative zero', () => {
    expect(formatMoney(-50)).toBe('\u2212₹50.00');
    expect(formatMoney(-1234.5, 'USD')).toBe('\u2212$1,234.50');
    expect(formatMoney(-7, 'XX')).toBe('XX \u22127.00');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney(-0)).toBe('₹0.00');
    expect(formatMoney(-0.004)).toBe('₹0.00');
  });

  it('answers nothing for junk and spells out an unknown currency code', () => {
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('12' as unknown as number)).toBe('');
    expect(formatMoney(12, 'XX')).toBe('XX 12.00');
    expect(formatMoney(12, null)).toBe('₹12.00');
  });
});

describe('formatMoneyCompact', () => {
  it('shortens rupees for tight places with Indian units', () => {
    expect(formatMoneyCompact(350)).toBe('₹350');
    expect(formatMoneyCompact(349.6)).toBe('₹350');
    expect(formatMoneyCompact(1100)).toBe('₹1.1K');
    expect(formatMoneyCompact(5102)).toBe('₹5.1K');
    expect(formatMoneyCompact(150000)).toBe('₹1.5L');
    expect(formatMoneyCompact(0)).toBe('₹0');
    expect(formatMoneyCompact(Number.NaN)).toBe('');
  });
});

describe('formatDate / formatDateTime', () => {
  it('shows a calendar day and a wall-clock time as written (dd MMM yyyy, 24-hour)', () => {
    expect(formatDate('2025-03-05')).toBe('05 Mar 2025');
    expect(formatDate('2025-12-31T23:59:00')).toBe('31 Dec 2025');
    expect(formatDateTime('2025-03-05T14:30:00')).toBe('05 Mar 2025, 14:30');
    expect(formatDateTime('2025-03-05 07:05')).toBe('05 Mar 2025, 07:05');
    expect(formatDateTime('2025-03-05')).toBe('05 Mar 2025, 00:00');
  });

  it('shows instants in India time unless told another zone', () => {
    expect(formatDateTime('2025-03-05T09:00:00.000Z')).toBe('05 Mar 2025, 14:30');
    expect(formatDate('2025-03-05T20:00:00Z')).toBe('06 Mar 2025');
    expect(formatDateTime('2025-03-05T14:30:00+05:30')).toBe('05 Mar 2025, 14:30');
    expect(formatDateTime(new Date(Date.UTC(2025, 2, 5, 9, 0)))).toBe('05 Mar 2025, 14:30');
    expect(formatDateTime('2025-03-05T09:00:00.000Z', { timeZone: 'UTC' })).toBe('05 Mar 2025, 09:00');
  });

  it('answers nothing for a missing or unreadable date', () => {
    for (const junk of [
      null,
      undefined,
      '',
      '   ',
      'not a date',
      '2025-02-30',
      '2025-13-01',
      '5/3/2025',
      '2025-03-05T25:00',
    ]) {
      expect(formatDate(junk)).toBe('');
      expect(formatDateTime(junk)).toBe('');
    }
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('date inputs', () => {
  it('reads dd/mm/yyyy (day first) into ISO', () => {
    expect(parseDateInput('05/03/2025')).toBe('2025-03-05');
    expect(parseDateInput('5/3/2025')).toBe('2025-03-05');
    expect(parseDateInput(' 05-03-2025 ')).toBe('2025-03-05');
    expect(parseDateInput('05.03.2025')).toBe('2025-03-05');
    expect(parseDateInput('29/02/2024')).toBe('2024-02-29');
    expect(parseDateInput('2025-03-05')).toBe('2025-03-05');
  });

  it('refuses impossible and half-typed dates', () => {
    for (const junk of ['29/02/2025', '32/01/2025', '01/13/2025', '05/03/202', '05/03', '', null, 'tomorrow']) {
      expect(parseDateInput(junk)).toBeNull();
    }
  });

  it('gives the ISO day of a moment in a zone', () => {
    const t = new Date(Date.UTC(2025, 2, 5, 20, 0));
    expect(isoDay(t, 'UTC')).toBe('2025-03-05');
    expect(isoDay(t, 'Asia/Kolkata')).toBe('2025-03-06');
  });
});

describe('statusLabel', () => {
  it('labels every spelling of a known code the same way', () => {
    expect(statusLabel('CHANGEREQUESTED')).toBe('Change requested');
    expect(statusLabel('ChangeRequested')).toBe('Change requested');
    expect(statusLabel('change_requested')).toBe('Change requested');
    expect(statusLabel('TICKETED')).toBe('Ticketed');
    expect(statusLabel('PartiallyCancelled')).toBe('Partially cancelled');
    expect(statusKey('Change-Requested')).toBe('CHANGEREQUESTED');
  });

  it("uses a context's own meaning first", () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('completed', 'payment')).toBe('Paid');
    expect(statusLabel('applied', 'payment')).toBe('Successful');
    expect(statusLabel('created', 'order')).toBe('Awaiting payment');
    expect(statusLabel('failed', 'order')).toBe('Failed');
  });

  it('spells out an unknown code instead of showing it raw', () => {
    expect(statusLabel('NewThing_here')).toBe('New thing here');
    expect(statusLabel('AWAITING_SUPPLIER')).toBe('Awaiting supplier');
    expect(statusLabel('')).toBe('');
    expect(statusLabel(null)).toBe('');
  });
});

describe('countOf and partyLabel', () => {
  it('counts a noun in its right number, irregular plurals included', () => {
    expect(countOf(1, 'adult')).toBe('1 adult');
    expect(countOf(2, 'adult')).toBe('2 adults');
    expect(countOf(0, 'adult')).toBe('0 adults');
    expect(countOf(1, 'child')).toBe('1 child');
    expect(countOf(2, 'child')).toBe('2 children');
    expect(countOf(1, 'infant')).toBe('1 infant');
    expect(countOf(3, 'passenger')).toBe('3 passengers');
    expect(countOf(2, 'night')).toBe('2 nights');
  });

  it('names a party, leaving out the types nobody is', () => {
    expect(partyLabel({ adults: 1 })).toBe('1 adult');
    expect(partyLabel({ adults: 2, children: 2 })).toBe('2 adults, 2 children');
    expect(partyLabel({ adults: 1, children: 1, infants: 2 })).toBe('1 adult, 1 child, 2 infants');
    expect(partyLabel({ adults: 2, children: 0, infants: 1 })).toBe('2 adults, 1 infant');
  });
});
