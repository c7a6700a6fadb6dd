/**
 * Markup and discount rules through the gateway: the seeded rules, create / update / delete of each
 * kind with one rule per slot, validation with the spec's messages and no change, paging, the
 * permission, cross-site isolation; then pricingContextFor for retail, agents and staff (mapped group
 * vs the default group, TDS from the relation).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getLeGroups, mapLegalEntityToGroup, saveLeGroup } from '@tp/contracts/endpoints/groups';
import {
  deleteAirlineMarkup,
  deleteDefaultMarkup,
  deleteFixedDepartureMarkup,
  getAirlineMarkups,
  getDefaultMarkups,
  getFixedDepartureMarkups,
  MARKUP_MSG,
  saveAirlineMarkup,
  saveDefaultMarkup,
  saveFixedDepartureMarkup,
  type TMarkupSetting,
} from '@tp/contracts/endpoints/markup';
import { setLERelationConfig } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { Endpoint } from '@tp/contracts/endpoint';
import { allAirlines } from '@tp/reference-data/airlines';
import { priceFare, TDS_ON_COMMISSION_RATE, type SupplierFare } from '@tp/domain/pricing';
import { loadPrincipal } from '../../functions/src/lib/principal.ts';
import { pricingContextFor, pricingContextForConsumer } from '../../functions/src/markup/pricing.ts';
import { createAccount } from '../../functions/src/users/accounts/index.ts';
import { userIdByEmail } from '../../functions/src/users/repo.ts';
import { Client } from '../support/api.ts';
import { demo, FLIGHTDEALS, narrowedStaff, SKYWAY } from './customers-helpers.ts';
import { uniqueEmail, uniquePhone, useStackTable } from './users-helpers.ts';

let admin: Client;
let skywayAdmin: Client;

beforeAll(async () => {
  useStackTable();
  [admin, skywayAdmin] = await Promise.all([demo(FLIGHTDEALS, 'admin'), demo(SKYWAY, 'admin')]);
});

const RULE = { markupType: 'fixed', markupValue: 100, discountType: 'fixed', discountValue: 0, applyPer: 'passenger' };

async function newGroup(c: Client = admin): Promise<string> {
  const res = await c.call(saveLeGroup, { groupName: `Markup ${Math.random().toString(36).slice(2, 8)}` });
  expect(res.status).toBe(200);
  return res.body.result.id;
}

async function groupIdByName(name: string, c: Client = admin): Promise<string> {
  const res = await c.call(getLeGroups, {});
  return res.body.result.find((g: { groupName: string }) => g.groupName === name).id;
}

/** Every page of a list. */
async function all(e: Endpoint, input: Record<string, unknown>, c: Client = admin): Promise<TMarkupSetting[]> {
  const out: TMarkupSetting[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: any } = await c.call(e, { ...input, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.result.records);
    cursor = res.body.result.nextCursor;
  } while (cursor);
  return out;
}

describe('seeded markups', () => {
  it('Flight Deals: Default ₹150 per passenger and Air India 2 % less ₹50; B2B Gold ₹75', async () => {
    const defaults = await all(getDefaultMarkups, {});
    const byGroup = new Map(defaults.map((r) => [r.groupName, r]));
    expect(byGroup.get('Default')).toMatchObject({
      kind: 'default',
      markupType: 'fixed',
      markupValue: 150,
      discountValue: 0,
      applyPer: 'passenger',
      LEId: FLIGHTDEALS.ownerLegalEntityId,
    });
    expect(byGroup.get('B2B Gold')).toMatchObject({ markupType: 'fixed', markupValue: 75 });
    const airline = await all(getAirlineMarkups, { groupId: await groupIdByName('Default') });
    expect(airline).toEqual([
      expect.objectContaining({
        airlineCode: 'AI',
        markupType: 'percent',
        markupValue: 2,
        discountType: 'fixed',
        discountValue: 50,
      }),
    ]);
  });
});

