/**
 * Combos, the one exchange-rate table and the activity cart's money through the gateway (docs/dmc.md "Combos in
 * quotations and carts", "The activity cart pays"): a combo's price replaces its options' in a cart and in a
 * quotation and drops back when an option is taken off; an Indian agent sees the cart in INR beside AED at the
 * table's rate; confirming debits the agent's wallet once under ten parallel confirms, an empty wallet refuses the
 * move and changes nothing; the vouchered cart's invoice is in rupees at the table's rate; ten parallel cancels give
 * the money back once. On SkyWay, whose carts and settings no other test uses (the paying status is site-wide).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_MSG,
  addToCart,
  deleteCartItem,
  getCartData,
  searchActivitiesByCityId,
  updateCartStatus,
  type TCart,
} from '@tp/contracts/endpoints/activities';
import {
  createDmcCombo,
  getExchangeRates,
  saveActivityTicketRates,
  saveCartPayment,
  saveExchangeRate,
  saveTourOptions,
  searchMarket,
  type TExchangeRate,
} from '@tp/contracts/endpoints/dmc';
import { getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import { formatMoney } from '@tp/domain/format';
import { saveKart } from '@tp/contracts/endpoints/kart';
import { addDays } from '../../packages/domain/src/dmc/kart/dates.ts';
import { createAccount } from '../../functions/src/users/accounts/index.ts';
import { hashPassword } from '../../functions/src/users/password.ts';
import { move } from '../../functions/src/wallet/ledger.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { siteTimeZone } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import type { Client } from '../support/api.ts';
import { signedIn } from './customers-helpers.ts';
import { SKYWAY, destination, ok, refused, staff, tag, type Destination } from './dmc-helpers.ts';
import { PASSWORD, uniqueEmail, uniquePhone } from './users-helpers.ts';

const today = localDay(new Date(), siteTimeZone(SKYWAY));
const day = addDays(today, 12);
const trip = { startDate: day, endDate: addDays(day, 2), adults: 2, children: 0 };
const TOP_UP = 100_000;

let admin: Client;
let d: Destination;
let optionB: string;
let inr: TExchangeRate;
let comboName: string;

async function newAgent() {
  const email = uniqueEmail('cartpay');
  const user = await createAccount({ site: SKYWAY, now: new Date() }, {
    userType: 'travelAgent',
    email,
    firstName: 'Ravi',
    lastName: `Agent ${tag()}`,
    companyName: `Agency ${tag()}`,
    phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
    status: 'verified',
    passwordHash: await hashPassword(PASSWORD),
  } as never);
  return { client: await signedIn(email, SKYWAY.domain, PASSWORD), ...user };
}

const topUp = (legalEntityId: string, amount: number) =>
  move('credit', {
    siteId: SKYWAY.siteId,
    legalEntityId,
    entryId: `test-topup-${tag()}`,
    amount,
    currency: 'INR',
    kind: 'topUp',
    remark: 'Test top-up',
    byUserId: 'test',
    now: new Date(),
  });

/** A cart of both options for the trip, submitted by its agent. */
async function submittedCart(agent: Client): Promise<TCart> {
  await ok(agent, addToCart, { ...trip, item: { activityId: d.activityId, tourOptionId: d.tourOptionId } });
  const cart = await ok<TCart>(agent, addToCart, {
    ...trip,
    item: { activityId: d.activityId, tourOptionId: optionB },
  });
  return ok<TCart>(agent, updateCartStatus, { cartId: cart.id, status: 'submitted' });
}

/** AED in INR at the table's INR row (AED → INR divides by the row's rate and adds its buffer), to the paisa. */
const inInr = (aed: number) =>
  Math.round(((aed / inr.rate) * (1 + (inr.buffer ?? 0) / 100) + Number.EPSILON) * 100) / 100;

