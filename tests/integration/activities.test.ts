/**
 * Activities for agents and travellers through the gateway: the search priced by the rate
 * engine plus the caller's group activity markup (no net rate leaves); the cart (add, update, delete, clear,
 * remarks, assign, status) owned by its user and site; the queue with counts and pages; the markup calls; a
 * confirmed cart becoming a quotation; permissions, other users, other sites and bad input changing nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_MSG,
  addActivityMarkUp,
  addToCart,
  clearAllCart,
  createKartFromCart,
  deleteActivityMarkup,
  deleteCartItem,
  getActivityCities,
  getActivityMarkUp,
  getCartData,
  getQueue,
  searchActivitiesByCityId,
  updateCartData,
  updateCartStatus,
  updateRemarks,
  updateUserId,
} from '@tp/contracts/endpoints/activities';
import { saveActivityTicketRates, searchMarket } from '@tp/contracts/endpoints/dmc';
import { mapLegalEntityToGroup, saveLeGroup } from '@tp/contracts/endpoints/groups';
import { getAllKartsForWl, getKartById } from '@tp/contracts/endpoints/kart';
import { CART_TEXT, activitySearchDefaults } from '@tp/domain/activities';
import { formatMoney } from '@tp/domain/format';
import { addDays } from '../../packages/domain/src/dmc/kart/dates.ts';
import { createAccount } from '../../functions/src/users/accounts/index.ts';
import { hashPassword } from '../../functions/src/users/password.ts';
import { Client } from '../support/api.ts';
import { demo, narrowedStaff, newStaff, signedIn } from './customers-helpers.ts';
import { FLIGHTDEALS, SKYWAY, callAt, destination, ok, refused, staff, tag, type Destination } from './dmc-helpers.ts';
import { PASSWORD, uniqueEmail, uniquePhone } from './users-helpers.ts';
import { siteTimeZone } from '../../functions/src/lib/tenancy.ts';
import { localDay } from '../../functions/src/lib/time.ts';

let admin: Client;
let agent: Client;
let agentId: string;
let other: Client;
let otherId: string;
let foreign: Client;
let d: Destination;
let groupId: string;

// The site's own day (the server refuses dates before it): UTC's date is yesterday there after 18:30 UTC.
const today = localDay(new Date(), siteTimeZone(FLIGHTDEALS));
const start = addDays(today, 10);
const end = addDays(today, 14);
const trip = { startDate: start, endDate: end, adults: 2, children: 1 };

/** A new travel agent of its own legal entity, signed in; nobody else's test touches it. */
async function newAgent(): Promise<{ client: Client; userId: string; legalEntityId: string }> {
  const email = uniqueEmail('agent');
  const user = await createAccount({ site: FLIGHTDEALS, now: new Date() }, {
    userType: 'travelAgent',
    email,
    firstName: 'Test',
    lastName: `Agent ${tag()}`,
    companyName: `Agency ${tag()}`,
    phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
    status: 'verified',
    passwordHash: await hashPassword(PASSWORD),
  } as never);
  return {
    client: await signedIn(email, FLIGHTDEALS.domain, PASSWORD),
    userId: user.userId,
    legalEntityId: user.legalEntityId,
  };
}

beforeAll(async () => {
  admin = await staff();
  d = await destination(admin);
  // The search prices in the site's default market: rate the fresh tour option there (adult 100, child 80).
  const markets = await ok(admin, searchMarket, { limit: 100 });
  const market = markets.records.find((m: { isDefault: boolean }) => m.isDefault);
  expect(market).toBeTruthy();
  await ok(admin, saveActivityTicketRates, {
    tourOptionId: d.tourOptionId,
    marketId: market.marketId,
    isPerPax: true,
    validFromDate: today,
    validTillDate: addDays(today, 365),
    adultAmount: 100,
    childAmount: 80,
  });
  const a = await newAgent();
  const b = await newAgent();
  [agent, agentId, other, otherId] = [a.client, a.userId, b.client, b.userId];
  // The first agent's legal entity in a group of its own, whose activity markup the tests set.
  const group = await ok(admin, saveLeGroup, { groupName: `Activities ${tag()}` });
  groupId = group.id;
  await ok(admin, mapLegalEntityToGroup, { groupId, LEId: a.legalEntityId });
  foreign = await staff(SKYWAY);
}, 120_000);