describe('airline-specific markups', () => {
  it('are created, listed by group, updated in place and deleted, with the spec toast', async () => {
    const groupId = await newGroup();
    const created = await admin.call(saveAirlineMarkup, { groupId, airlineCode: 'ai', ...RULE });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe(MSG.settingSaved);
    const rule: TMarkupSetting = created.body.result;
    expect(rule).toMatchObject({ groupId, airlineCode: 'AI', kind: 'airline', markupValue: 100 });

    // Saving the same airline again (no markupId) updates that rule: one per group and airline.
    const again = await admin.call(saveAirlineMarkup, { groupId, airlineCode: 'AI', ...RULE, markupValue: 120 });
    expect(again.body.result).toMatchObject({ markupId: rule.markupId, markupValue: 120 });
    const other = await admin.call(saveAirlineMarkup, {
      groupId,
      airlineCode: '6E',
      ...RULE,
      markupType: 'percent',
      markupValue: 1.5,
    });
    expect(other.status).toBe(200);
    let list = await all(getAirlineMarkups, { groupId });
    expect(list.map((r) => [r.airlineCode, r.markupValue])).toEqual([
      ['6E', 1.5],
      ['AI', 120],
    ]);

    // An update by id may change the airline, but not onto one the group already has.
    const taken = await admin.call(saveAirlineMarkup, {
      markupId: other.body.result.markupId,
      groupId,
      airlineCode: 'AI',
      ...RULE,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.shortError).toEqual({ airlineCode: MARKUP_MSG.slotTaken });
    const moved = await admin.call(saveAirlineMarkup, {
      markupId: other.body.result.markupId,
      groupId,
      airlineCode: 'UK',
      ...RULE,
      discountValue: 25,
    });
    expect(moved.body.result).toMatchObject({ markupId: other.body.result.markupId, airlineCode: 'UK' });
    // The slot it left is free again.
    const sixE = await admin.call(saveAirlineMarkup, { groupId, airlineCode: '6E', ...RULE });
    expect(sixE.body.result.markupId).not.toBe(other.body.result.markupId);

    const del = await admin.call(deleteAirlineMarkup, { markupId: rule.markupId });
    expect(del.status).toBe(200);
    expect(del.body.result).toEqual({ markupId: rule.markupId });
    expect((await admin.call(deleteAirlineMarkup, { markupId: rule.markupId })).status).toBe(404);
    list = await all(getAirlineMarkups, { groupId });
    expect(list.map((r) => r.airlineCode)).toEqual(['6E', 'UK']);
    // A deleted airline can be set again (its slot was freed).
    expect((await admin.call(saveAirlineMarkup, { groupId, airlineCode: 'AI', ...RULE })).status).toBe(200);
  });

  it('are paged 50 at a time', async () => {
    const groupId = await newGroup();
    const codes = allAirlines()
      .slice(0, 53)
      .map((a) => a.code);
    for (const airlineCode of codes)
      expect((await admin.call(saveAirlineMarkup, { groupId, airlineCode, ...RULE })).status).toBe(200);
    const first = await admin.call(getAirlineMarkups, { groupId });
    expect(first.body.result.records).toHaveLength(50);
    expect(first.body.result.nextCursor).toEqual(expect.any(String));
    const everything = await all(getAirlineMarkups, { groupId });
    expect(everything.map((r) => r.airlineCode).sort()).toEqual([...codes].sort());
    // A cursor of another list (or a made-up one) is refused, not followed.
    const otherGroup = await newGroup();
    const bad = await admin.call(getAirlineMarkups, { groupId: otherGroup, cursor: first.body.result.nextCursor });
    expect(bad.status).toBe(400);
    expect((await admin.call(getAirlineMarkups, { groupId, cursor: 'bm9wZQ' })).status).toBe(400);
  });
});

describe('default airline markup', () => {
  it('is one per group: saving again updates it; deleted only through its own call', async () => {
    const groupId = await newGroup();
    const first = await admin.call(saveDefaultMarkup, { groupId, ...RULE });
    expect(first.status).toBe(200);
    const second = await admin.call(saveDefaultMarkup, { groupId, ...RULE, markupType: 'percent', markupValue: 3 });
    expect(second.body.result).toMatchObject({ markupId: first.body.result.markupId, markupType: 'percent' });
    expect((await all(getDefaultMarkups, { groupId })).map((r) => r.markupId)).toEqual([first.body.result.markupId]);
    // The site-wide list carries every group's default with its name.
    const names = (await all(getDefaultMarkups, {})).map((r) => r.groupName);
    expect(names).toEqual(expect.arrayContaining(['Default', 'B2B Gold']));

    // Another kind's delete call does not reach it.
    expect((await admin.call(deleteAirlineMarkup, { markupId: first.body.result.markupId })).status).toBe(404);
    expect((await admin.call(deleteDefaultMarkup, { markupId: first.body.result.markupId })).status).toBe(200);
    expect(await all(getDefaultMarkups, { groupId })).toEqual([]);
  });
});

describe('fixed-departure markup', () => {
  it('is one per group and sector', async () => {
    const groupId = await newGroup();
    const created = await admin.call(saveFixedDepartureMarkup, { groupId, origin: 'del', destination: 'BOM', ...RULE });
    expect(created.body.result).toMatchObject({ origin: 'DEL', destination: 'BOM', kind: 'fixedDeparture' });
    const again = await admin.call(saveFixedDepartureMarkup, {
      groupId,
      origin: 'DEL',
      destination: 'BOM',
      ...RULE,
      markupValue: 500,
    });
    expect(again.body.result).toMatchObject({ markupId: created.body.result.markupId, markupValue: 500 });
    await admin.call(saveFixedDepartureMarkup, { groupId, origin: 'BOM', destination: 'DEL', ...RULE });
    expect((await all(getFixedDepartureMarkups, { groupId })).map((r) => `${r.origin}-${r.destination}`)).toEqual([
      'BOM-DEL',
      'DEL-BOM',
    ]);
    const same = await admin.call(saveFixedDepartureMarkup, { groupId, origin: 'DEL', destination: 'del', ...RULE });
    expect(same.status).toBe(400);
    expect(same.body.shortError).toEqual({ destination: MARKUP_MSG.sameSector });
    expect((await admin.call(deleteFixedDepartureMarkup, { markupId: created.body.result.markupId })).status).toBe(200);
    expect(await all(getFixedDepartureMarkups, { groupId })).toHaveLength(1);
  });
});

describe('validation', () => {
  it('refuses bad rules with the field messages and changes nothing', async () => {
    const groupId = await newGroup();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...RULE, markupType: 'percent', markupValue: 100.5 }, { markupValue: MARKUP_MSG.percentOver100 }],
      [{ ...RULE, discountType: 'percent', discountValue: 101 }, { discountValue: MARKUP_MSG.percentOver100 }],
      [{ ...RULE, markupValue: -1 }, { markupValue: MARKUP_MSG.negativeAmount }],
      [{ ...RULE, markupValue: 'abc' }, { markupValue: MARKUP_MSG.invalidAmount }],
      [{ ...RULE, markupValue: '' }, { markupValue: MSG.required }],
      [{ ...RULE, markupType: undefined }, { markupType: MSG.required }],
      [{ ...RULE, airlineCode: 'A' }, { airlineCode: MARKUP_MSG.invalidAirline }],
      [{ ...RULE, airlineCode: '' }, { airlineCode: MSG.required }],
      [{ ...RULE, airlineCode: '00' }, { airlineCode: MARKUP_MSG.unknownAirline }],
    ];
    for (const [input, fields] of cases) {
      const res = await admin.call(saveAirlineMarkup, { groupId, airlineCode: 'AI', ...input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.shortError, JSON.stringify(input)).toMatchObject(fields);
    }
    // 100 % exactly and numeric text are fine.
    const ok = await admin.call(saveAirlineMarkup, {
      groupId,
      airlineCode: 'AI',
      ...RULE,
      markupType: 'percent',
      markupValue: '100',
    });
    expect(ok.body.result).toMatchObject({ markupValue: 100 });
    expect(await all(getAirlineMarkups, { groupId })).toHaveLength(1);
    expect((await admin.call(saveDefaultMarkup, { groupId: 'no-such-group', ...RULE })).status).toBe(404);
    expect(
      (await admin.call(saveAirlineMarkup, { markupId: 'nope', groupId, airlineCode: 'AI', ...RULE })).status,
    ).toBe(404);
  });

  it('needs the Manage markups permission (a staff default, spec 001 §6; a group may leave it out)', async () => {
    expect((await (await demo(FLIGHTDEALS, 'staff')).call(getDefaultMarkups, {})).status).toBe(200);
    const staff = await narrowedStaff(FLIGHTDEALS, ['flights.search']);
    expect((await staff.call(getDefaultMarkups, {})).status).toBe(403);
    expect((await staff.call(saveDefaultMarkup, { groupId: 'x', ...RULE })).status).toBe(403);
  });
});