beforeAll(async () => {
  admin = await staff(SKYWAY);
  d = await destination(admin);
  const markets = await ok(admin, searchMarket, { limit: 100 });
  const market = markets.records.find((m: { isDefault: boolean }) => m.isDefault)!;
  const b = await ok(admin, saveTourOptions, { activityId: d.activityId, name: 'Morning dunes', hasTimeSlots: false });
  optionB = b.id;
  const validity = { isPerPax: true, validFromDate: today, validTillDate: addDays(today, 365) };
  for (const marketId of new Set([market.marketId, d.marketId])) {
    await ok(admin, saveActivityTicketRates, {
      ...validity,
      tourOptionId: d.tourOptionId,
      marketId,
      adultAmount: 100,
      childAmount: 80,
    });
    await ok(admin, saveActivityTicketRates, {
      ...validity,
      tourOptionId: optionB,
      marketId,
      adultAmount: 60,
      childAmount: 40,
    });
  }
  // Both options together: AED 120 a person instead of 100 + 60.
  comboName = `Dunes duo ${tag()}`;
  await ok(admin, createDmcCombo, {
    name: comboName,
    currency: 'AED',
    amount: 120,
    tourOptions: [{ tourOptionId: d.tourOptionId }, { tourOptionId: optionB }],
  });
  // The rupee's row in force today (a run earlier today may have saved it: rows are one per currency and day).
  await admin.call(saveExchangeRate, { currency: 'INR', rate: 0.044, buffer: 1, validFrom: today });
  const rows = (await ok<{ records: TExchangeRate[] }>(admin, getExchangeRates, { search: 'INR' })).records;
  inr = rows
    .filter((r) => r.currency === 'INR' && r.validFrom <= today)
    .sort((x, y) => y.validFrom.localeCompare(x.validFrom))[0]!;
  await ok(admin, saveCartPayment, { cartPaysAt: 'confirmed' });
}, 120_000);

describe('combos', () => {
  it("replace their options' prices in a cart, shown with the options named, and drop back when one is taken off", async () => {
    const { client: agent } = await newAgent();
    const search = await ok(agent, searchActivitiesByCityId, { cityId: d.cityId, ...trip, infants: 0 });
    const priceOf = (id: string) =>
      search.records[0].tourOptions.find((o: { tourOption: { id: string } }) => o.tourOption.id === id).price
        .price as number;
    const [singleA, singleB] = [priceOf(d.tourOptionId), priceOf(optionB)];
    // Each price in the agent's rupees beside the dirhams.
    expect(search.records[0].tourOptions[0].price.localPrice).toMatchObject({ currency: 'INR' });
    // The agent's markup (if any) stays on each line; the nets 200 + 120 become the combo's 240.
    const markups = singleA - 200 + (singleB - 120);
    await ok(agent, addToCart, { ...trip, item: { activityId: d.activityId, tourOptionId: d.tourOptionId } });
    const both = await ok<TCart>(agent, addToCart, {
      ...trip,
      item: { activityId: d.activityId, tourOptionId: optionB },
    });
    expect(both.totalPrice).toBeCloseTo(240 + markups, 2);
    expect(both.items.map((l) => l.combo?.name)).toEqual([comboName, comboName]);
    expect(both.items[0]!.combo).toMatchObject({ options: ['Evening SIC', 'Morning dunes'] });
    // The Indian agent sees the total in rupees beside the dirhams, with the rate named.
    expect(both.localTotal).toMatchObject({ currency: 'INR', amount: inInr(both.totalPrice) });
    expect(both.localTotal!.rateText).toContain(`INR 1 = AED ${inr.rate}`);
    const one = await ok<TCart>(agent, deleteCartItem, { cartId: both.id, itemId: both.items[1]!.itemId });
    expect(one.items).toMatchObject([{ price: singleA, combo: null }]);
    expect(one.totalPrice).toBe(singleA);
  });

  it('replace their options in a quotation, and the single prices come back without one of them', async () => {
    const { userId } = await newAgent();
    const line = (tourOptionId: string, time: string | null) => ({
      activityId: d.activityId,
      tourOptionId,
      startDate: day,
      time,
      transfers: {},
    });
    const body = {
      customerId: userId,
      kartName: `Combo ${tag()}`,
      marketId: d.marketId,
      adults: 2,
      child: 0,
      infant: 0,
      arrivalDate: day,
      noOfDays: 2,
      noOfNights: 1,
      currencySymbol: 'AED',
      activities: [line(d.tourOptionId, '15:00'), line(optionB, null)],
    };
    const saved = await ok(admin, saveKart, body);
    expect(saved.activities.map((l: { price: number }) => l.price)).toEqual([150, 90]);
    expect(saved.activities[0].combo).toMatchObject({ name: comboName, price: 240, replaces: 320 });
    expect(saved.activities[1].working).toContain(`Combo ${comboName} (Evening SIC + Morning dunes)`);
    expect(saved.totalPrice).toBe(240);
    const alone = await ok(admin, saveKart, {
      ...body,
      id: saved.id,
      version: saved.version,
      activities: [line(optionB, null)],
    });
    expect(alone.activities[0]).toMatchObject({ price: 120, combo: null });
  });
});

