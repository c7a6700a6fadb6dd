import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import '@tp/contracts/endpoint';
import { CUSTOMER_MSG, ZChangeDetails, type TChangeDetails } from '@tp/contracts/endpoints/customers';
import { USER_TYPES, type UserType } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import type { AppError } from '#lib/errors';
import type { TEmailMessage } from '#lib/mail';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import {
  changeDetails,
  createAgent,
  listCustomers,
  monthlyFlightActivity,
  myLegalEntity,
  recordFlightActivity,
  setBlocked,
  toCustomer,
  type CustomersDeps,
  type CustomersWiring,
} from './customers.ts';
import type { DetailsWrite, MonthActivity } from './customers-repo.ts';
import { primaryIdentity } from './phone.ts';
import type * as repo from './repo.ts';
import type { LegalEntityRecord, UserRecord } from './repo.ts';
import type { Scope } from './accounts/index.ts';
import { quietLog } from '#lib/testing';
import { asSiteId } from '#lib/keys';

const site = {
  siteId: asSiteId('s1'),
  ownerLegalEntityId: 'le-owner',
  companyName: 'Flight Deals',
  domain: 'flightdeals.example',
  logoUrl: '/logo.svg',
  brandingSettings: { theme: { palette: { primary: '#1c64f2', secondary: '#f59e0b' } } },
  wlMeta: { canShowPermissionMenu: true },
} as unknown as SiteRecord;
const scope: Scope = { site, now: new Date('2026-11-22T10:00:00Z') };
/** Customer operations never check passwords: a budget that always admits. */
const unlimited = { claim: async () => ({ ok: true as const, release: async () => undefined }) };
const staffPrincipal = (over: Partial<Principal> = {}): Principal => ({
  userId: 'staff-1',
  siteId: asSiteId('s1'),
  userType: 'staff',
  isSuperAdmin: false,
  isBlocked: false,
  legalEntityId: 'le-staff-1',
  email: 'staff@x.in',
  rbacUserGroupId: null,
  record: {},
  ...over,
});