describe('cross-site isolation', () => {
  it("another site neither sees nor changes this site's rules", async () => {
    const groupId = await newGroup();
    const ours = (await admin.call(saveAirlineMarkup, { groupId, airlineCode: 'AI', ...RULE })).body.result;
    const theirs = await all(getAirlineMarkups, {}, skywayAdmin);
    expect(theirs.map((r) => r.markupId)).not.toContain(ours.markupId);
    expect(await all(getAirlineMarkups, { groupId }, skywayAdmin)).toEqual([]);
    expect((await skywayAdmin.call(deleteAirlineMarkup, { markupId: ours.markupId })).status).toBe(404);
    const hijack = await skywayAdmin.call(saveAirlineMarkup, {
      markupId: ours.markupId,
      groupId,
      airlineCode: 'AI',
      ...RULE,
      markupValue: 1,
    });
    expect(hijack.status).toBe(404);
    expect((await skywayAdmin.call(saveDefaultMarkup, { groupId, ...RULE })).status).toBe(404);
    // A cursor from our list is no key into theirs.
    const page = await admin.call(getDefaultMarkups, {});
    if (page.body.result.nextCursor)
      expect((await skywayAdmin.call(getDefaultMarkups, { cursor: page.body.result.nextCursor })).status).toBe(400);
    expect(await all(getAirlineMarkups, { groupId })).toEqual([expect.objectContaining({ markupValue: 100 })]);
  });
});

