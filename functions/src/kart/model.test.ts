import { describe, expect, it } from 'vitest';
import { withComputedPrices, type Kart } from '@tp/domain/dmc';
import type { SiteRecord } from '#lib/tenancy';
import { kartRow, kartView, type KartRecord } from './model.ts';

const site = { siteId: 's1', domain: 'fd.example', timeZone: 'Asia/Dubai' } as unknown as SiteRecord;
const now = new Date('2026-11-20T08:00:00Z');

const kart: Kart = {
  id: 'kart-1',
  quotationId: 'Q-1',
  customerId: 'cust-1',
  kartName: 'Dubai December',
  adults: 2,
  child: 0,
  infant: 0,
  arrivalDate: '2026-12-10',
  quoteValidyInDays: 7,
  quoteDate: '2026-11-20',
  accomodations: [],
  activities: [],
  miscellaneous: [
    { id: 'misc-1', name: 'Desert safari', description: '', price: 400, startDate: '2026-12-11' },
    { id: 'misc-2', name: 'SIM card', description: '', price: 25.1, startDate: '2026-12-10' },
  ],
  flightDetails: [],
  passengers: [],
  serviceCharge: 50,
  remittanceCharge: null,
  discount: 20,
  remark: '',
  priceBreakup: 'full',
  noOfDays: 3,
  noOfNights: 2,
  isVouchered: false,
  isCancelled: false,
  paymentDeadline: null,
  collectedPayment: 100,
  internalRemark: '',
  remarkForCustomer: '',
  currencySymbol: 'AED',
  isAgentBranding: false,
};

const stored = (k: Kart): KartRecord => ({
  ...withComputedPrices(k),
  version: 1,
  marketId: null,
  customerName: 'Arjun Sharma',
  customerPhone: '+971500000000',
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  share: null,
});

describe('a saved kart’s total', () => {
  it('is the one computed on save, in the view and in the list row alike', () => {
    const record = stored(kart);
    expect(record.totalPrice).toBe(455.1); // 400 + 25.10 + 50 − 20
    const view = kartView(site, record, now);
    const row = kartRow(site, record, '2026-11-20');
    expect(view.totals).toBe(record.totals);
    expect(view.totalPrice).toBe(455.1);
    expect(row.totalPrice).toBe(455.1);
    expect(row.balanceDue).toBe(355.1);
  });

  it('is read as stored, never priced again from the lines', () => {
    const record = stored(kart);
    // Lines changed behind the stored amounts: what the kart shows is still what the save computed.
    const edited: KartRecord = { ...record, serviceCharge: 0 };
    expect(kartRow(site, edited, '2026-11-20')).toMatchObject({ totalPrice: 455.1, balanceDue: 355.1 });
    expect(kartView(site, edited, now).totals.grandTotal).toBe(455.1);
  });
});