/** In-memory stand-ins for the account and customer repos, with the same uniqueness rules. */
function world(overrides: { replaceDetails?: () => Promise<DetailsWrite> } = {}) {
  const users = new Map<string, UserRecord>();
  const numbers = new Map<number, string>();
  const guards = new Map<string, string>();
  const activity = new Map<string, MonthActivity>();
  const les = new Map<string, LegalEntityRecord>();
  const ended: string[] = [];
  const mails: TEmailMessage[] = [];
  let lastNo = 0;
  const phoneGuard = (phones: UserRecord['phoneNumbers']) => {
    const p = primaryIdentity(phones);
    return p ? `phone|${p.e164}` : null;
  };
  const accountsRepo = {
    nextCustomerNo: async () => ++lastNo,
    getUser: async (_s: string, id: string) => (users.has(id) ? structuredClone(users.get(id)!) : null),
    insertAccount: async (user: UserRecord, le: LegalEntityRecord) => {
      const wanted = [
        ['email', user.email ? `email|${user.email}` : null],
        ['phone', phoneGuard(user.phoneNumbers)],
      ] as const;
      const taken = wanted.filter(([, k]) => k && guards.has(k)).map(([f]) => f);
      if (taken.length) return { ok: false as const, taken: [...taken] };
      for (const [, k] of wanted) if (k) guards.set(k, user.userId);
      users.set(user.userId, structuredClone(user));
      les.set(le.legalEntityId, le);
      if (user.customerNo) numbers.set(user.customerNo, user.userId);
      return { ok: true as const };
    },
    endSessions: async (_s: string, userId: string) => (ended.push(userId), 1),
    createToken: async () => 'tok-1',
    issueResetLink: async (_s: string, id: string) =>
      users.has(id) ? { user: structuredClone(users.get(id)!), token: `${id}_tok-1` } : null,
  } as unknown as typeof repo;
  const deps: CustomersDeps = {
    accounts: {
      repo: accountsRepo,
      createSession: vi.fn(),
      deleteSession: vi.fn(),
      hashPassword: async (p) => `hashed:${p}`,
      verifyPassword: async () => false,
      needsRehash: () => false,
      withinRateLimit: async () => true,
      passwordAttempts: { perAccountAddress: unlimited, perAddress: unlimited, perAccount: unlimited },
      enqueueEmail: async (m) => void mails.push(m),
      verifySocialToken: async () => null,
      log: quietLog(),
    },
    customers: {
      userCount: async () => users.size,
      listUsersPage: async (_s, page, size) => {
        const all = [...users.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return {
          users: all.slice((page - 1) * size, page * size),
          hasMore: all.length > page * size,
          nextCursor: null,
        };
      },
      listSubscribersPage: async () => ({ users: [], hasMore: false }),
      searchUserIds: async () => [],
      getUsers: async (_s, ids) => ids.flatMap((id) => (users.has(id) ? [users.get(id)!] : [])),
      userIdByCustomerNo: async (_s, n) => numbers.get(n) ?? null,
      setUserFields: async (_s, id, fields) => {
        const u = users.get(id);
        if (!u) return null;
        Object.assign(u, fields);
        return structuredClone(u);
      },
      replaceDetails:
        overrides.replaceDetails ??
        (async (user, change) => {
          const next = { ...user, ...change };
          const phone = phoneGuard(next.phoneNumbers);
          if (phone && guards.has(phone) && guards.get(phone) !== user.userId) return { ok: false, taken: ['phone'] };
          if (next.email && guards.has(`email|${next.email}`) && guards.get(`email|${next.email}`) !== user.userId)
            return { ok: false, taken: ['email'] };
          users.set(user.userId, next);
          return { ok: true, user: next };
        }),
      addFlightActivity: async (_s, userId, kind, month) => {
        const k = `${userId}|${month}`;
        const a = activity.get(k) ?? { look_count: 0, book_count: 0 };
        if (kind === 'look') a.look_count++;
        else a.book_count++;
        activity.set(k, a);
      },
      flightActivity: async (_s, userId, from, to) =>
        new Map(
          [...activity.entries()]
            .filter(([k]) => k.startsWith(`${userId}|`) && k.slice(-7) >= from && k.slice(-7) <= to)
            .map(([k, v]) => [k.slice(-7), v]),
        ),
      getLegalEntity: async (_s, id) => les.get(id) ?? null,
    },
  };
  const wiring: CustomersWiring = {
    legalEntityGroup: async () => ({ groupId: 'g-default', groupName: 'Default', isDefault: true, isMapped: false }),
    isTdsDeductable: async () => true,
  };
  let clock = 0;
  /** Stores a user directly (as createAccount would have), with a customer number. */
  const add = (over: Partial<UserRecord> = {}): UserRecord => {
    const no = ++lastNo;
    const u: UserRecord = {
      siteId: asSiteId('s1'),
      userId: `u${no}`,
      customerNo: no,
      email: `u${no}@x.in`,
      firstName: 'Asha',
      lastName: 'Rao',
      phoneNumbers: [],
      userType: 'retail',
      status: 'verified',
      isBlocked: false,
      isUserSuperAdmin: false,
      isFlightHoldAllowed: false,
      isFlightSearchAllowed: true,
      referralCode: 'R',
      legalEntityId: `le-u${no}`,
      legalEntityName: 'Asha Rao',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...over,
    };
    users.set(u.userId, u);
    numbers.set(no, u.userId);
    guards.set(`email|${u.email}`, u.userId);
    const p = phoneGuard(u.phoneNumbers);
    if (p) guards.set(p, u.userId);
    return u;
  };
  return { deps, wiring, users, ended, mails, add, les };
}

async function caught(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e as AppError,
  );
  expect(err, 'expected an AppError').not.toBeNull();
  return err!;
}

const input = (over: Partial<TChangeDetails> = {}): TChangeDetails =>
  ZChangeDetails.parse({ customerId: 1, firstName: 'Asha', email: 'asha@x.in', ...over });

