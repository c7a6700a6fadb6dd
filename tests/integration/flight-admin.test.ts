/**
 * The staff flight back office through the gateway, on sites made for this file (so saving a supply
 * setting never disturbs another test's site): write-only supply secrets, the TBO connection test
 * against the local stub, the supply cache cleared on save, staff-only and permission checks, one site
 * never seeing another's, supplier wallets, P&L totals against an independent sum, the test-host tools,
 * and the TBO refund import crediting each refund exactly once (twice, concurrently, and after).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { BOOKING_STATUS, search } from '@tp/contracts/endpoints/flights';
import {
  FLIGHT_ADMIN_MSG,
  addSupplierDeposit,
  applyTboRefunds,
  getFlightSettings,
  getInfozealVouchers,
  getSupplierAccounts,
  getSupplierProfitLoss,
  getSupplierStatement,
  previewTboRefunds,
  saveFlightSettings,
  testFlightSupply,
} from '@tp/contracts/endpoints/flight-admin';
import { getActiveGateway } from '@tp/contracts/endpoints/wallet';
import { putBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { walletEntriesOfBooking } from '../../functions/src/tickets/repo.ts';
import * as tickets from '../../functions/src/tickets/operations/index.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { demoBooking, demoUser } from '../../scripts/seed/bookings.ts';
import type { Client } from '../support/api.ts';
import { startDuffelStub } from '../support/duffel-stub.ts';
import { startTboStub, type TboStub } from '../support/tbo-stub.ts';
import { demo, FLIGHTDEALS, narrowedStaff, newStaff, PARTNER, SKYWAY } from './customers-helpers.ts';
import { newAgent } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';
import { unseal } from '../../functions/src/lib/sealed.ts';
import { wiring as flightAdminWiring } from '../../functions/src/entries/flight-admin.ts';

type Site = typeof FLIGHTDEALS;

/** A site of its own: a copy of Flight Deals under a fresh id and domain. */
async function freshSite(isTestHost = true): Promise<Site> {
  const id = asSiteId(`site-fa${randomUUID().slice(0, 8)}`);
  const site: Site = { ...FLIGHTDEALS, siteId: id, _id: id, domain: `${id}.localhost`, extraDomains: [], isTestHost };
  const { extraDomains: _unused, ...record } = site;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.site(id), type: 'Site', ...record } }));
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.domain(site.domain), type: 'Domain', siteId: id } }),
  );
  return site;
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

let stub: TboStub;
let site: Site;
let admin: { client: Client; userId: string };
let agent: Awaited<ReturnType<typeof newAgent>>;

beforeAll(async () => {
  useStackTable();
  stub = await startTboStub();
  site = await freshSite();
  admin = await newStaff(site, { superAdmin: true });
  agent = await newAgent(site);
});
afterAll(() => stub.stop());

/** A booking of the file's agent on the file's site, written with the flights repo (every index item). */
async function booking(
  over: Partial<Parameters<typeof demoBooking>[0]> = {},
  edit: (b: BookingRecord) => BookingRecord = (b) => b,
): Promise<BookingRecord> {
  const user = (await demoUser(site.siteId, agent.email))!;
  const now = new Date();
  const record = edit(
    demoBooking({
      siteId: site.siteId,
      user,
      bookingId: `FA${randomUUID().slice(0, 8)}`,
      pnr: `P${randomUUID().replace(/-/g, '').slice(0, 5).toUpperCase()}`,
      createdAt: now,
      travelDate: new Date(now.getTime() + 20 * DAY),
      statusId: BOOKING_STATUS.ticketed,
      route: ['DEL', 'BOM'],
      airline: '6E',
      passengers: [
        { firstName: 'Asha', lastName: 'Rao' },
        { firstName: 'Ravi', lastName: 'Rao' },
      ],
      ...over,
    }),
  );
  await putBooking(record);
  return record;
}