const search = (c: Client, over: Record<string, unknown> = {}) =>
  ok(c, searchActivitiesByCityId, { cityId: d.cityId, ...trip, infants: 0, ...over });
const optionPrice = (page: { records: { tourOptions: { price: { price: number | null } }[] }[] }) =>
  page.records[0]!.tourOptions[0]!.price.price;

describe('activity markup', () => {
  it('prices the search with the group markup: fixed per person, percentage of the net; inactive or deleted: net', async () => {
    // Net for 2 adults and a child: 2 × 100 + 80.
    expect(optionPrice(await search(agent))).toBe(280);
    const fixed = await ok(admin, addActivityMarkUp, { groupId, markupType: 'fixed', markupValue: 10 });
    expect(fixed).toMatchObject({ groupId, markupType: 'fixed', markupValue: 10, isActive: true });
    expect(optionPrice(await search(agent))).toBe(310);
    // The other agent is in the default group: no markup.
    expect(optionPrice(await search(other))).toBe(280);
    // Saving again updates the group's one markup.
    const pct = await ok(admin, addActivityMarkUp, { groupId, markupType: 'percent', markupValue: 12.5 });
    expect(pct.id).toBe(fixed.id);
    expect(optionPrice(await search(agent))).toBe(315);
    await ok(admin, addActivityMarkUp, { groupId, markupType: 'percent', markupValue: 12.5, isActive: false });
    expect(optionPrice(await search(agent))).toBe(280);
    await ok(admin, addActivityMarkUp, { groupId, markupType: 'percent', markupValue: 12.5, isActive: true });
    const list = await ok(admin, getActivityMarkUp, {});
    expect(list.records.find((m: { id: string }) => m.id === fixed.id)).toMatchObject({ markupValue: 12.5 });
    // Only the customer's price leaves the server.
    const res = await search(agent);
    expect(JSON.stringify(res)).not.toMatch(/"net"|rateId|adultAmount/);
  });

  it('refuses bad markups and unknown groups; deletes by id; staff whose group leaves the permission out, agents and other sites get nothing', async () => {
    const pct = await refused(admin, addActivityMarkUp, { groupId, markupType: 'percent', markupValue: 101 });
    expect(pct.shortError).toMatchObject({ markupValue: ACTIVITY_MSG.percentOver100 });
    await refused(admin, addActivityMarkUp, { groupId, markupType: 'fixed', markupValue: -1 });
    await refused(admin, addActivityMarkUp, { groupId, markupType: 'bogus', markupValue: 1 });
    const unknown = await refused(admin, addActivityMarkUp, {
      groupId: 'nogroup1',
      markupType: 'fixed',
      markupValue: 1,
    });
    expect(unknown.message).toBe(ACTIVITY_MSG.unknownGroup);
    await refused(agent, addActivityMarkUp, { groupId, markupType: 'fixed', markupValue: 1 }, 403);
    // Markup settings are a staff default (spec 001 §6): plain staff read them and get past the permission (an
    // unknown group is theirs to be told about); a group that leaves the markup out refuses both.
    const plain = (await newStaff(FLIGHTDEALS)).client;
    expect((await ok(plain, getActivityMarkUp, {})).records.length).toBeGreaterThan(0);
    const plainUnknown = await refused(plain, addActivityMarkUp, {
      groupId: 'nogroup1',
      markupType: 'fixed',
      markupValue: 1,
    });
    expect(plainUnknown.message).toBe(ACTIVITY_MSG.unknownGroup);
    const narrowed = await narrowedStaff(FLIGHTDEALS, ['activities.book', 'activities.manage']);
    await refused(narrowed, addActivityMarkUp, { groupId, markupType: 'fixed', markupValue: 1 }, 403);
    await refused(narrowed, getActivityMarkUp, {}, 403);
    await refused(agent, getActivityMarkUp, {}, 403);
    // Another site cannot see or delete this site's markup.
    const mine = (await ok(admin, getActivityMarkUp, {})).records.find(
      (m: { groupId: string }) => m.groupId === groupId,
    );
    expect((await ok(foreign, getActivityMarkUp, {})).records.some((m: { id: string }) => m.id === mine.id)).toBe(
      false,
    );
    expect((await callAt(foreign, deleteActivityMarkup, { id: mine.id })).status).toBe(404);
    expect((await callAt(admin, deleteActivityMarkup, { id: 'dmc-no-such-markup' })).status).toBe(404);
    // Deleted and put back: the group then pays the net price meanwhile.
    expect((await callAt(admin, deleteActivityMarkup, { id: mine.id })).status).toBe(200);
    expect(optionPrice(await search(agent))).toBe(280);
    await ok(admin, addActivityMarkUp, { groupId, markupType: 'percent', markupValue: 12.5 });
  });
});

