/**
 * A quotation priced from the contracts through the gateway: the customer's market over the site's default, cost
 * and margin from the rates' costs, a price overridden with its reason (marked, audited), a line below cost refused
 * without one, and none of it on the shared link.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import {
  createNewMarket,
  saveActivityTicketRates,
  saveTourOptionTransferRates,
  updateMarketForCustomer,
} from '@tp/contracts/endpoints/dmc';
import { getSharedQuotation, saveKart, shareKart } from '@tp/contracts/endpoints/kart';
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
