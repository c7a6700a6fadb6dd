/**
 * A quotation priced from the contracts through the gateway: the customer's market over the site's default, cost
 * and margin from the rates' costs, a price overridden with its reason (marked, audited), a line below cost refused
 * without one, and none of it on the shared link.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import { addArea, createTransfers } from '@tp/contracts/endpoints/areas';
import {
  createNewAccomodation,
  createNewMarket,
  getExchangeRates,
  getQuotationSettings,
  saveExchangeRate,
  saveQuotationSettings,
  saveActivityTicketRates,
  saveTourOptionTransferRates,
  updateMarketForCustomer,
} from '@tp/contracts/endpoints/dmc';
import { getKartById, getSharedQuotation, saveKart, shareKart } from '@tp/contracts/endpoints/kart';
import { DMC_TEXT } from '@tp/domain/dmc';
import { uniquePhone } from './users-helpers.ts';
import { Client } from '../support/api.ts';
import { FLIGHTDEALS, SEASON, destination, ok, refused, staff, tag, type Destination } from './dmc-helpers.ts';

let c: Client;
let d: Destination;
let gccMarketId: string;
let customerId: string;

beforeAll(async () => {
  c = await staff();
  d = await destination(c);
  const gcc = await ok(c, createNewMarket, { name: `GCC ${tag()}`, currency: 'AED' });
  gccMarketId = gcc.marketId;
  const terms = { tourOptionId: d.tourOptionId, isPerPax: true, ...SEASON };
  // The destination's market: 100 / 80, costing 85 / 70; SIC round trip 40 a seat, costing 30.
  await ok(c, saveActivityTicketRates, {
    ...terms,
    marketId: d.marketId,
    adultAmount: 100,
    childAmount: 80,
    adultCost: 85,
    childCost: 70,
  });
  await ok(c, saveTourOptionTransferRates, {
    ...terms,
    marketId: d.marketId,
    description: 'SIC round trip',
    transferType: 'Pickup & Drop',
    sharingBasis: 'SIC',
    amount: 40,
    cost: 30,
  });
  // The GCC market sells the same ticket dearer.
  await ok(c, saveActivityTicketRates, { ...terms, marketId: gccMarketId, adultAmount: 150, childAmount: 120 });
  const customer = await ok(c, createDetailPendingCustomerForDmc, {
    firstName: 'Omar',
    lastName: 'Haddad',
    phone: uniquePhone(),
    phoneCode: 'in',
  });
  customerId = customer.id;
});

const kart = (over: Record<string, unknown> = {}) => ({
  customerId,
  kartName: `Pricing ${tag()}`,
  adults: 2,
  child: 1,
  infant: 0,
  arrivalDate: '2027-01-10',
  noOfDays: 3,
  noOfNights: 2,
  activities: [
    {
      activityId: d.activityId,
      tourOptionId: d.tourOptionId,
      startDate: '2027-01-11',
      time: '15:00',
      transfers: { transferType: 'return', sharingBasis: 'SIC' },
    },
  ],
  miscellaneous: [{ name: 'SIM card', description: '', price: 25, cost: 18, startDate: '2027-01-10' }],
  ...over,
});

describe('cost, sell and margin', () => {
  it('prices cost beside sell from the same contract rows and shows the working', async () => {
    const saved = await ok(c, saveKart, kart({ marketId: d.marketId }));
    // Sell: 2 × 100 + 80 + 3 × 40 = 400; cost: 2 × 85 + 70 + 3 × 30 = 330.
    expect(saved.activities[0]).toMatchObject({ price: 400, cost: 330 });
    expect(saved.activities[0].working).toBe('2 × AED 100.00 + 1 × AED 80.00 + 3 × AED 40.00 SIC Pickup & Drop');
    expect(saved.margins.lines.activities[0]).toMatchObject({ cost: 330, sell: 400, margin: 70, costKnown: true });
    expect(saved.margins).toMatchObject({ cost: 348, sell: 425, margin: 77, marginPercent: 18.12 });
    expect(saved.totalPrice).toBe(425);
  });

  it("warns under the site's minimum margin (audited setting), and not without one", async () => {
    await ok(c, saveQuotationSettings, { minimumMarginPercent: 30 });
    const under = await ok(c, saveKart, kart({ marketId: d.marketId }));
    expect(under).toMatchObject({ minimumMarginPercent: 30, marginBelowMinimum: true });
    await ok(c, saveQuotationSettings, { minimumMarginPercent: null });
    const none = await ok(c, getKartById, { id: under.id });
    expect(none).toMatchObject({ minimumMarginPercent: null, marginBelowMinimum: false });
    expect((await ok(c, getQuotationSettings, {})).baseCurrency).toBe('AED');
    const bad = await refused(c, saveQuotationSettings, { minimumMarginPercent: -1 });
    expect(bad.shortError).toHaveProperty('minimumMarginPercent');
  });

  it('sells at an overridden price with its reason, and refuses a line below cost without one', async () => {
    const below = await refused(
      c,
      saveKart,
      kart({ marketId: d.marketId, miscellaneous: [{ name: 'SIM', description: '', price: 10, cost: 18 }] }),
    );
    expect(below.shortError).toMatchObject({ 'miscellaneous.0.cost': DMC_TEXT.costAboveSell });
    const noReason = await refused(
      c,
      saveKart,
      kart({
        marketId: d.marketId,
        miscellaneous: [{ name: 'SIM', description: '', price: 25, override: { price: 20, reason: '' } }],
      }),
    );
    expect(noReason.shortError).toMatchObject({ 'miscellaneous.0.override.reason': DMC_TEXT.overrideReasonRequired });

    const base = kart({ marketId: d.marketId });
    const saved = await ok(c, saveKart, {
      ...base,
      activities: [{ ...base.activities[0], override: { price: 320, reason: 'Repeat guest' } }],
    });
    expect(saved.activities[0].price).toBe(400); // the contract price stays on the line
    expect(saved.totals.lines.activities[0].total).toBe(320);
    expect(saved.totalPrice).toBe(345);
    expect(saved.margins.lines.activities[0]).toMatchObject({
      computedPrice: 400,
      sell: 320,
      cost: 330,
      margin: -10,
      override: { price: 320, reason: 'Repeat guest' },
    });
    expect(saved.margins.overridden).toBe(1);

    // The shared link carries the overridden price and nothing of cost, margin, working or override.
    const share = await ok(c, shareKart, { id: saved.id });
    const shared = await ok(new Client(FLIGHTDEALS.domain), getSharedQuotation, { slug: share.slug });
    const text = JSON.stringify(shared);
    expect(text).toContain('345');
    for (const secret of ['margin', 'cost', 'Repeat guest', 'working', 'override']) expect(text).not.toContain(secret);
  });
});

describe("the customer's market", () => {
  it("prices in the customer's market over the site's default, and stores it", async () => {
    await ok(c, updateMarketForCustomer, { userId: customerId, marketId: gccMarketId });
    const saved = await ok(c, saveKart, kart({ activities: [{ ...kart().activities[0], transfers: {} }] }));
    expect(saved.marketId).toBe(gccMarketId);
    // GCC: 2 × 150 + 120.
    expect(saved.activities[0].price).toBe(420);
    // A market named on the quotation wins over the customer's.
    const named = await ok(
      c,
      saveKart,
      kart({ marketId: d.marketId, activities: [{ ...kart().activities[0], transfers: {} }] }),
    );
    expect(named.activities[0].price).toBe(280);
  });
});

describe('hotel transfers priced from the area transfers', () => {
  let hotelId: string;
  const [hotelArea, airportArea] = [() => d.areaIds[0], () => d.areaIds[1]];

  beforeAll(async () => {
    const hotel = await ok(c, createNewAccomodation, {
      name: `Creek Hotel ${tag()}`,
      address: 'Creek road',
      area: hotelArea(),
      cityId: d.cityId,
      cityName: 'City',
    });
    hotelId = hotel.id;
    const route = [
      { transferType: 'Pickup', from: airportArea(), to: hotelArea() },
      { transferType: 'Drop', from: hotelArea(), to: airportArea() },
    ];
    for (const r of route) {
      const common = { ...r, marketId: d.marketId, isStandAlone: true, ...SEASON };
      await ok(c, createTransfers, { ...common, description: 'Shared', sharingBasis: 'sharing', amount: 13.61 });
      // Private by vehicle band (dmc.md §1): sedan 1–3, van 4–7; nothing bigger, so 8 guests take two vans.
      await ok(c, createTransfers, {
        ...common,
        description: 'Sedan',
        sharingBasis: 'private',
        amount: 35.4,
        cost: 30,
        minPax: 1,
        maxPax: 3,
      });
      await ok(c, createTransfers, {
        ...common,
        description: 'Van',
        sharingBasis: 'private',
        amount: 40.84,
        cost: 35,
        minPax: 4,
        maxPax: 7,
      });
    }
    // A USD row in force today (a rerun on the same stack finds today's row already there).
    const today = new Date().toISOString().slice(0, 10);
    await c.call(saveExchangeRate, { currency: 'USD', rate: 3.6725, buffer: 2, validFrom: today });
  });

  /** The USD row the table has in force on a day, as the screen lists it. */
  async function usdRowOn(day: string) {
    const rows = (await ok(c, getExchangeRates, { search: 'USD' })).records as {
      id: string;
      currency: string;
      rate: number;
      buffer?: number;
      validFrom: string;
    }[];
    return rows
      .filter((r) => r.currency === 'USD' && r.validFrom <= day)
      .sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0]!;
  }
  const atRate = (usd: number, row: { rate: number; buffer?: number }) =>
    Math.round(usd * row.rate * (1 + (row.buffer ?? 0) / 100) * 100) / 100;

  /** A stay at the Creek hotel with a return transfer from the airport area. */
  const stay = (sharingBasis: string, over: Record<string, unknown> = {}) => ({
    accomodationId: hotelId,
    noOfNights: 4,
    checkinDate: '2027-01-10',
    numberOfRooms: 1,
    rooms: { double: { price: 400, count: 1 } },
    transferPrice: 1,
    airportAreaId: airportArea(),
    transferType: 'return',
    sharingBasis,
    ...over,
  });
  const hotelKart = (adults: number, child: number, sharingBasis: string, stays = [stay(sharingBasis)]) =>
    kart({
      marketId: d.marketId,
      adults,
      child,
      activities: [],
      accomodations: stays,
    });

  it('converts a USD area transfer into the AED quotation at the table rate, and names the rate', async () => {
    const saved = await ok(c, saveKart, hotelKart(2, 1, 'SIC'));
    const row = await usdRowOn(saved.quoteDate);
    // 3 seats each way at USD 13.61.
    const line = saved.accomodations[0];
    expect(line.transferPrice).toBe(atRate(81.66, row));
    expect(line.ratesUsed).toEqual([
      { from: 'USD', to: 'AED', rate: row.rate, buffer: row.buffer ?? 0, validFrom: row.validFrom },
    ]);
    expect(line.working).toContain('3 × USD 13.61 SIC arrival + 3 × USD 13.61 SIC departure');
    expect(saved.totals.lines.accomodations[0].transfer).toBe(line.transferPrice);
  });

  it('prices PVT for 8 guests as two vehicles of the top band, each way', async () => {
    const saved = await ok(c, saveKart, hotelKart(8, 0, 'PVT'));
    const row = await usdRowOn(saved.quoteDate);
    expect(saved.accomodations[0].working).toContain('2 × USD 40.84 PVT arrival + 2 × USD 40.84 PVT departure');
    expect(saved.accomodations[0].transferPrice).toBe(atRate(163.36, row));
    expect(saved.accomodations[0].transferCost).toBe(atRate(140, row));
  });

  it('prices a hotel change area to area: the second hotel is reached from the first, not from the airport', async () => {
    // A beach hotel in a third area, and the rides between the two hotels' areas and back to the airport.
    const beachArea = (await ok(c, addArea, { name: `Beach ${tag()}`, cityId: d.cityId })).id;
    const beach = await ok(c, createNewAccomodation, {
      name: `Beach Hotel ${tag()}`,
      address: 'Beach road',
      area: beachArea,
      cityId: d.cityId,
    });
    for (const [transferType, from, to, amount] of [
      ['Drop', hotelArea(), beachArea, 21.5],
      ['Pickup', hotelArea(), beachArea, 19],
      ['Drop', beachArea, airportArea(), 17.25],
    ] as const)
      await ok(c, createTransfers, {
        transferType,
        from,
        to,
        marketId: d.marketId,
        isStandAlone: true,
        ...SEASON,
        description: 'Shared',
        sharingBasis: 'sharing',
        amount,
      });
    const saved = await ok(
      c,
      saveKart,
      hotelKart(2, 0, 'SIC', [
        stay('SIC', { noOfNights: 2, transferType: 'oneway' }),
        stay('SIC', { accomodationId: beach.id, checkinDate: '2027-01-12', noOfNights: 2 }),
      ]),
    );
    const row = await usdRowOn(saved.quoteDate);
    // The first stay: arrival from the airport only. The second: the change from the first hotel's area (a Pickup
    // row, the leg it is), then the departure from the beach to the airport.
    expect(saved.accomodations[0].working).toMatch(/^2 × USD 13\.61 SIC arrival = AED /);
    expect(saved.accomodations[1].working).toContain('2 × USD 19.00 SIC hotel change + 2 × USD 17.25 SIC departure');
    expect(saved.accomodations[1].transferPrice).toBe(atRate(72.5, row));
  });

  it('keeps the rates a shared quotation froze when the table changes', async () => {
    const saved = await ok(c, saveKart, hotelKart(2, 1, 'SIC'));
    await ok(c, shareKart, { id: saved.id });
    const before = saved.accomodations[0].ratesUsed[0];
    // The table's row changes: an unshared quotation would be repriced; the shared one keeps its rate.
    const row = await usdRowOn(saved.quoteDate);
    await ok(c, saveExchangeRate, {
      id: row.id,
      currency: 'USD',
      rate: row.rate + 0.5,
      buffer: 0,
      validFrom: row.validFrom,
    });
    const current = await ok(c, getKartById, { id: saved.id });
    const again = await ok(c, saveKart, { ...hotelKart(2, 1, 'SIC'), id: saved.id, version: current.version });
    const fresh = await ok(c, saveKart, hotelKart(2, 1, 'SIC'));
    expect(fresh.accomodations[0].ratesUsed[0].rate).toBe(row.rate + 0.5);
    expect(again.accomodations[0].ratesUsed[0]).toEqual(before);
    expect(again.accomodations[0].transferPrice).toBe(saved.accomodations[0].transferPrice);
  });
});