describe('search', () => {
  it('lists the cities and refuses bad dates and parties', async () => {
    const cities = await ok(agent, getActivityCities, {});
    expect(cities.some((c: { cityId: number }) => c.cityId === d.cityId)).toBe(true);
    const past = await refused(agent, searchActivitiesByCityId, { cityId: d.cityId, ...trip, startDate: '2020-01-01' });
    expect(past.shortError).toHaveProperty('startDate');
    const order = await refused(agent, searchActivitiesByCityId, {
      cityId: d.cityId,
      ...trip,
      endDate: addDays(start, -1),
    });
    expect(order.shortError).toHaveProperty('endDate');
    await refused(agent, searchActivitiesByCityId, { cityId: d.cityId, ...trip, adults: 0 });
    await refused(agent, searchActivitiesByCityId, { cityId: 'x', ...trip });
    // The spec's defaults: 1 adult, 0 children from today for 4 days.
    expect(activitySearchDefaults(today)).toMatchObject({ startDate: today, endDate: addDays(today, 4), adults: 1 });
    const defaults = await ok(agent, searchActivitiesByCityId, { cityId: d.cityId, ...activitySearchDefaults(today) });
    expect(defaults.records[0].tourOptions[0].price).toMatchObject({ available: true });
  });

  it('is refused without a session', async () => {
    const anon = new Client(FLIGHTDEALS.domain);
    expect((await anon.call(searchActivitiesByCityId, { cityId: d.cityId, ...trip })).status).toBe(401);
  });
});