describe('toCustomer', () => {
  it("shows the mapped group, else 'Default Group Applicable', and never internal fields", () => {
    const w = world();
    const u = w.add({
      passwordHash: 'secret',
      leGroupId: 'g1',
      leGroupName: 'B2B Gold',
      rbacUserGroupId: 'r1',
      rbacUserGroupName: 'Accounts',
    });
    expect(toCustomer(u)).toMatchObject({
      users_id: u.customerNo,
      groupName: 'B2B Gold',
      userGroup: { groupId: 'g1' },
      userGroupName: 'Accounts',
    });
    expect(JSON.stringify(toCustomer(u))).not.toContain('secret');
    expect(toCustomer(w.add())).toMatchObject({
      groupName: MSG.defaultGroupApplicable,
      userGroup: { groupId: null },
      userGroupName: '',
    });
  });
});

describe('listCustomers', () => {
  it('answers 20 a page newest first with the total and the page count', async () => {
    const w = world();
    const made = Array.from({ length: 45 }, () => w.add());
    const first = await listCustomers(scope, { page: 1 }, w.deps);
    expect(first).toMatchObject({ totalRecords: 45, totalPages: 3 });
    expect(first.records[0]!.id).toBe(made.at(-1)!.userId);
    expect((await listCustomers(scope, { page: 3 }, w.deps)).records).toHaveLength(5);
    expect(await listCustomers(scope, { page: 1, userId: made[0]!.userId }, w.deps)).toMatchObject({
      totalRecords: 1,
      records: [{ id: made[0]!.userId }],
    });
    expect(await listCustomers(scope, { page: 1, userId: 'nobody' }, w.deps)).toEqual({
      records: [],
      totalRecords: 0,
      totalPages: 0,
      page: 1,
      nextCursor: null,
    });
  });
});

describe('setBlocked', () => {
  it('blocks and ends every session of the user at once; unblocking ends none', async () => {
    const w = world();
    const u = w.add();
    expect(
      await setBlocked(scope, staffPrincipal(), { customerId: u.customerNo!, isBlocked: true }, w.deps),
    ).toMatchObject({ isBlocked: true });
    expect(w.ended).toEqual([u.userId]);
    await setBlocked(scope, staffPrincipal(), { customerId: u.customerNo!, isBlocked: false }, w.deps);
    expect(w.ended).toEqual([u.userId]);
    expect(w.users.get(u.userId)!.isBlocked).toBe(false);
  });

  it('refuses blocking yourself or a super admin, and unknown numbers', async () => {
    const w = world();
    const me = w.add({ userType: 'staff' });
    const boss = w.add({ userType: 'staff', isUserSuperAdmin: true });
    const self = await caught(
      setBlocked(scope, staffPrincipal({ userId: me.userId }), { customerId: me.customerNo!, isBlocked: true }, w.deps),
    );
    expect([self.status, self.message]).toEqual([403, CUSTOMER_MSG.cannotBlockSelf]);
    const sa = await caught(
      setBlocked(
        scope,
        staffPrincipal({ isSuperAdmin: true }),
        { customerId: boss.customerNo!, isBlocked: true },
        w.deps,
      ),
    );
    expect([sa.status, sa.message]).toEqual([403, CUSTOMER_MSG.cannotBlockSuperAdmin]);
    expect(
      (await caught(setBlocked(scope, staffPrincipal(), { customerId: 999, isBlocked: true }, w.deps))).status,
    ).toBe(404);
    expect(w.ended).toEqual([]);
  });
});

