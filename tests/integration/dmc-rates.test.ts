/**
 * Rates through the gateway: a market, an activity and a tour option; ticket and
 * transfer rates with the spec's checks; a new rate on top and the overlap warning; a drag (newPriority bottom
 * first) that changes which rate prices; the price call answering exactly what the rate engine computes from the
 * rates the API lists; stop-sales; deletes; every change in the record's audit trail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeTourOptionTicketRatePriority,
  checkRateOverlaps,
  deleteStopSale,
  deleteTourOptionTicketRates,
  getDmcAuditTrail,
  getStopSales,
  getTourOptionPriceForQuotationBuilder,
  getTourOptionsByCity,
  getTourOptionTicketRates,
  getTourOptionTransferRates,
  saveActivityTicketRates,
  saveStopSale,
  saveTourOptionTransferRates,
  DMC_MSG,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { dragToNewPriority, priceTourOption, DMC_TEXT } from '@tp/domain/dmc';
import type { Client } from '../support/api.ts';
import { SEASON, destination, ok, refused, staff, type Destination } from './dmc-helpers.ts';

let c: Client;
let d: Destination;

beforeAll(async () => {
  c = await staff();
  d = await destination(c);
});

const ticket = (over: Record<string, unknown> = {}) => ({
  tourOptionId: d.tourOptionId,
  marketId: d.marketId,
  adultAmount: 100,
  childAmount: 80,
  isPerPax: true,
  ...SEASON,
  ...over,
});
const sicReturn = (over: Record<string, unknown> = {}) => ({
  tourOptionId: d.tourOptionId,
  marketId: d.marketId,
  description: 'From Old Town hotels',
  transferType: 'Pickup & Drop',
  sharingBasis: 'SIC',
  amount: 40,
  isPerPax: true,
  ...SEASON,
  ...over,
});
const party = { date: '2026-11-10', adults: 2, children: 1 };

/** What the rate engine answers for the rates the API lists now. */
async function enginePrice(transfer: { transferType: 'return' | 'oneway'; sharingBasis: 'SIC' | 'PVT' } | null) {
  const [ticketRates, transferRates, stopSales] = await Promise.all([
    ok(c, getTourOptionTicketRates, { tourOptionId: d.tourOptionId }),
    ok(c, getTourOptionTransferRates, { tourOptionId: d.tourOptionId }),
    ok(c, getStopSales, { tourOptionId: d.tourOptionId }),
  ]);
  const tourOption = {
    id: d.tourOptionId,
    activityId: d.activityId,
    name: 'Evening SIC',
    description: '',
    hasTimeSlots: true,
    timeSlots: ['15:00'],
    hasMeal: false,
    hasGuide: false,
    hasTicket: true,
    pickupTime: '15:00',
    dropPickupTime: '21:00',
  };
  return priceTourOption(
    { tourOption, ticketRates, transferRates, stopSales },
    { marketId: d.marketId, name: 'x', currency: 'AED' },
    { ...party, transfer },
  );
}