describe('cart', () => {
  const item = () => ({ activityId: d.activityId, tourOptionId: d.tourOptionId, date: addDays(start, 1) });

  it('adds to the open draft, prices each line for the party with the owner markup, updates, deletes and clears', async () => {
    const first = await ok(agent, addToCart, { ...trip, item: item() });
    expect(first).toMatchObject({ status: 'draft', userId: agentId, adults: 2, children: 1, editable: true });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({ price: 315, date: addDays(start, 1) });
    expect(first.items[0]).not.toHaveProperty('net');
    // No cartId: the same open draft.
    const second = await ok(agent, addToCart, { ...trip, item: { ...item(), date: undefined } });
    expect(second.id).toBe(first.id);
    expect(second.items.map((l: { date: string }) => l.date)).toEqual([addDays(start, 1), start]);
    expect(second.totalPrice).toBe(630);
    expect(await ok(agent, getCartData, {})).toMatchObject({ id: first.id });
    // One adult: every line priced again (100 + 12.5 %).
    const updated = await ok(agent, updateCartData, {
      cartId: first.id,
      ...trip,
      adults: 1,
      children: 0,
      items: [{ itemId: second.items[1].itemId, date: addDays(start, 2) }],
    });
    expect(updated.items.map((l: { price: number }) => l.price)).toEqual([112.5, 112.5]);
    expect(updated.items[1].date).toBe(addDays(start, 2));
    const outside = await refused(agent, updateCartData, {
      cartId: first.id,
      ...trip,
      items: [{ itemId: second.items[1].itemId, date: addDays(end, 1) }],
    });
    expect(Object.keys(outside.shortError ?? {})).toEqual(['items.1.date']);
    const removed = await ok(agent, deleteCartItem, { cartId: first.id, itemId: updated.items[0].itemId });
    expect(removed.items).toHaveLength(1);
    expect((await refused(agent, deleteCartItem, { cartId: first.id, itemId: 'dmc-gone-1' })).message).toBe(
      ACTIVITY_MSG.unknownItem,
    );
    const cleared = await ok(agent, clearAllCart, { cartId: first.id });
    expect(cleared.items).toEqual([]);
    // An empty cart cannot be submitted.
    expect((await refused(agent, updateCartStatus, { cartId: first.id, status: 'submitted' })).message).toBe(
      CART_TEXT.empty,
    );
  });

  it('never changes the party of a cart unless the change is confirmed: 409 with its priced effect', async () => {
    const c = (await newAgent()).client;
    const first = await ok(c, addToCart, { ...trip, item: item() });
    // The search's defaults (1 adult) on a cart for 2 adults and a child: refused, nothing changed.
    const defaults = { startDate: start, endDate: end, adults: 1, children: 0 };
    const asked = await refused(c, addToCart, { ...defaults, item: item() }, 409);
    // Default group, no markup: each line 2 × 100 + 80 for the cart's party, 100 for one adult.
    expect(asked.detail).toEqual({
      current: { adults: 2, children: 1, totalPrice: 560 },
      requested: { adults: 1, children: 0, totalPrice: 200 },
      currency: 'AED',
    });
    expect(asked.message).toBe(
      ACTIVITY_MSG.partyChange('2 adults and 1 child', '1 adult', formatMoney(560, 'AED'), formatMoney(200, 'AED')),
    );
    expect(await ok(c, getCartData, { cartId: first.id })).toMatchObject({
      version: first.version,
      adults: 2,
      children: 1,
      totalPrice: 280,
    });
    // Kept: added for the cart's party. Confirmed: every line priced for the new one.
    const kept = await ok(c, addToCart, { ...trip, item: item() });
    expect(kept).toMatchObject({ adults: 2, children: 1, totalPrice: 560 });
    const changed = await ok(c, addToCart, { ...defaults, changeParty: true, item: item() });
    expect(changed).toMatchObject({ adults: 1, children: 0, totalPrice: 300 });
    // An empty cart has nothing to price again: its party simply becomes the one asked for.
    await ok(c, clearAllCart, { cartId: first.id });
    expect(await ok(c, addToCart, { ...trip, item: item() })).toMatchObject({
      adults: 2,
      children: 1,
      totalPrice: 280,
    });
  });

  it('widens the dates of the open draft when adding from another search, and prices every line for the new party', async () => {
    const c = (await newAgent()).client;
    await ok(c, addToCart, { ...trip, item: item() });
    const later = { startDate: addDays(end, 5), endDate: addDays(end, 8), adults: 1, children: 0 };
    // A new party is a choice the caller confirms.
    const both = await ok(c, addToCart, { ...later, changeParty: true, item: { ...item(), date: addDays(end, 6) } });
    expect(both).toMatchObject({ startDate: start, endDate: later.endDate, adults: 1, children: 0 });
    // Default group, no markup: 1 adult at 100 on each day.
    expect(both.items.map((l: { date: string; price: number }) => [l.date, l.price])).toEqual([
      [addDays(start, 1), 100],
      [addDays(end, 6), 100],
    ]);
  });

  it('refuses a tour option of another activity, an unknown one, or a date outside the cart', async () => {
    await refused(agent, addToCart, { ...trip, item: { ...item(), activityId: 'dmc-not-this-one' } });
    await refused(agent, addToCart, { ...trip, item: { ...item(), tourOptionId: 'dmc-no-such-option' } });
    const out = await refused(agent, addToCart, { ...trip, item: { ...item(), date: addDays(end, 3) } });
    expect(out.shortError).toHaveProperty(['item.date']);
    await refused(agent, addToCart, { ...trip, item: { ...item(), tourOptionId: 'bad#id' } });
  });

  it('belongs to its user and site: another agent and another site see nothing and change nothing', async () => {
    const cart = await ok(agent, addToCart, { ...trip, item: item() });
    for (const c of [other, foreign]) {
      expect((await c.call(getCartData, { cartId: cart.id })).status).toBe(404);
      expect((await c.call(clearAllCart, { cartId: cart.id })).status).toBe(404);
      expect((await c.call(updateRemarks, { cartId: cart.id, remarks: 'mine now' })).status).toBe(404);
      expect((await c.call(updateCartStatus, { cartId: cart.id, status: 'cancelled' })).status).toBe(404);
    }
    // Staff of another site cannot see the queue of this one.
    const theirs = await ok(foreign, getQueue, { status: 'draft' });
    expect(theirs.carts.some((c: { id: string }) => c.id === cart.id)).toBe(false);
    expect((await ok(agent, getCartData, { cartId: cart.id })).items).toHaveLength(cart.items.length);
    // Agents cannot assign carts.
    expect((await agent.call(updateUserId, { cartId: cart.id, userId: otherId })).status).toBe(403);
  });

  it('moves through the statuses by who may move it; counts follow; a confirmed cart becomes a quotation once', async () => {
    const cart = await ok(agent, addToCart, { ...trip, item: item() });
    await ok(agent, updateRemarks, { cartId: cart.id, remarks: 'Vegetarian meals please' });
    const before = (await ok(admin, getQueue, { status: 'submitted' })).statuses;
    const submitted = await ok(agent, updateCartStatus, { cartId: cart.id, status: 'submitted' });
    expect(submitted).toMatchObject({ status: 'submitted', editable: false, remarks: 'Vegetarian meals please' });
    expect(submitted.nextStatuses).toEqual(['draft', 'cancelled']);
    // No edits once submitted; the agent cannot confirm its own cart.
    await refused(agent, addToCart, { cartId: cart.id, ...trip, item: item() });
    const selfConfirm = await refused(agent, updateCartStatus, { cartId: cart.id, status: 'confirmed' });
    expect(selfConfirm.message).toMatch(/cannot be moved/);
    // Staff see it in the site queue, counted.
    const q = await ok(admin, getQueue, { status: 'submitted' });
    expect(q.carts.some((c: { id: string }) => c.id === cart.id)).toBe(true);
    const count = (s: { status: string; count: number }[], name: string) => s.find((x) => x.status === name)!.count;
    expect(count(q.statuses, 'submitted')).toBe(count(before, 'submitted') + 1);
    // The agent's own queue counts its own carts only.
    const mine = await ok(agent, getQueue, { status: 'submitted' });
    expect(mine.carts.every((c: { userId: string }) => c.userId === agentId)).toBe(true);
    expect((await ok(other, getQueue, { status: 'submitted' })).carts).toEqual([]);
    // Not confirmed yet: no quotation.
    expect((await refused(admin, createKartFromCart, { cartId: cart.id })).message).toBe(ACTIVITY_MSG.notConfirmed);
    const confirmed = await ok(admin, updateCartStatus, { cartId: cart.id, status: 'confirmed' });
    expect(confirmed.nextStatuses).toEqual(['vouchered', 'cancelled']);
    const made = await ok(admin, createKartFromCart, { cartId: cart.id });
    const kart = await ok(admin, getKartById, { id: made.kartId });
    expect(kart).toMatchObject({ customerId: agentId, adults: 2, child: 1, arrivalDate: start });
    expect(
      kart.activities.map((l: { tourOptionId: string; startDate: string }) => [l.tourOptionId, l.startDate]),
    ).toEqual(cart.items.map((l: { tourOptionId: string; date: string }) => [l.tourOptionId, l.date]));
    expect((await refused(admin, createKartFromCart, { cartId: cart.id }, 409)).message).toBe(ACTIVITY_MSG.alreadyKart);
    expect((await agent.call(createKartFromCart, { cartId: cart.id })).status).toBe(403);
    const vouchered = await ok(admin, updateCartStatus, { cartId: cart.id, status: 'vouchered' });
    expect(vouchered).toMatchObject({ status: 'vouchered', kartId: made.kartId });
    await refused(agent, updateCartStatus, { cartId: cart.id, status: 'cancelled' });
    await refused(admin, updateCartStatus, { cartId: cart.id, status: 'bogus' });
    // Staff assign it to the other agent: it moves to their queue.
    const assigned = await ok(admin, updateUserId, { cartId: cart.id, userId: otherId });
    expect(assigned.userId).toBe(otherId);
    expect((await ok(other, getQueue, { status: 'vouchered' })).carts.map((c: { id: string }) => c.id)).toEqual([
      cart.id,
    ]);
    expect((await agent.call(getCartData, { cartId: cart.id })).status).toBe(404);
    expect((await refused(admin, updateUserId, { cartId: cart.id, userId: 'nouser1' })).message).toBe(
      ACTIVITY_MSG.unknownUser,
    );
  });

  it('makes exactly one quotation of a confirmed cart, however many staff click at once', async () => {
    const cart = await ok(agent, addToCart, { ...trip, item: item() });
    await ok(agent, updateCartStatus, { cartId: cart.id, status: 'submitted' });
    await ok(admin, updateCartStatus, { cartId: cart.id, status: 'confirmed' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin.call(createKartFromCart, { cartId: cart.id })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    const made = answers.find((a) => a.status === 200)!.body.result as { kartId: string };
    // The quotations saved for the cart: exactly the one the cart names.
    const saved = await ok(admin, getAllKartsForWl, { search: cart.reference, limit: 50 });
    expect(saved.records.map((k: { id: string }) => k.id)).toEqual([made.kartId]);
    expect((await ok(admin, getCartData, { cartId: cart.id })).kartId).toBe(made.kartId);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(ACTIVITY_MSG.alreadyKart);
  });

  it('pages the queue by page and cursor; a status change starts again at page 1', async () => {
    const c = (await newAgent()).client;
    for (let i = 0; i < 3; i++) {
      const cart = await ok(c, addToCart, { ...trip, item: item() });
      await ok(c, updateCartStatus, { cartId: cart.id, status: 'cancelled' });
    }
    const page1 = await ok(c, getQueue, { status: 'cancelled', page: 1 });
    expect(page1.carts).toHaveLength(3);
    expect(page1).toMatchObject({ page: 1, totalPages: 1 });
    expect(page1.statuses.find((s: { status: string }) => s.status === 'cancelled').count).toBe(3);
    await refused(c, getQueue, { status: 'cancelled', page: 2, cursor: 'not a cursor' });
    await refused(c, getQueue, { status: 'cancelled', page: 0 });
  });
});

describe('demo data', () => {
  it("seeds carts in several statuses for the demo agent, priced with B2B Gold's activity markup", async () => {
    const demoAgent = await demo(FLIGHTDEALS, 'agent');
    const submitted = await ok(demoAgent, getQueue, { status: 'submitted' });
    expect(submitted.carts.map((c: { reference: string }) => c.reference)).toContain('A20261120-DEMO02');
    const confirmed = await ok(admin, getQueue, { status: 'confirmed' });
    expect(confirmed.carts.map((c: { id: string }) => c.id)).toContain('dmc-cart-demo-confirmed');
    const markups = await ok(admin, getActivityMarkUp, {});
    expect(
      markups.records.map((m: { groupName: string; markupValue: number }) => [m.groupName, m.markupValue]),
    ).toContainEqual(['B2B Gold', 10]);
  });
});