/** A priced fare with markup, GST, commission passed on and TDS, as an agent's booking carries. */
const agentFare = (b: BookingRecord): BookingRecord => {
  const f = {
    ...b.fare,
    markup: 300,
    gstOnMarkup: 54,
    discount: 40,
    commissionEarned: 120,
    tds: 2.4,
    baggagePrice: 500,
  };
  const totalPayableAmt = r2(f.publishedFare + 300 + 54 - 40 - 120 + 2.4 + 500);
  return {
    ...b,
    fare: { ...f, totalPayable: totalPayableAmt - 500, totalPayableAmt },
    accounting: { ...b.accounting, amountCharged: totalPayableAmt },
  };
};

/** A ticketed booking with an open partial-refund change request on its first ticket. */
const withOpenRefund = (b: BookingRecord): BookingRecord => ({
  ...b,
  statusId: BOOKING_STATUS.changeRequested,
  status: 'ChangeRequested',
  ticketCRInfo: [
    {
      changeRequestId: `CR${randomUUID().slice(0, 8)}`,
      ticketId: b.passengers[0]!.ticket!.ticketId,
      requestType: 2,
      status: 'Pending',
      remarks: 'Refund please',
      createdAt: b.createdAt,
    },
  ],
});

describe('payment gateway in flight settings', () => {
  const policies = { lookToBook: { ratio: 40, freeLooks: 12 }, holdsOffered: true };
  const secret = `pp-secret-${randomUUID()}`;

  it('starts with no gateway and offers the sandbox on a stage that allows it', async () => {
    const view = (await admin.client.call(getFlightSettings, {})).body.result;
    expect(view.payment).toEqual({ active: null, sandboxAllowed: true, isSandbox: false, phonepe: null });
    expect((await agent.client.call(getActiveGateway, {})).body.result).toEqual({
      name: null,
      label: 'None',
      isSandbox: false,
    });
  });

  it('refuses PhonePe without its secrets and stores nothing', async () => {
    const res = await admin.client.call(saveFlightSettings, {
      ...policies,
      payment: { kind: 'phonepe', clientVersion: 1, env: 'PRODUCTION' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.shortError ?? {}).sort()).toEqual(['payment.clientId', 'payment.clientSecret']);
    expect((await admin.client.call(getFlightSettings, {})).body.result.payment.active).toBeNull();
  });

  it('stores PhonePe credentials write-only, then switches to the sandbox keeping them', async () => {
    const saved = await admin.client.call(saveFlightSettings, {
      ...policies,
      payment: { kind: 'phonepe', clientId: 'PP-CLIENT-1', clientSecret: secret, clientVersion: 2, env: 'PRODUCTION' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.payment).toEqual({
      active: 'phonepe',
      sandboxAllowed: true,
      isSandbox: false,
      phonepe: { clientIdSet: true, clientSecretSet: true, clientVersion: 2, env: 'PRODUCTION', callbackSet: false },
    });
    expect(JSON.stringify(saved.body)).not.toContain(secret);
    expect((await agent.client.call(getActiveGateway, {})).body.result).toMatchObject({
      name: 'phonepe',
      isSandbox: false,
    });

    const sandbox = await admin.client.call(saveFlightSettings, { ...policies, payment: { kind: 'sandbox' } });
    expect(sandbox.body.result.payment).toMatchObject({
      active: 'sandbox',
      isSandbox: true,
      phonepe: { clientIdSet: true },
    });
    expect((await agent.client.call(getActiveGateway, {})).body.result).toEqual({
      name: 'sandbox',
      label: 'Sandbox gateway',
      isSandbox: true,
    });

    // Back to PhonePe with blank secrets: the stored ones are kept.
    const back = await admin.client.call(saveFlightSettings, {
      ...policies,
      payment: { kind: 'phonepe', clientId: '', clientSecret: '', clientVersion: 2, env: 'SANDBOX' },
    });
    expect(back.body.result.payment).toMatchObject({ active: 'phonepe', isSandbox: true });
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.siteSecrets(site.siteId) }));
    // The table holds ciphertext only (lib/sealed.ts); opened, it is the setting.
    expect(JSON.stringify(stored.Item)).not.toContain(secret);
    expect(await unseal(stored.Item?.paymentGateway, { siteId: site.siteId, field: 'paymentGateway' })).toEqual({
      active: 'phonepe',
      phonepe: { clientId: 'PP-CLIENT-1', clientSecret: secret, clientVersion: 2, env: 'SANDBOX' },
    });
  });

  it('takes the PhonePe callback credentials as a pair, write-only', async () => {
    const phonepe = { kind: 'phonepe', clientVersion: 2, env: 'PRODUCTION' } as const;
    const half = await admin.client.call(saveFlightSettings, {
      ...policies,
      payment: { ...phonepe, callbackUsername: 'cb-user' },
    });
    expect(half.status).toBe(400);
    expect(half.body.shortError).toEqual({ 'payment.callbackPassword': FLIGHT_ADMIN_MSG.callbackPair });

    const both = await admin.client.call(saveFlightSettings, {
      ...policies,
      payment: { ...phonepe, callbackUsername: 'cb-user', callbackPassword: 'cb-pass-secret' },
    });
    expect(both.body.result.payment.phonepe).toMatchObject({ callbackSet: true, clientIdSet: true });
    expect(JSON.stringify(both.body)).not.toContain('cb-pass-secret');
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.siteSecrets(site.siteId) }));
    expect(JSON.stringify(stored.Item)).not.toContain('cb-pass-secret');
    const opened = (await unseal(stored.Item?.paymentGateway, { siteId: site.siteId, field: 'paymentGateway' })) as {
      phonepe: unknown;
    };
    expect(opened.phonepe).toMatchObject({
      clientId: 'PP-CLIENT-1',
      callbackUsername: 'cb-user',
      callbackPassword: 'cb-pass-secret',
    });
  });

  it('leaves the gateway alone when a save does not name it', async () => {
    const before = (await admin.client.call(getFlightSettings, {})).body.result.payment;
    const res = await admin.client.call(saveFlightSettings, policies);
    expect(res.body.result.payment).toEqual(before);
  });
});