describe('ticket and transfer rates, priority and the price', () => {
  let season: string;
  let promo: string;

  it('saves a season rate, then a promotion on top of it with an overlap warning', async () => {
    const first = await ok(c, saveActivityTicketRates, ticket());
    season = first.record.id;
    expect(first.record).toMatchObject({ priority: 1, adultAmount: 100, childAmount: 80, isPerPax: true });
    expect(first).toMatchObject({ overlaps: [], warning: null });

    const second = await ok(
      c,
      saveActivityTicketRates,
      ticket({ adultAmount: '90', childAmount: '70', validFromDate: '2026-11-01', validTillDate: '2026-11-30' }),
    );
    promo = second.record.id;
    expect(second.record).toMatchObject({ priority: 2, adultAmount: 90, childAmount: 70 });
    expect(second.overlaps).toEqual([season]);
    expect(second.warning).toBe(DMC_MSG.overlapWarning(1));

    const listed = await ok(c, getTourOptionTicketRates, { tourOptionId: d.tourOptionId });
    expect(listed.map((r: { id: string }) => r.id)).toEqual([promo, season]);
  });

  it('the overlap check answers the same before saving', async () => {
    const res = await ok(c, checkRateOverlaps, { kind: 'ticket', ...ticket({ validFromDate: '2026-11-15' }) });
    expect(res.overlaps.sort()).toEqual([promo, season].sort());
  });

  it('prices ticket + transfers exactly as the rate engine does', async () => {
    await ok(c, saveTourOptionTransferRates, sicReturn());
    const price = await ok(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: d.tourOptionId,
      marketId: d.marketId,
      ...party,
      transferType: 'return',
      sharingBasis: 'SIC',
    });
    // The promotion is on top: 2 × 90 + 70; a SIC round trip 40 a person × 3.
    expect(price).toMatchObject({ available: true, currency: 'AED', ticketPrice: 250, transferPrice: 120, price: 370 });
    expect(price.ticket.rateId).toBe(promo);
    expect(price).toEqual(await enginePrice({ transferType: 'return', sharingBasis: 'SIC' }));
  });

  it('a drag (newPriority sent bottom first) changes which rate prices', async () => {
    const shown = [promo, season];
    const newPriority = dragToNewPriority(shown, 0, 1);
    expect(newPriority).toEqual([promo, season]);
    const reordered = await ok(c, changeTourOptionTicketRatePriority, { tourOptionId: d.tourOptionId, newPriority });
    expect(reordered.map((r: { id: string; priority: number }) => [r.id, r.priority])).toEqual([
      [season, 2],
      [promo, 1],
    ]);
    const price = await ok(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: d.tourOptionId,
      marketId: d.marketId,
      ...party,
      transferType: 'return',
      sharingBasis: 'SIC',
    });
    expect(price).toMatchObject({ ticketPrice: 280, transferPrice: 120, price: 400 });
    expect(price.ticket.rateId).toBe(season);
    expect(price).toEqual(await enginePrice({ transferType: 'return', sharingBasis: 'SIC' }));
  });

  it('refuses a priority list that does not name every rate once, and changes nothing', async () => {
    const body = await refused(c, changeTourOptionTicketRatePriority, {
      tourOptionId: d.tourOptionId,
      newPriority: [season],
    });
    expect(body.shortError).toEqual({ newPriority: DMC_TEXT.priorityListMismatch });
    const listed = await ok(c, getTourOptionTicketRates, { tourOptionId: d.tourOptionId });
    expect(listed.map((r: { id: string }) => r.id)).toEqual([season, promo]);
  });

  it('a private transfer rate needs min and max pax, with the spec’s two messages, and is not saved', async () => {
    const before = await ok(c, getTourOptionTransferRates, { tourOptionId: d.tourOptionId });
    const body = await refused(c, saveTourOptionTransferRates, sicReturn({ sharingBasis: 'PVT', isPerPax: false }));
    expect(body.shortError).toEqual({ minPax: MSG.minPaxPrivate, maxPax: MSG.maxPaxPrivate });
    expect(body.errorMessage).toBe(MSG.minPaxPrivate);
    expect(await ok(c, getTourOptionTransferRates, { tourOptionId: d.tourOptionId })).toEqual(before);
  });

  it('refuses negative amounts, a missing description and an unknown market', async () => {
    const body = await refused(c, saveTourOptionTransferRates, sicReturn({ amount: -1, description: '' }));
    expect(body.shortError).toEqual({ description: MSG.required, amount: MSG.tooSmall(0) });
    const unknown = await refused(c, saveActivityTicketRates, ticket({ marketId: 'dmc-mkt-nowhere' }));
    expect(unknown.shortError).toEqual({ marketId: DMC_MSG.unknownMarket });
    const dates = await refused(c, saveActivityTicketRates, ticket({ validFromDate: '2026-02-30' }));
    expect(dates.shortError).toEqual({ validFromDate: MSG.invalidDate });
  });

  it('a private vehicle band prices per vehicle, and a party past the top band adds vehicles', async () => {
    await ok(
      c,
      saveTourOptionTransferRates,
      sicReturn({ sharingBasis: 'PVT', isPerPax: false, amount: 450, minPax: 1, maxPax: 3, description: 'Sedan' }),
    );
    const big = await ok(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: d.tourOptionId,
      marketId: d.marketId,
      date: party.date,
      adults: '7',
      children: 0,
      transferType: 'return',
      sharingBasis: 'PVT',
    });
    expect(big.transfers).toMatchObject([{ sharingBasis: 'PVT', units: 3, amount: 1350 }]);
  });

  it('needs a sharing basis with a transfer type', async () => {
    const body = await refused(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: d.tourOptionId,
      ...party,
      transferType: 'oneway',
    });
    expect(body.shortError).toEqual({ sharingBasis: MSG.sharingBasisActivity });
  });

  it('a stop-sale blocks the date with its reason; other days still price', async () => {
    const stop = await ok(c, saveStopSale, {
      tourOptionId: d.tourOptionId,
      fromDate: '2026-12-31',
      tillDate: '2026-12-31',
      reason: 'Fireworks night',
    });
    const blocked = await ok(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: d.tourOptionId,
      marketId: d.marketId,
      date: '2026-12-31',
      adults: 1,
    });
    expect(blocked).toMatchObject({
      available: false,
      reason: { code: 'stopSale', message: DMC_TEXT.stopSale('2026-12-31', '2026-12-31', 'Fireworks night') },
    });
    const before = await ok(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: d.tourOptionId,
      marketId: d.marketId,
      date: '2026-12-30',
      adults: 1,
    });
    expect(before.available).toBe(true);
    await ok(c, deleteStopSale, { id: stop.id });
    expect(await ok(c, getStopSales, { tourOptionId: d.tourOptionId })).toEqual([]);
  });

  it('outside every validity the answer says why', async () => {
    const res = await ok(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: d.tourOptionId,
      marketId: d.marketId,
      date: '2028-01-01',
      adults: 1,
    });
    expect(res).toMatchObject({ available: false, reason: { code: 'noTicketRate' } });
    expect(res.reason.message).toContain('valid on 2028-01-01');
  });

  it('lists the city’s tour options priced for the party', async () => {
    const page = await ok(c, getTourOptionsByCity, { cityId: d.cityId, marketId: d.marketId, ...party });
    expect(page.records).toHaveLength(1);
    const [entry] = page.records;
    expect(entry.activity.id).toBe(d.activityId);
    expect(entry.tourOptions[0]).toMatchObject({
      tourOption: { id: d.tourOptionId },
      price: { available: true, ticketPrice: 280, transferPrice: 0 },
      transferBases: ['SIC', 'PVT'],
    });
  });

  it('deletes a rate: it leaves the list and the priority list', async () => {
    await ok(c, deleteTourOptionTicketRates, { id: promo });
    const listed = await ok(c, getTourOptionTicketRates, { tourOptionId: d.tourOptionId });
    expect(listed.map((r: { id: string; priority: number }) => [r.id, r.priority])).toEqual([[season, 1]]);
    const again = await c.call(deleteTourOptionTicketRates, { id: promo });
    expect(again.status).toBe(404);
  });

  it('keeps every change in the audit trail: who, when, before and after', async () => {
    const edited = await ok(c, saveActivityTicketRates, ticket({ id: season, adultAmount: 105 }));
    expect(edited.record).toMatchObject({ id: season, adultAmount: 105, priority: 1 });
    const trail = await ok(c, getDmcAuditTrail, { entity: 'ticketRate', id: season });
    expect(trail.records.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    const [update] = trail.records;
    expect(update.by.email).toBe('admin@flightdeals.localhost');
    expect(update.changes).toEqual([{ field: 'adultAmount', before: 100, after: 105 }]);
    expect(Date.parse(update.at)).toBeGreaterThan(Date.now() - 60_000);
    const deleted = await ok(c, getDmcAuditTrail, { entity: 'ticketRate', id: promo });
    expect(deleted.records[0]).toMatchObject({ action: 'delete', after: null });
    const option = await ok(c, getDmcAuditTrail, { entity: 'tourOption', id: d.tourOptionId });
    expect(
      option.records.some((e: { changes: { field: string }[] }) => e.changes[0]?.field === 'ticketRatePriority'),
    ).toBe(true);
  });
});