describe('the activity cart pays', () => {
  it('debits the wallet once under ten parallel confirms, invoices in rupees, and refunds once under ten cancels', async () => {
    const agent = await newAgent();
    await topUp(agent.legalEntityId, TOP_UP);
    const cart = await submittedCart(agent.client);
    const due = inInr(cart.totalPrice);
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () => admin.call(updateCartStatus, { cartId: cart.id, status: 'confirmed' })),
    );
    expect(
      confirms.every((r) => [200, 400, 409].includes(r.status)),
      JSON.stringify(confirms.map((r) => r.status)),
    ).toBe(true);
    expect(confirms.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect((await balanceOf(SKYWAY.siteId, agent.legalEntityId)).balance).toBeCloseTo(TOP_UP - due, 2);
    const confirmed = await ok<TCart>(admin, updateCartStatus, { cartId: cart.id, status: 'vouchered' });
    expect(confirmed.payment).toMatchObject({ method: 'wallet', amount: due, currency: 'INR', refundedAt: null });
    expect(confirmed.payment!.rateText).toContain('INR 1 = AED');
    // Vouchering does not pay again.
    expect((await balanceOf(SKYWAY.siteId, agent.legalEntityId)).balance).toBeCloseTo(TOP_UP - due, 2);

    // The AED cart's invoice is in rupees at the table's rate, which it names.
    const invoice = await ok(admin, getSourceInvoice, { source: 'cart', sourceId: cart.id });
    expect(invoice).toMatchObject({ currency: 'INR', conversion: { currency: 'AED', amount: cart.totalPrice } });
    expect(invoice.conversion.inrPerUnit).toBeCloseTo((1 / inr.rate) * (1 + (inr.buffer ?? 0) / 100), 3);
    expect(invoice.total).toBeCloseTo(due, 0);

    const cancels = await Promise.all(
      Array.from({ length: 10 }, () => admin.call(updateCartStatus, { cartId: cart.id, status: 'cancelled' })),
    );
    expect(cancels.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect((await balanceOf(SKYWAY.siteId, agent.legalEntityId)).balance).toBeCloseTo(TOP_UP, 2);
    const last = cancels.find((r) => r.status === 200)!.body.result as TCart;
    expect(last.payment?.refundedAt).toBeTruthy();
  });

  it('refuses the confirm of an agent whose wallet cannot pay, and changes nothing', async () => {
    const agent = await newAgent();
    const cart = await submittedCart(agent.client);
    const res = await refused(admin, updateCartStatus, { cartId: cart.id, status: 'confirmed' }, 402);
    expect(res.message).toBe(ACTIVITY_MSG.walletShort(formatMoney(inInr(cart.totalPrice), 'INR')));
    expect((await balanceOf(SKYWAY.siteId, agent.legalEntityId)).balance).toBe(0);
    expect((await ok<TCart>(agent.client, getCartData, { cartId: cart.id })).status).toBe('submitted');
  });
});