describe('pricingContextFor', () => {
  const site = FLIGHTDEALS;
  const fare: SupplierFare = {
    currency: 'INR',
    baseFare: 6000,
    tax: 1000,
    yq: 400,
    otherCharges: 0,
    serviceFee: 0,
    txnFee: 0,
    commission: 200,
    incentive: 0,
    plb: 0,
  };
  const twoAdults = [{ passengerType: 1 as const, count: 2, baseFare: 3000, tax: 500 }];

  async function newUser(userType: 'retail' | 'travelAgent') {
    const user = await createAccount(
      { site, now: new Date() },
      {
        userType,
        email: uniqueEmail(userType),
        firstName: 'Price',
        lastName: 'Probe',
        phoneNumbers: [{ label: 'Primary', phoneNumber: uniquePhone(), phoneCountryCode: 'in' }],
        status: 'verified',
        passwordHash: 'x',
      },
    );
    return (await loadPrincipal(site.siteId, user.userId))!;
  }
  const principalOf = async (local: string) =>
    (await loadPrincipal(site.siteId, (await userIdByEmail(site.siteId, `${local}@${site.domain}`))!))!;

  it('retail without a group: the Default group, no commission', async () => {
    const ctx = await pricingContextFor(site, await newUser('retail'));
    expect(ctx.defaultRule).toMatchObject({ markupType: 'fixed', markupValue: 150, applyPer: 'passenger' });
    expect(ctx.airlineRules.AI).toMatchObject({ markupType: 'percent', markupValue: 2, discountValue: 50 });
    expect(ctx).toMatchObject({ gstRate: 0.18, earnsCommission: false, tdsRate: 0 });
    const priced = priceFare(fare, twoAdults, '6E', ctx).fare;
    expect(priced).toMatchObject({ markup: 300, gstOnMarkup: 54, commissionEarned: 0, totalFare: 7354 });
  });

  it('the seeded agent: its mapped group (B2B Gold), with commission', async () => {
    const ctx = await pricingContextFor(site, await principalOf('agent'));
    expect(ctx.defaultRule).toMatchObject({ markupValue: 75 });
    expect(ctx.airlineRules).toEqual({});
    expect(ctx.earnsCommission).toBe(true);
  });

  it('staff price with the default group and earn commission', async () => {
    const ctx = await pricingContextFor(site, await principalOf('staff'));
    expect(ctx.defaultRule).toMatchObject({ markupValue: 150 });
    expect(ctx.earnsCommission).toBe(true);
  });

  it('follows a group change and the TDS switch of the relation; consumers price the same way', async () => {
    const agent = await newUser('travelAgent');
    let ctx = await pricingContextFor(site, agent);
    expect(ctx).toMatchObject({ earnsCommission: true, tdsRate: 0, defaultRule: { markupValue: 150 } });

    const groupId = await newGroup();
    await admin.call(saveDefaultMarkup, { groupId, ...RULE, markupValue: 10 });
    await admin.call(saveAirlineMarkup, { groupId, airlineCode: 'UK', ...RULE, markupValue: 5 });
    await admin.call(saveFixedDepartureMarkup, { groupId, origin: 'DEL', destination: 'GOI', ...RULE });
    expect((await admin.call(mapLegalEntityToGroup, { groupId, LEId: agent.legalEntityId })).status).toBe(200);
    const tds = await admin.call(setLERelationConfig, { userLEID: agent.legalEntityId, isTdsDeductable: true });
    expect(tds.status).toBe(200);

    ctx = await pricingContextFor(site, agent);
    expect(ctx.defaultRule).toMatchObject({ markupValue: 10 });
    // Fixed-departure rules are not flight-search rules.
    expect(Object.keys(ctx.airlineRules)).toEqual(['UK']);
    expect(ctx.tdsRate).toBe(TDS_ON_COMMISSION_RATE);
    const priced = priceFare(fare, twoAdults, 'UK', ctx).fare;
    expect(priced).toMatchObject({ markup: 10, commissionEarned: 200, tds: 4 });

    const asConsumer = await pricingContextForConsumer(site, agent.legalEntityId);
    expect(asConsumer).toEqual(ctx);
    // Another site's view of the same legal entity id has nothing of this site's.
    const elsewhere = await pricingContextForConsumer(SKYWAY, agent.legalEntityId);
    expect(elsewhere.tdsRate).toBe(0);
    expect(elsewhere.airlineRules).toEqual({});
  });
});