describe('flight settings', () => {
  it('stores TBO secrets write-only, tests the connection, and the next search uses the new supply', async () => {
    const initial = await admin.client.call(getFlightSettings, {});
    expect(initial.status).toBe(200);
    expect(initial.body.result).toMatchObject({ supply: { kind: 'simulator' }, suppliedBy: null, holdsOffered: true });

    const { clientId, userName, password } = stub.credentials;
    const saved = await admin.client.call(saveFlightSettings, {
      supply: { kind: 'tbo', baseUrl: stub.url, clientId, userName, password },
      lookToBook: { ratio: 40, freeLooks: 12 },
      holdsOffered: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      supply: { kind: 'tbo', baseUrl: stub.url, clientIdSet: true, userNameSet: true, passwordSet: true },
      lookToBook: { ratio: 40, freeLooks: 12 },
      holdsOffered: false,
    });
    expect(saved.body.result.supply.userNameLast4).toBe(userName.slice(-4));
    const read = await admin.client.call(getFlightSettings, {});
    for (const body of [JSON.stringify(saved.body), JSON.stringify(read.body)]) {
      expect(body).not.toContain(password);
      expect(body).not.toContain(clientId);
      expect(body).not.toContain(userName);
    }

    const ok = await admin.client.call(testFlightSupply, {});
    expect(ok.body.result).toMatchObject({ ok: true });
    // Unsaved values are tried with the stored secrets filling the blanks; a wrong password is refused.
    const wrong = await admin.client.call(testFlightSupply, {
      supply: { kind: 'tbo', baseUrl: stub.url, password: 'not-it' },
    });
    expect(wrong.body.result).toMatchObject({ ok: false, message: expect.stringMatching(/refused/) });

    // Saving again with blank secrets keeps them.
    const again = await admin.client.call(saveFlightSettings, {
      supply: { kind: 'tbo', baseUrl: stub.url, clientId: '', password: '' },
      lookToBook: { ratio: 40, freeLooks: 12 },
      holdsOffered: true,
    });
    expect(again.body.result.supply).toMatchObject({ passwordSet: true, clientIdSet: true });
    expect((await admin.client.call(testFlightSupply, {})).body.result.ok).toBe(true);

    const searches = stub.calls.filter((c) => c.op === 'search').length;
    const res = await admin.client.call(search, {
      JourneyType: 1,
      segments: [
        {
          origin: 'DEL',
          destination: 'BOM',
          preferredDepartureTime: `${dayOf(new Date(Date.now() + 25 * DAY))}T00:00:00`,
        },
      ],
      adultCount: 1,
    });
    expect(res.status).toBe(200);
    expect(stub.calls.filter((c) => c.op === 'search').length).toBe(searches + 1);
  });

  it('stores a Duffel access token sealed and write-only, tests it, and the next search asks Duffel', async () => {
    const duffel = await startDuffelStub();
    try {
      const other = await freshSite();
      const staff = await newStaff(other, { superAdmin: true });
      const policies = { lookToBook: { ratio: 500, freeLooks: 300 }, holdsOffered: true };
      const blank = await staff.client.call(saveFlightSettings, {
        ...policies,
        supply: { kind: 'duffel', baseUrl: duffel.url },
      });
      expect(blank.status).toBe(400);
      expect(blank.body.shortError).toEqual({ 'supply.accessToken': FLIGHT_ADMIN_MSG.secretRequired });

      const saved = await staff.client.call(saveFlightSettings, {
        ...policies,
        supply: { kind: 'duffel', baseUrl: duffel.url, accessToken: duffel.token },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.result.supply).toEqual({
        kind: 'duffel',
        baseUrl: duffel.url,
        accessTokenSet: true,
        webhookSecretSet: false,
        testMode: true,
      });
      const read = await staff.client.call(getFlightSettings, {});
      for (const body of [JSON.stringify(saved.body), JSON.stringify(read.body)])
        expect(body).not.toContain(duffel.token);
      const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.siteSecrets(other.siteId) }));
      expect(JSON.stringify(stored.Item)).not.toContain(duffel.token);
      expect(await unseal(stored.Item?.flightSupply, { siteId: other.siteId, field: 'flightSupply' })).toEqual({
        kind: 'duffel',
        baseUrl: duffel.url,
        accessToken: duffel.token,
      });

      expect((await staff.client.call(testFlightSupply, {})).body.result).toMatchObject({ ok: true });
      const wrong = await staff.client.call(testFlightSupply, {
        supply: { kind: 'duffel', baseUrl: duffel.url, accessToken: 'duffel_test_not-it' },
      });
      expect(wrong.body.result).toMatchObject({ ok: false, message: expect.stringMatching(/refused/) });
      // Blank keeps the stored token.
      const again = await staff.client.call(saveFlightSettings, {
        ...policies,
        supply: { kind: 'duffel', baseUrl: duffel.url, accessToken: '' },
      });
      expect(again.body.result.supply).toMatchObject({ accessTokenSet: true });

      const customer = await newAgent(other);
      const res = await customer.client.call(search, {
        JourneyType: 1,
        segments: [
          {
            origin: 'DEL',
            destination: 'BOM',
            preferredDepartureTime: `${dayOf(new Date(Date.now() + 25 * DAY))}T00:00:00`,
          },
        ],
        adultCount: 1,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(duffel.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/air/offer_requests'))).toHaveLength(
        1,
      );
      expect(res.body.result.results[0].length).toBeGreaterThan(0);
    } finally {
      await duffel.stop();
    }
  });

  it('refuses a TBO setting without its secrets, changing nothing', async () => {
    const other = await freshSite();
    const staff = await newStaff(other, { superAdmin: true });
    const res = await staff.client.call(saveFlightSettings, {
      supply: { kind: 'tbo', baseUrl: stub.url, userName: 'only-this' },
      lookToBook: { ratio: 5, freeLooks: 5 },
      holdsOffered: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError).toHaveProperty(['supply.password']);
    expect((await staff.client.call(getFlightSettings, {})).body.result).toMatchObject({
      supply: { kind: 'simulator' },
      lookToBook: { ratio: 500, freeLooks: 300 },
    });
  });

  it('shows a consumer site who supplies it, and keeps its source', async () => {
    const partner = await demo(PARTNER, 'admin');
    const view = await partner.call(getFlightSettings, {});
    expect(view.body.result.suppliedBy).toMatchObject({ siteId: FLIGHTDEALS.siteId, name: FLIGHTDEALS.companyName });
    const res = await partner.call(saveFlightSettings, {
      supply: { kind: 'simulator', latencyMs: 10 },
      lookToBook: { ratio: 500, freeLooks: 300 },
      holdsOffered: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toContain(FLIGHTDEALS.companyName);
  });

  it('is staff-only, with the permission, and never shows another site', async () => {
    expect((await agent.client.call(getFlightSettings, {})).status).toBe(403);
    expect((await (await demo(FLIGHTDEALS, 'retail')).call(getSupplierProfitLoss, {})).status).toBe(403);
    // Flight settings are a staff default (the staff menu of spec 000 §2); the supplier accounts are not.
    const staff = await demo(FLIGHTDEALS, 'staff');
    expect((await staff.call(getFlightSettings, {})).status).toBe(200);
    expect((await staff.call(getSupplierAccounts, {})).status).toBe(403);
    const narrowed = await narrowedStaff(FLIGHTDEALS, ['flights.search']);
    expect((await narrowed.call(getFlightSettings, {})).status).toBe(403);
    const skyway = await demo(SKYWAY, 'admin');
    const theirs = await skyway.call(getFlightSettings, {});
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(stub.url);
  });
});

describe('profit and loss', () => {
  it('totals the filtered bookings exactly as an independent sum, by page', async () => {
    const made = [
      await booking({ farePerPax: 4200 }, agentFare),
      await booking({ farePerPax: 6100, airline: 'AI' }),
      await booking({ farePerPax: 3300, passengers: [{ firstName: 'Solo', lastName: 'Pax' }] }, agentFare),
      await booking({ farePerPax: 5000, statusId: BOOKING_STATUS.held }), // not ticketed: not in P&L
    ];
    const refunded = await booking({ farePerPax: 4800 }, (b) => ({
      ...b,
      statusId: BOOKING_STATUS.partiallyCancelled,
      status: 'PartiallyCancelled',
      accounting: { ...b.accounting, refundedAmount: 3100 },
      ticketCRInfo: [
        {
          changeRequestId: `CR${randomUUID().slice(0, 8)}`,
          ticketId: b.passengers[1]!.ticket!.ticketId,
          requestType: 2,
          status: 'Completed',
          remarks: '',
          createdAt: b.createdAt,
          refundedAmount: 3100,
          creditedAt: b.createdAt,
        },
      ],
    }));
    const ticketed = [...made.filter((b) => b.statusId !== BOOKING_STATUS.held), refunded];
    // Independent of profit.ts: what the customer kept paying minus what the supplier kept charging.
    const expected = ticketed.reduce(
      (t, b) => {
        const f = b.fare;
        const supplier = f.offeredFare + f.baggagePrice + f.mealPrice + f.seatPrice;
        const crRefund = b.ticketCRInfo.reduce((n, c) => n + (c.refundedAmount ?? 0), 0);
        const paid = b.accounting.amountCharged - b.accounting.refundedAmount;
        return {
          profit: t.profit + paid - (supplier - crRefund) - f.gstOnMarkup - f.tds,
          markup: t.markup + f.markup,
          netFare: t.netFare + supplier - crRefund,
        };
      },
      { profit: 0, markup: 0, netFare: 0 },
    );
    const today = dayOf(new Date());
    const filter = { from: today, to: today, customer: agent.email, pageSize: 2 };
    const first = await admin.client.call(getSupplierProfitLoss, filter);
    expect(first.status).toBe(200);
    const { totals, totalRecords, totalPages, records } = first.body.result;
    expect(totalRecords).toBe(ticketed.length);
    expect(totalPages).toBe(Math.ceil(ticketed.length / 2));
    expect(records).toHaveLength(2);
    expect(totals.bookings).toBe(ticketed.length);
    expect(totals.profit).toBeCloseTo(expected.profit, 2);
    expect(totals.markup).toBeCloseTo(expected.markup, 2);
    expect(totals.netFare).toBeCloseTo(expected.netFare, 2);
    // Every page together is every booking once.
    const pages = await Promise.all(
      Array.from({ length: totalPages }, (_, i) =>
        admin.client.call(getSupplierProfitLoss, { ...filter, page: i + 1 }),
      ),
    );
    const ids = pages.flatMap((p) => p.body.result.records.map((r: { bookingId: string }) => r.bookingId));
    expect(ids.sort()).toEqual(ticketed.map((b) => b.bookingId).sort());

    const ai = await admin.client.call(getSupplierProfitLoss, { ...filter, airlineCode: 'ai' });
    expect(ai.body.result.records.map((r: { bookingId: string }) => r.bookingId)).toEqual([made[1]!.bookingId]);
    const byTravel = await admin.client.call(getSupplierProfitLoss, {
      from: dayOf(new Date(Date.now() + 19 * DAY)),
      to: dayOf(new Date(Date.now() + 21 * DAY)),
      dateBasis: 'travel',
      customer: agent.email,
    });
    expect(byTravel.body.result.totals.profit).toBeCloseTo(expected.profit, 2);

    // Another site's staff see none of it.
    const skyway = await demo(SKYWAY, 'admin');
    const theirs = await skyway.call(getSupplierProfitLoss, { from: today, to: today, customer: agent.email });
    expect(theirs.body.result.totalRecords).toBe(0);
  });

  it('answers a bad range with a clear 400', async () => {
    const res = await admin.client.call(getSupplierProfitLoss, { from: '2026-12-10', to: '2026-12-01' });
    expect(res.status).toBe(400);
    expect(res.body.shortError).toHaveProperty('to');
  });
});

describe('supplier wallets', () => {
  it('balance = deposits − consumption; a repeated deposit counts once; statement pages', async () => {
    const sim = await freshSite();
    const staff = await newStaff(sim, { superAdmin: true });
    const requestId = `dep-${randomUUID()}`;
    const deposit = { supplier: 'simulator', amount: 50_000, date: dayOf(new Date()), reference: 'NEFT123', requestId };
    const [a, b] = await Promise.all([
      staff.client.call(addSupplierDeposit, deposit),
      staff.client.call(addSupplierDeposit, deposit),
    ]);
    expect([a.body.result.duplicate, b.body.result.duplicate].sort()).toEqual([false, true]);
    const accounts = await staff.client.call(getSupplierAccounts, {});
    expect(accounts.status).toBe(200);
    const own = accounts.body.result.accounts.find((x: { supplier: string }) => x.supplier === 'simulator');
    expect(own).toMatchObject({ isCurrent: true, deposits: 50_000, consumption: 0, balance: 50_000 });

    // The file's own site: bookings consume, refunds give back.
    const accountsHere = await admin.client.call(getSupplierAccounts, {});
    const mine = accountsHere.body.result.accounts as { supplier: string; consumption: number; balance: number }[];
    const simHere = mine.find((x) => x.supplier === 'simulator')!;
    expect(simHere.consumption).toBeGreaterThan(0);
    const today = dayOf(new Date());
    const st = await admin.client.call(getSupplierStatement, {
      supplier: 'simulator',
      from: today,
      to: today,
      pageSize: 3,
    });
    expect(st.status).toBe(200);
    expect(st.body.result.closingBalance).toBeCloseTo(simHere.balance, 2);
    expect(st.body.result.records.length).toBeLessThanOrEqual(3);
    expect(st.body.result.totalRecords).toBeGreaterThan(3);

    // Sites do not share accounts.
    const skyway = await (await demo(SKYWAY, 'admin')).call(getSupplierAccounts, {});
    for (const x of skyway.body.result.accounts) expect(x.deposits).not.toBe(50_000);
    expect(
      (await staff.client.call(getSupplierStatement, { supplier: 'bad supplier', from: today, to: today })).status,
    ).toBe(400);
  });
});

describe('test-host tools', () => {
  it('are not found on a site that is not a test host', async () => {
    const prod = await freshSite(false);
    const staff = await newStaff(prod, { superAdmin: true });
    const today = dayOf(new Date());
    expect((await staff.client.call(getInfozealVouchers, { from: today, to: today })).status).toBe(404);
    expect((await staff.client.call(previewTboRefunds, { rows: [{ line: 1 }] })).status).toBe(404);
  });

  it('export vouchers per ticket that add up to the bookings', async () => {
    const b = await booking({ farePerPax: 7000 }, agentFare);
    const today = dayOf(new Date());
    const res = await admin.client.call(getInfozealVouchers, { from: today, to: today, pageSize: 1000 });
    expect(res.status).toBe(200);
    const rows = res.body.result.records.filter((r: { pnr: string }) => r.pnr === b.pnr);
    expect(rows).toHaveLength(2);
    expect(rows.every((r: { voucherType: string }) => r.voucherType === 'Sale')).toBe(true);
    expect(r2(rows.reduce((n: number, r: { net: number }) => n + r.net, 0))).toBe(b.accounting.amountCharged);
    expect(r2(rows.reduce((n: number, r: { markup: number }) => n + r.markup, 0))).toBe(300);
  });
});

describe('TBO refund import', () => {
  it('credits each matched refund exactly once: concurrent applies, a second import and a later status', async () => {
    const b = await booking({ farePerPax: 6000 }, withOpenRefund);
    const cr = b.ticketCRInfo[0]!;
    const ticketNumber = b.passengers[0]!.ticket!.ticketNumber;
    const le = b.accounting.legalEntityId;
    const before = (await balanceOf(site.siteId, le)).balance;
    const rows = [
      { line: 1, pnr: b.pnr, ticketNumber, refundAmount: 4200, cancellationCharge: 1800, creditNoteNo: 'CN-77' },
      { line: 2, pnr: 'NOPE99', ticketNumber: '0980000000001', refundAmount: 100 },
      { line: 3, pnr: b.pnr, ticketNumber: b.passengers[1]!.ticket!.ticketNumber, refundAmount: 100 },
      { line: 4, pnr: 'x', ticketNumber, refundAmount: -5 },
    ];

    const preview = await admin.client.call(previewTboRefunds, { rows });
    expect(preview.status).toBe(200);
    expect(preview.body.result.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'ready',
      'unmatched',
      'unmatched',
      'invalid',
    ]);
    expect(preview.body.result.rows[0]).toMatchObject({ changeRequestId: cr.changeRequestId, amount: 4200 });
    expect((await balanceOf(site.siteId, le)).balance).toBe(before); // a preview changes nothing

    const [x, y] = await Promise.all([
      admin.client.call(applyTboRefunds, { rows }),
      admin.client.call(applyTboRefunds, { rows }),
    ]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(x.body.result.credited + y.body.result.credited).toBe(1);
    expect(r2((await balanceOf(site.siteId, le)).balance - before)).toBe(4200);

    const second = await admin.client.call(applyTboRefunds, { rows });
    expect(second.body.result.credited).toBe(0);
    expect(second.body.result.rows[0].outcome).toBe('alreadyCredited');

    // The supplier's status refresh later reports it completed too: the same path credits nothing.
    const later = await tickets.applyChangeRequestStatus(
      site.siteId,
      b.bookingId,
      {
        changeRequestId: cr.changeRequestId,
        status: 'Completed',
        refundedAmount: 4200,
        cancellationCharge: 1800,
        serviceTaxOnCharge: 0,
        creditNoteNo: null,
      },
      new Date(),
      { userId: admin.userId, name: 'Admin', email: 'admin@example.com' },
      flightAdminWiring,
    );
    expect(later.applied).toBe(false);
    expect(r2((await balanceOf(site.siteId, le)).balance - before)).toBe(4200);
    const entries = (await walletEntriesOfBooking(site.siteId, le, '2000', b)).filter((e) => e.kind === 'refund');
    expect(entries.map((e) => e.entryId)).toEqual([`cr-${cr.changeRequestId}-refund`]);
    expect(later.booking.ticketCRInfo[0]).toMatchObject({ status: 'Completed', refundedAmount: 4200 });
  });
});
