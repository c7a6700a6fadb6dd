/**
 * The staff customer screen through the gateway: the paged list and its total, prefix search, the
 * details dialog, blocking (sessions end at once), the look-to-book exemption, per-user flight
 * switches and the monthly look / book counts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MSG,
  CUSTOMERS_PAGE_SIZE,
  getCustomerMonthlyFlightDetails,
  getCustomers,
  getUserById,
  searchWlUser,
  setFlightHoldSettingForUser,
  setFlightSearchSettingForUser,
  type TCustomer,
  toggleBlock,
  toggleFlightSearchExemption,
} from '@tp/contracts/endpoints/customers';
import { getUserBySessionId, login, signup } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { recordFlightActivity } from '../../functions/src/users/customers.ts';
import { monthKey, toMonthYear } from '../../functions/src/users/flight-activity.ts';
import { Client } from '../support/api.ts';
import { atLeastUsers, customer, demo, FLIGHTDEALS, narrowedStaff, newStaff } from './customers-helpers.ts';
import { agentSignup, PASSWORD, signedUpRetail, useStackTable } from './users-helpers.ts';

let admin: Client;
let staff: Client;

beforeAll(async () => {
  useStackTable();
  [admin, staff] = await Promise.all([demo(FLIGHTDEALS, 'admin'), demo(FLIGHTDEALS, 'staff')]);
});

const page = async (n: number) => {
  const res = await staff.call(getCustomers, { staffId: 'ignored', page: n });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    records: TCustomer[];
    totalRecords: number;
    totalPages: number;
    nextCursor?: string | null;
  };
};

describe('getCustomers', () => {
  it('pages the whole site newest first, 20 a page, with a total that follows sign-ups', async () => {
    await atLeastUsers(FLIGHTDEALS, (await page(1)).totalRecords, 2 * CUSTOMERS_PAGE_SIZE + 5);
    const before = await page(1);
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await signedUpRetail(new Client(FLIGHTDEALS.domain)));
    const first = await page(1);
    expect(first.totalRecords).toBe(before.totalRecords + 3);
    expect(first.totalPages).toBe(Math.ceil(first.totalRecords / CUSTOMERS_PAGE_SIZE));
    expect(first.totalPages).toBeGreaterThanOrEqual(3);
    expect(first.records.slice(0, 3).map((r) => r.id)).toEqual(created.map((c) => c.userId).reverse());

    const all: TCustomer[] = [];
    for (let n = 1; n <= first.totalPages; n++) {
      const p = await page(n);
      expect(p.records.length).toBe(
        n < first.totalPages ? CUSTOMERS_PAGE_SIZE : first.totalRecords - (n - 1) * CUSTOMERS_PAGE_SIZE,
      );
      all.push(...p.records);
    }
    expect(new Set(all.map((r) => r.id)).size).toBe(first.totalRecords);
    const dates = all.map((r) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await page(first.totalPages + 1)).records).toEqual([]);

    // The same list by cursor (as the screen's Next does): every page reads only itself, and sign-ups made
    // meanwhile (newer than page 1) never shift it.
    const byCursor: TCustomer[] = [...first.records];
    let at = first;
    for (let n = 2; at.nextCursor; n++) {
      const res = await staff.call(getCustomers, { page: n, cursor: at.nextCursor });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      at = res.body.data;
      byCursor.push(...at.records);
    }
    expect(byCursor).toHaveLength(first.totalRecords);
    expect(new Set(byCursor.map((r) => r.id)).size).toBe(first.totalRecords);
    expect(byCursor.map((r) => r.createdAt)).toEqual(dates);
    expect((await staff.call(getCustomers, { page: 2, cursor: 'bm90LWEtY3Vyc29y' })).status).toBe(400);
  });

  it("answers the spec's Customer fields, with customer numbers and 'Default Group Applicable' when unmapped", async () => {
    const { userId, email } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const [row] = (await page(1)).records;
    expect(row).toMatchObject({
      id: userId,
      users_id: expect.any(Number),
      email,
      userType: 'retail',
      status: 'pending',
      isBlocked: false,
      groupName: MSG.defaultGroupApplicable,
      userGroupName: '',
      userGroup: { groupId: null },
      flightLookToBook: { is_exempted: false },
      panNumber: '',
      gstNumber: '',
      legalEntityId: expect.any(String),
    });
    expect(row!.users_id).toBeGreaterThan(0);
  });

  it('narrows to one user with userId', async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const res = await staff.call(getCustomers, { page: 1, userId });
    expect(res.body.data).toMatchObject({ totalRecords: 1, totalPages: 1, records: [{ id: userId }] });
  });

  it('numbers customers uniquely and in order of creation', async () => {
    const a = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const b = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    expect((await customer(staff, b.userId)).users_id).toBeGreaterThan((await customer(staff, a.userId)).users_id);
  });
});

describe('searchWlUser', () => {
  it('finds a user by the start of their email, first name, last name, company or phone', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const body = agentSignup({
      firstName: `${tag}first`,
      lastName: `${tag}last`,
      companyName: `${tag} Voyages Pvt`,
      primaryEmail: `${tag}.mail@example.com`,
    });
    const res = await new Client(FLIGHTDEALS.domain).call(signup, body);
    expect(res.status).toBe(200);
    const id = res.body.result.userId;
    const phone = body.primaryPhone as string;
    for (const q of [
      `${tag}.ma`,
      `${tag.toUpperCase()}FIR`,
      `${tag}la`,
      `${tag} voy`,
      phone.slice(0, 7),
      `+91 ${phone.slice(0, 6)}`,
    ]) {
      const found = await staff.call(searchWlUser, { searchQuery: q });
      expect(found.status).toBe(200);
      expect(
        (found.body.result as TCustomer[]).map((c) => c.id),
        q,
      ).toContain(id);
    }
    const none = await staff.call(searchWlUser, { searchQuery: `${tag}nomatch` });
    expect(none.body.result).toEqual([]);
  });

  it('answers at most 20 users and each once', async () => {
    const res = await staff.call(searchWlUser, { searchQuery: 'r' });
    const ids = (res.body.result as TCustomer[]).map((c) => c.id);
    expect(ids.length).toBeLessThanOrEqual(20);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('requires a query', async () => {
    const res = await staff.call(searchWlUser, { searchQuery: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(MSG.required);
  });
});

describe('getUserById', () => {
  it('answers 404 for an unknown user', async () => {
    expect((await staff.call(getUserById, { userId: 'nobody' })).status).toBe(404);
  });
});

describe('toggleBlock', () => {
  it("blocks: the user's open session gets 401 at once and login says the account is blocked; unblock restores it", async () => {
    const traveller = new Client(FLIGHTDEALS.domain);
    const { email, userId } = await signedUpRetail(traveller);
    expect((await traveller.call(login, { email, password: PASSWORD })).status).toBe(200);
    const { users_id } = await customer(staff, userId);

    const blocked = await staff.call(toggleBlock, { customerId: users_id, isBlocked: true });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ message: MSG.customerBlocked, result: { id: userId, isBlocked: true } });
    expect((await traveller.call(getUserBySessionId, {})).status).toBe(401);
    const again = await new Client(FLIGHTDEALS.domain).call(login, { email, password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.body.errorMessage).toBe(MSG.accountBlocked);

    const unblocked = await staff.call(toggleBlock, { customerId: String(users_id), isBlocked: false });
    expect(unblocked.body).toMatchObject({ message: MSG.customerUnblocked, result: { isBlocked: false } });
    expect((await new Client(FLIGHTDEALS.domain).call(login, { email, password: PASSWORD })).status).toBe(200);
  });

  it('refuses blocking yourself or a super admin', async () => {
    const me = await newStaff(FLIGHTDEALS);
    const mine = await customer(staff, me.userId);
    const self = await me.client.call(toggleBlock, { customerId: mine.users_id, isBlocked: true });
    expect(self.status).toBe(403);
    expect(self.body.errorMessage).toBe(CUSTOMER_MSG.cannotBlockSelf);
    const boss = await newStaff(FLIGHTDEALS, { superAdmin: true });
    const res = await staff.call(toggleBlock, {
      customerId: (await customer(staff, boss.userId)).users_id,
      isBlocked: true,
    });
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(CUSTOMER_MSG.cannotBlockSuperAdmin);
  });

  it('answers 404 for an unknown customer number and 400 for a missing one', async () => {
    expect((await staff.call(toggleBlock, { customerId: 99_999_999, isBlocked: true })).status).toBe(404);
    const res = await staff.call(toggleBlock, { isBlocked: true });
    expect(res.status).toBe(400);
    expect(res.body.shortError?.customerId).toBe(MSG.required);
  });
});

describe('look-to-book exemption and flight switches', () => {
  it('exempts and removes the exemption with the spec messages (a staff action, spec 000 §2; a group may leave it out)', async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const { users_id } = await customer(admin, userId);
    const narrowed = await narrowedStaff(FLIGHTDEALS, ['customers.view', 'customers.viewDetails']);
    expect((await narrowed.call(toggleFlightSearchExemption, { customerId: users_id, exempt: true })).status).toBe(403);
    const on = await admin.call(toggleFlightSearchExemption, { customerId: users_id, exempt: true });
    expect(on.body).toMatchObject({
      message: MSG.customerExempted,
      result: { flightLookToBook: { is_exempted: true } },
    });
    const off = await admin.call(toggleFlightSearchExemption, { customerId: users_id, exempt: false });
    expect(off.body).toMatchObject({
      message: MSG.customerExemptionRemoved,
      result: { flightLookToBook: { is_exempted: false } },
    });
  });

  it('switches flight hold and flight search per user', async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const hold = await admin.call(setFlightHoldSettingForUser, { userId, isFlightHold: true });
    expect(hold.body).toMatchObject({ message: MSG.settingSaved, result: { isFlightHoldAllowed: true } });
    const search = await admin.call(setFlightSearchSettingForUser, { userId, isFlightSearchAllowed: false });
    expect(search.body).toMatchObject({
      message: MSG.settingSaved,
      result: { isFlightSearchAllowed: false, isFlightHoldAllowed: true },
    });
    expect(await customer(admin, userId)).toMatchObject({ isFlightSearchAllowed: false, isFlightHoldAllowed: true });
    expect((await admin.call(setFlightHoldSettingForUser, { userId: 'nobody', isFlightHold: true })).status).toBe(404);
  });
});

describe('getCustomerMonthlyFlightDetails', () => {
  it('answers the last 10 months newest first with the counts recorded for each', async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const now = new Date();
    const twoMonthsAgo = new Date(now.getTime() - 62 * 24 * 3600 * 1000);
    for (const [kind, at] of [
      ['look', now],
      ['look', now],
      ['book', now],
      ['look', twoMonthsAgo],
    ] as const)
      await recordFlightActivity(FLIGHTDEALS.siteId, userId, kind, at);
    const res = await staff.call(getCustomerMonthlyFlightDetails, { userId });
    expect(res.status).toBe(200);
    const rows = res.body.result as { month_year: string; look_count: number; book_count: number }[];
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ month_year: toMonthYear(monthKey(now)), look_count: 2, book_count: 1 });
    expect(rows.find((r) => r.month_year === toMonthYear(monthKey(twoMonthsAgo)))).toEqual({
      month_year: toMonthYear(monthKey(twoMonthsAgo)),
      look_count: 1,
      book_count: 0,
    });
    expect(rows.filter((r) => r.look_count || r.book_count)).toHaveLength(2);
  });
});