describe('changeDetails', () => {
  const otherLabels = fc.array(
    fc.record({
      label: fc.constantFrom('Secondary' as const, 'Emergency' as const),
      phoneNumber: fc.constant('9810000001'),
      phoneCountryCode: fc.constant('in'),
    }),
    { maxLength: 2 },
  );

  it('rejects any change that leaves neither an email nor a Primary phone, whatever the customer type, and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...USER_TYPES), otherLabels, async (type: UserType, phones) => {
        const w = world();
        const u = w.add({ userType: type, companyName: 'Co' });
        const err = await caught(
          changeDetails(
            scope,
            staffPrincipal({ isSuperAdmin: true }),
            { ...input({ customerId: u.customerNo!, companyName: 'Co' }), email: '', phoneNumbers: phones },
            w.deps,
          ),
        );
        expect([err.status, err.message]).toEqual([400, MSG.emailOrPrimaryPhoneRequired]);
        expect(w.users.get(u.userId)!.email).toBe(u.email);
      }),
    );
  });

  it('requires a company name exactly when the stored customer is a travel agent, whatever the form claims', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...USER_TYPES),
        fc.constantFrom(...USER_TYPES),
        fc.boolean(),
        async (stored, claimed, withCompany) => {
          const w = world();
          const u = w.add({ userType: stored });
          const change = {
            ...input({ customerId: u.customerNo!, email: u.email }),
            userType: claimed,
            companyName: withCompany ? 'Mehta Tours' : '',
          };
          const result = await changeDetails(scope, staffPrincipal({ isSuperAdmin: true }), change, w.deps).then(
            () => null,
            (e: AppError) => e,
          );
          if (stored === 'travelAgent' && !withCompany) expect(result?.fields).toEqual({ companyName: MSG.required });
          else expect(result).toBeNull();
        },
      ),
    );
  });

  it('names the legal entity after the company, else the person, and lower-cases country codes', async () => {
    const w = world();
    const u = w.add({
      userType: 'travelAgent',
      companyName: 'Old Co',
      company: { companyName: 'Old Co', address1: '1 Road' },
    });
    const c = await changeDetails(
      scope,
      staffPrincipal(),
      input({
        customerId: u.customerNo!,
        companyName: 'New Co',
        phoneNumbers: [{ label: 'Primary', phoneNumber: '9810000002', phoneCountryCode: 'IN' }],
      }),
      w.deps,
    );
    expect(c).toMatchObject({ companyName: 'New Co', phoneNumbers: [{ phoneCountryCode: 'in' }] });
    expect(w.users.get(u.userId)).toMatchObject({
      legalEntityName: 'New Co',
      company: { companyName: 'New Co', address1: '1 Road' },
    });
  });

  it('marks a changed email not verified and mails a verification link there; other changes keep the status', async () => {
    const w = world();
    const u = w.add();
    await changeDetails(
      scope,
      staffPrincipal(),
      input({ customerId: u.customerNo!, email: u.email, lastName: 'Iyer' }),
      w.deps,
    );
    expect(w.users.get(u.userId)!.status).toBe('verified');
    expect(w.mails).toEqual([]);
    await changeDetails(scope, staffPrincipal(), input({ customerId: u.customerNo!, email: 'new@x.in' }), w.deps);
    expect(w.users.get(u.userId)!.status).toBe('pending');
    expect(w.mails.map((m) => [m.to, m.subject])).toEqual([['new@x.in', 'Verify your email address for Flight Deals']]);
  });

  it("reports another user's primary phone on its field, and a concurrent edit as a conflict", async () => {
    const w = world();
    w.add({ phoneNumbers: [{ label: 'Primary', phoneNumber: '9810000009', phoneCountryCode: 'in' }] });
    const u = w.add();
    const phones = [
      { label: 'Secondary' as const, phoneNumber: '9810000008', phoneCountryCode: 'in' },
      { label: 'Primary' as const, phoneNumber: '9810000009', phoneCountryCode: 'in' },
    ];
    const taken = await caught(
      changeDetails(scope, staffPrincipal(), input({ customerId: u.customerNo!, phoneNumbers: phones }), w.deps),
    );
    expect([taken.status, taken.fields]).toEqual([409, { 'phoneNumbers.1.phoneNumber': MSG.phoneTaken }]);
    const stale = world({ replaceDetails: async () => ({ ok: false, taken: ['stale'] }) });
    const v = stale.add();
    const err = await caught(changeDetails(scope, staffPrincipal(), input({ customerId: v.customerNo! }), stale.deps));
    expect([err.status, err.message]).toEqual([409, CUSTOMER_MSG.changedMeanwhile]);
  });

  it('lets only a super admin change a staff account', async () => {
    const w = world();
    const colleague = w.add({ userType: 'staff' });
    const err = await caught(
      changeDetails(scope, staffPrincipal(), input({ customerId: colleague.customerNo!, email: 'mine@x.in' }), w.deps),
    );
    expect([err.status, err.message]).toEqual([403, CUSTOMER_MSG.staffDetailsSuperAdminOnly]);
    await expect(
      changeDetails(
        scope,
        staffPrincipal({ isSuperAdmin: true }),
        input({ customerId: colleague.customerNo!, email: 'new@x.in' }),
        w.deps,
      ),
    ).resolves.toMatchObject({
      email: 'new@x.in',
    });
  });
});

