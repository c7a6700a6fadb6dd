import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VISA_TERMS,
  canTakeStep,
  documentsDeleteAfter,
  missingDocuments,
  passportExpiresTooSoon,
  travelDateProblems,
  visaFee,
  visaRefund,
} from './visa-applications.ts';

describe('visa application rules', () => {
  it('prices the fee per traveller with a percentage or a fixed markup, to the paisa', () => {
    expect(visaFee(6500, 2, { markupType: 'percentage', markupValue: 10 }, 'INR')).toEqual({
      feePerTraveller: 6500,
      travellers: 2,
      net: 13000,
      markup: 1300,
      total: 14300,
      currency: 'INR',
    });
    expect(visaFee(3333.33, 3, { markupType: 'percentage', markupValue: 7.5 }, 'INR')).toMatchObject({
      net: 9999.99,
      markup: 750,
      total: 10749.99,
    });
    expect(visaFee(2500, 3, { markupType: 'fixed', markupValue: 499 }, 'INR')).toMatchObject({
      markup: 1497,
      total: 8997,
    });
    expect(visaFee(2500, 1, { markupType: 'fixed', markupValue: -5 }, 'INR').markup).toBe(0);
  });

  it("refunds the site's percentage of what was paid, never more, nothing when nothing was paid", () => {
    const terms = { refundPercentOnRejection: 50, refundPercentOnCancellation: 100 };
    expect(visaRefund(11000, 'rejected', terms)).toBe(5500);
    expect(visaRefund(11000, 'cancelled', terms)).toBe(11000);
    expect(visaRefund(999.99, 'rejected', { ...terms, refundPercentOnRejection: 33 })).toBe(330);
    expect(visaRefund(100, 'cancelled', { ...terms, refundPercentOnCancellation: 150 })).toBe(100);
    expect(visaRefund(0, 'cancelled', terms)).toBe(0);
    expect(visaRefund(11000, 'rejected', DEFAULT_VISA_TERMS)).toBe(0);
  });

  it('moves an application only from the statuses each step allows', () => {
    expect(canTakeStep('draft', 'pay')).toBe(true);
    expect(canTakeStep('submitted', 'pay')).toBe(false);
    expect(canTakeStep('documentsRequested', 'upload')).toBe(true);
    expect(canTakeStep('lodged', 'upload')).toBe(false);
    expect(canTakeStep('lodged', 'cancelByApplicant')).toBe(false);
    expect(canTakeStep('lodged', 'cancelByStaff')).toBe(true);
    expect(canTakeStep('lodged', 'approve')).toBe(true);
    expect(canTakeStep('approved', 'reject')).toBe(false);
    expect(canTakeStep('rejected', 'cancelByStaff')).toBe(false);
  });

  it('lists the documents each traveller still owes, requested ones included', () => {
    const held = [
      { traveller: 0, document: 'Passport', requested: false },
      { traveller: 0, document: 'Photo', requested: true },
      { traveller: 1, document: 'Passport', requested: false },
    ];
    expect(missingDocuments(['Passport', 'Photo'], 2, held)).toEqual([
      { traveller: 0, document: 'Photo' },
      { traveller: 1, document: 'Photo' },
    ]);
    expect(missingDocuments(['Passport'], 2, held)).toEqual([]);
  });

  it('dates the deletion of documents and checks the trip and passport dates', () => {
    expect(documentsDeleteAfter('2026-01-10T08:00:00.000Z', 30)).toBe('2026-02-09T08:00:00.000Z');
    expect(documentsDeleteAfter('2026-01-10T08:00:00.000Z', 0)).toBe('2026-01-10T08:00:00.000Z');
    const m = { past: 'past', order: 'order' };
    expect(travelDateProblems({ travelFrom: '2026-03-01', travelTo: '2026-03-10' }, '2026-02-01', m)).toEqual({});
    expect(travelDateProblems({ travelFrom: '2026-01-01', travelTo: '2025-12-30' }, '2026-02-01', m)).toEqual({
      travelFrom: 'past',
      travelTo: 'order',
    });
    expect(passportExpiresTooSoon('2026-09-09', '2026-03-10')).toBe(true);
    expect(passportExpiresTooSoon('2026-09-10', '2026-03-10')).toBe(false);
  });
});