describe('createAgent', () => {
  const quick = (over: Record<string, string> = {}) => ({
    firstName: 'Quick',
    lastName: '',
    email: '',
    phone: '',
    phoneCode: 'in',
    companyName: 'Quick Trips',
    ...over,
  });

  it('creates a pending user without a password, not subscribed, and mails a set-password link', async () => {
    const w = world();
    const c = await createAgent(
      scope,
      { customer: quick({ email: 'quick@x.in', phone: '+91 9810000004' }), userType: 'travelAgent' },
      w.deps,
    );
    expect(c).toMatchObject({
      status: 'pending',
      emailSubscribed: false,
      companyName: 'Quick Trips',
      users_id: 1,
      phoneNumbers: [{ phoneNumber: '9810000004' }],
    });
    expect(w.users.get(c.id)!.passwordHash).toBeUndefined();
    expect(w.mails.map((m) => m.subject)).toEqual(['Set your Flight Deals password']);
  });

  it('mails nobody when the agent has a phone only, and reports taken fields under userData.customer', async () => {
    const w = world();
    await createAgent(scope, { customer: quick({ phone: '9810000005' }), userType: 'retail' }, w.deps);
    expect(w.mails).toEqual([]);
    const err = await caught(
      createAgent(scope, { customer: quick({ phone: '9810000005' }), userType: 'retail' }, w.deps),
    );
    expect([err.status, err.fields]).toEqual([409, { 'userData.customer.phone': MSG.phoneTaken }]);
  });
});

describe('look-to-book counts', () => {
  it('counts in the business month and answers 10 months, zeros included, newest first', async () => {
    const w = world();
    const u = w.add();
    await recordFlightActivity(asSiteId('s1'), u.userId, 'look', new Date('2026-10-31T19:00:00Z'), w.deps); // 1 Nov in IST
    await recordFlightActivity(asSiteId('s1'), u.userId, 'book', new Date('2026-11-22T09:00:00Z'), w.deps);
    await recordFlightActivity(asSiteId('s1'), u.userId, 'look', new Date('2025-12-01T00:00:00Z'), w.deps); // outside the 10 months
    const rows = await monthlyFlightActivity(scope, u.userId, w.deps);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ month_year: '11-2026', look_count: 1, book_count: 1 });
    expect(rows.at(-1)).toEqual({ month_year: '02-2026', look_count: 0, book_count: 0 });
    expect((await caught(monthlyFlightActivity(scope, 'nobody', w.deps))).status).toBe(404);
  });
});

describe('myLegalEntity', () => {
  it("answers the user's legal entity with the group and TDS config from their domains", async () => {
    const w = world();
    w.les.set('le-1', {
      siteId: asSiteId('s1'),
      legalEntityId: 'le-1',
      name: 'Mehta Tours',
      kind: 'company',
      ownerLegalEntityId: 'le-owner',
      createdAt: '',
    });
    expect(await myLegalEntity(scope, staffPrincipal({ legalEntityId: 'le-1' }), w.wiring, w.deps)).toEqual({
      legalEntityId: 'le-1',
      name: 'Mehta Tours',
      kind: 'company',
      group: { groupId: 'g-default', groupName: 'Default', isDefault: true, isMapped: false },
      tds: { isTdsDeductable: true },
    });
  });
});
