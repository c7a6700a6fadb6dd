import { describe, expect, it, vi } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import { ZUser } from '@tp/contracts/endpoints/users';
import type { AppError } from '#lib/errors';
import type { TEmailMessage } from '#lib/mail';
import type { Principal } from '#lib/principal';
import { sha256 } from '#lib/crypto';
import type { Claim } from '#lib/rate-limit';
import type { SiteRecord } from '#lib/tenancy';
import { primaryIdentity } from './phone.ts';
import { resetLinkLive } from './reset-link.ts';
import type * as repo from './repo.ts';
import type { UserRecord } from './repo.ts';
import {
  changeMyPhones,
  changePassword,
  forgetPassword,
  generatePassword,
  login,
  signup,
  socialLogin,
  type Scope,
  type UsersDeps,
} from './accounts/index.ts';
import { quietLog } from '#lib/testing';
import { asSiteId } from '#lib/keys';

const site = {
  siteId: 's1',
  ownerLegalEntityId: 'le-owner',
  companyName: 'Flight Deals',
  domain: 'flightdeals.example',
  logoUrl: '/app/brand/logo.svg',
  brandingSettings: { theme: { palette: { primary: '#1c64f2', secondary: '#f59e0b' } } },
  wlMeta: { canShowPermissionMenu: true, googleAuthClientId: 'google-client' },
} as unknown as SiteRecord;
const scope: Scope = { site, now: new Date('2026-11-22T10:00:00Z') };
/** An in-memory attempt budget with the claim / release semantics of lib/rate-limit.ts. */
function memoryBudget(limit: number, retryAfterSeconds = 42) {
  const used = new Map<string, number>();
  const claim = vi.fn(async (siteId: string, subject: string): Promise<Claim> => {
    const key = `${siteId}|${subject}`;
    if ((used.get(key) ?? 0) >= limit) return { ok: false, retryAfterSeconds };
    used.set(key, (used.get(key) ?? 0) + 1);
    return { ok: true, release: async () => void used.set(key, used.get(key)! - 1) };
  });
  return { claim, used };
}

/** An in-memory stand-in for repo.ts with the same uniqueness rules, plus a record of side effects. */
function fakes(overrides: Partial<UsersDeps> = {}) {
  const users = new Map<string, UserRecord>();
  const guards = new Map<string, string>();
  const tokens = new Map<string, { purpose: string; userId: string }>();
  const sessions: { userId: string; token: string }[] = [];
  const ended: { userId: string; keep?: string }[] = [];
  const mails: TEmailMessage[] = [];
  const phoneGuard = (u: Pick<UserRecord, 'siteId' | 'phoneNumbers'>) => {
    const p = primaryIdentity(u.phoneNumbers);
    return p ? `${u.siteId}|phone|${p.e164}` : null;
  };
  let lastCustomerNo = 0;
  let links = 0;
  const fakeRepo: typeof repo = {
    nextCustomerNo: async () => ++lastCustomerNo,
    getUser: async (siteId, userId) =>
      users.has(`${siteId}|${userId}`) ? structuredClone(users.get(`${siteId}|${userId}`)!) : null,
    userIdByEmail: async (siteId, email) => guards.get(`${siteId}|email|${email.toLowerCase()}`) ?? null,
    userIdBySocial: async (siteId, provider, subject) => guards.get(`${siteId}|${provider}|${subject}`) ?? null,
    insertAccount: async (user, _le, social) => {
      const wanted = [
        ['email', `${user.siteId}|email|${user.email}`],
        ['phone', phoneGuard(user)],
        ['social', social ? `${user.siteId}|${social.provider}|${social.subject}` : null],
      ] as const;
      const taken = wanted.filter(([, k]) => k && guards.has(k)).map(([f]) => f);
      if (taken.length) return { ok: false, taken: [...taken] };
      for (const [, k] of wanted) if (k) guards.set(k, user.userId);
      users.set(`${user.siteId}|${user.userId}`, structuredClone(user));
      return { ok: true };
    },
    linkSocial: async (siteId, provider, subject, userId) => (
      guards.set(`${siteId}|${provider}|${subject}`, userId),
      true
    ),
    updateUser: async (siteId, userId, fields) => void Object.assign(users.get(`${siteId}|${userId}`)!, fields),
    replacePasswordHash: vi.fn(async (siteId: string, userId: string, verified: string, next: string) => {
      const user = users.get(`${siteId}|${userId}`)!;
      if (user.passwordHash !== verified) return false;
      user.passwordHash = next;
      return true;
    }),
    replacePhones: async (user, phones) => {
      const next = phoneGuard({ siteId: user.siteId, phoneNumbers: phones });
      if (next && guards.has(next) && guards.get(next) !== user.userId) return { ok: false, taken: ['phone'] };
      if (next) guards.set(next, user.userId);
      users.get(`${user.siteId}|${user.userId}`)!.phoneNumbers = phones;
      return { ok: true };
    },
    endSessions: async (_siteId, userId, keep) => (ended.push({ userId, ...(keep ? { keep } : {}) }), 0),
    createToken: async (_siteId, purpose, userId) => {
      const token = `tok-${tokens.size + 1}`;
      tokens.set(token, { purpose, userId });
      return token;
    },
    consumeToken: async (_siteId, purpose, token) => {
      const t = tokens.get(token);
      if (!t || t.purpose !== purpose) return null;
      tokens.delete(token);
      return t.userId;
    },
    deviceUserId: async (_siteId, token) => {
      const t = tokens.get(token);
      return t?.purpose === 'device' ? t.userId : null;
    },
    issueResetLink: vi.fn(async (siteId: string, userId: string, ttlSeconds: number, now: Date) => {
      const user = users.get(`${siteId}|${userId}`);
      if (!user || user.isBlocked) return null;
      const secret = `secret-${++links}`;
      user.resetLink = { id: sha256(secret), expiresAt: Math.floor(now.getTime() / 1000) + ttlSeconds };
      return { user: structuredClone(user), token: `${userId}_${secret}` };
    }),
    recordSignIn: async (siteId, userId, now) => {
      const user = users.get(`${siteId}|${userId}`);
      if (user) user.lastSignInAt = now.toISOString();
    },
    setPassword: async (siteId, userId, passwordHash, now, options = {}) => {
      const user = users.get(`${siteId}|${userId}`);
      if (!user || (options.link !== undefined && !resetLinkLive(user, options.link, now))) return false;
      user.passwordHash = passwordHash;
      if (options.verified) user.status = 'verified';
      delete user.resetLink;
      return true;
    },
  };
  const deps: UsersDeps = {
    repo: fakeRepo,
    createSession: async (s) => {
      const token = `session-${sessions.length + 1}`;
      sessions.push({ userId: s.userId, token });
      return { token, record: { ...s, createdAt: '', expiresAt: 0 } };
    },
    deleteSession: async () => undefined,
    hashPassword: async (pw) => `hashed:${pw}`,
    verifyPassword: vi.fn(async (pw: string, hash: string | undefined) => hash === `hashed:${pw}`),
    needsRehash: () => false,
    withinRateLimit: async () => true,
    passwordAttempts: {
      perAccountAddress: memoryBudget(10),
      perAddress: memoryBudget(30),
      perAccount: memoryBudget(50),
    },
    enqueueEmail: async (m) => void mails.push(m),
    verifySocialToken: async () => null,
    log: quietLog(),
    ...overrides,
  };
  return { deps, users, tokens, sessions, ended, mails };
}

const retail = {
  userType: 'retail' as const,
  gender: 1 as const,
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  phoneCode: 'IN',
  password: 'Secret123',
};

async function expectError(p: Promise<unknown>, status: number, message: string, fields?: Record<string, string>) {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  expect(err, 'expected an AppError').not.toBeNull();
  expect(err!.status).toBe(status);
  expect(err!.message).toBe(message);
  if (fields) expect(err!.fields).toEqual(fields);
}

describe('signup', () => {
  it('creates a pending retail user with a hashed password, retail defaults and a verification mail', async () => {
    const f = fakes();
    const out = await signup(scope, retail, f.deps);
    const stored = f.users.get(`s1|${out.userId}`)!;
    expect(stored).toMatchObject({
      email: 'asha@example.com',
      status: 'pending',
      passwordHash: 'hashed:Secret123',
      isFlightSearchAllowed: true,
      isFlightHoldAllowed: false,
      isUserSuperAdmin: false,
      legalEntityName: 'Asha Rao',
      phoneNumbers: [{ label: 'Primary', phoneNumber: '9876543210', phoneCountryCode: 'in' }],
    });
    expect(f.mails).toHaveLength(1);
    expect(f.mails[0]).toMatchObject({
      siteId: 's1',
      to: 'asha@example.com',
      subject: 'Verify your email address for Flight Deals',
    });
    // The origin (scheme, port) comes from the environment; the path and token are what this test owns.
    expect(f.mails[0]!.text).toMatch(/https?:\/\/flightdeals\.example(:\d+)?\/app\/login\?verifyEmailToken=tok-1/);
  });

  it('lets travel agents hold seats and names their legal entity after the company', async () => {
    const f = fakes();
    const out = await signup(
      scope,
      {
        userType: 'travelAgent',
        companyName: 'Mehta Tours',
        primaryEmail: 'agent@example.com',
        primaryPhone: '9876500001',
        primaryPhoneCode: 'in',
        secondaryPhone: '9876500002',
        secondaryPhoneCode: 'in',
        firstName: 'Arjun',
        country: 'India',
        state: 'MH',
        city: 'Mumbai',
        pincode: '400001',
        address1: '1 MG Road',
        password: 'Secret123',
      },
      f.deps,
    );
    expect(f.users.get(`s1|${out.userId}`)).toMatchObject({
      userType: 'travelAgent',
      isFlightHoldAllowed: true,
      legalEntityName: 'Mehta Tours',
      lastName: '',
    });
  });

  it('answers a taken email as a new sign-up and mails its owner instead', async () => {
    const f = fakes();
    const first = await signup(scope, retail, f.deps);
    const again = await signup(scope, { ...retail, email: 'Asha@Example.com', phone: '9876500009' }, f.deps);
    expect(Object.keys(again).sort()).toEqual(Object.keys(first).sort());
    expect(again.email).toBe('asha@example.com');
    expect(again.userId).toMatch(/^[0-9a-f]{24}$/);
    expect(again.userId).not.toBe(first.userId);
    expect(f.users.size).toBe(1);
    expect(f.mails.map((m) => m.subject)).toEqual([
      'Verify your email address for Flight Deals',
      'Your Flight Deals account',
    ]);
    expect(f.mails[1]).toMatchObject({ to: 'asha@example.com' });
    expect(f.mails[1]!.text).toContain('Someone tried to create a Flight Deals account with this email address');
  });

  it('reports a taken phone on a new address on its request field with 409', async () => {
    const f = fakes();
    await signup(scope, retail, f.deps);
    await expectError(
      signup(scope, { ...retail, email: 'other@example.com', phone: '098765 43210' }, f.deps),
      409,
      MSG.phoneTaken,
      {
        phone: MSG.phoneTaken,
      },
    );
  });

  it('still creates the account when the verification mail cannot be queued', async () => {
    const f = fakes({ enqueueEmail: async () => Promise.reject(new Error('queue down')) });
    await expect(signup(scope, retail, f.deps)).resolves.toMatchObject({ email: 'asha@example.com' });
    expect(f.deps.log.error).toHaveBeenCalledWith(
      'account mail not queued',
      expect.objectContaining({ purpose: 'verify', siteId: 's1' }),
    );
  });
});

describe('login', () => {
  it('answers the user without its hash and a session token', async () => {
    const f = fakes();
    const { userId } = await signup(scope, retail, f.deps);
    const out = await login(scope, { email: 'asha@example.com', password: 'Secret123' }, f.deps);
    expect(out.token).toBe('session-1');
    expect(ZUser.parse(out.user)).toMatchObject({ id: userId, users_id: userId, legalEntity: { name: 'Asha Rao' } });
    expect(JSON.stringify(out.user)).not.toContain('hashed:');
  });

  it('verifies against a dummy hash for an unknown email, then refuses like a wrong password', async () => {
    const f = fakes();
    await expectError(
      login(scope, { email: 'nobody@example.com', password: 'Secret123' }, f.deps),
      401,
      MSG.invalidCredentials,
    );
    expect(f.deps.verifyPassword).toHaveBeenCalledWith('Secret123', undefined);
    await signup(scope, retail, f.deps);
    await expectError(
      login(scope, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
      401,
      MSG.invalidCredentials,
    );
  });

  it('tells a blocked user so, but only once the password is right', async () => {
    const f = fakes();
    const { userId } = await signup(scope, retail, f.deps);
    f.users.get(`s1|${userId}`)!.isBlocked = true;
    await expectError(
      login(scope, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
      401,
      MSG.invalidCredentials,
    );
    await expectError(
      login(scope, { email: 'asha@example.com', password: 'Secret123' }, f.deps),
      401,
      MSG.accountBlocked,
    );
    expect(f.sessions).toHaveLength(0);
  });

  it('answers a failing client 429 with when to retry once its budget is spent, before looking at the password', async () => {
    const perAccountAddress = memoryBudget(0);
    const f = fakes({
      passwordAttempts: { perAccountAddress, perAddress: memoryBudget(30), perAccount: memoryBudget(50) },
    });
    await signup(scope, retail, f.deps);
    // The client that spent the budget gets the same answer for a correct password.
    await expectError(
      login({ ...scope, ip: '203.0.113.7' }, { email: 'Asha@Example.com', password: 'Secret123' }, f.deps),
      429,
      MSG.tooManyLoginAttempts(1),
    );
    expect(perAccountAddress.claim).toHaveBeenCalledWith('s1', 'asha@example.com 203.0.113.7', scope.now);
    expect(f.deps.verifyPassword).not.toHaveBeenCalled();
  });

  it('signs the right password in from a client that has not been failing while a guesser is held', async () => {
    const f = fakes();
    await signup(scope, retail, f.deps);
    const guesser = { ...scope, ip: '203.0.113.7' };
    for (let i = 0; i < 10; i++)
      await expectError(
        login(guesser, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
        401,
        MSG.invalidCredentials,
      );
    await expectError(
      login(guesser, { email: 'asha@example.com', password: 'Secret123' }, f.deps),
      429,
      MSG.tooManyLoginAttempts(1),
    );
    await expect(
      login({ ...scope, ip: '198.51.100.1' }, { email: 'asha@example.com', password: 'Secret123' }, f.deps),
    ).resolves.toMatchObject({ token: expect.any(String) });
  });

  it('bounds guessing spread over addresses for unknown clients, not for a device that signed in before', async () => {
    const perAccount = memoryBudget(3);
    const f = fakes({
      passwordAttempts: { perAccountAddress: memoryBudget(10), perAddress: memoryBudget(30), perAccount },
    });
    await signup(scope, retail, f.deps);
    const owner = await login(
      { ...scope, ip: '198.51.100.1' },
      { email: 'asha@example.com', password: 'Secret123' },
      f.deps,
    );
    expect(owner.device).toEqual(expect.any(String));
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      await expectError(
        login({ ...scope, ip }, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
        401,
        MSG.invalidCredentials,
      );
    // A fourth address, never failing, but unknown to the account: held by the account's budget.
    await expectError(
      login({ ...scope, ip: '203.0.113.4' }, { email: 'asha@example.com', password: 'Secret123' }, f.deps),
      429,
      MSG.tooManyLoginAttempts(1),
    );
    // The owner's device (its cookie) is not, from a new address too; it keeps its cookie.
    const again = await login(
      { ...scope, ip: '192.0.2.9', device: owner.device! },
      { email: 'asha@example.com', password: 'Secret123' },
      f.deps,
    );
    expect(again.device).toBeUndefined();
    // Another account's device cookie vouches for nothing here.
    await signup(scope, { ...retail, email: 'other@example.com', phone: '9876500009' }, f.deps);
    const other = await login(scope, { email: 'other@example.com', password: 'Secret123' }, f.deps);
    await expectError(
      login(
        { ...scope, ip: '192.0.2.10', device: other.device! },
        { email: 'asha@example.com', password: 'Secret123' },
        f.deps,
      ),
      429,
      MSG.tooManyLoginAttempts(1),
    );
  });

  it('evaluates at most the budget of parallel wrong passwords: the attempt is claimed before the check', async () => {
    const f = fakes();
    await signup(scope, retail, f.deps);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => login(scope, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps)),
    );
    const statuses = results.map((r) => (r.status === 'rejected' ? (r.reason as AppError).status : 200));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(f.deps.verifyPassword).toHaveBeenCalledTimes(10);
  });

  it('counts wrong passwords only: a successful sign-in gives its claims back', async () => {
    const perAccountAddress = memoryBudget(10);
    const perAddress = memoryBudget(30);
    const perAccount = memoryBudget(50);
    const f = fakes({ passwordAttempts: { perAccountAddress, perAddress, perAccount } });
    const atAddress = { ...scope, ip: '203.0.113.7' };
    await signup(scope, retail, f.deps);
    await login(atAddress, { email: 'asha@example.com', password: 'Secret123' }, f.deps);
    expect(perAccountAddress.used.get('s1|asha@example.com 203.0.113.7')).toBe(0);
    expect(perAddress.used.get('s1|203.0.113.7')).toBe(0);
    expect(perAccount.used.get('s1|asha@example.com')).toBe(0);
    await expectError(
      login(atAddress, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
      401,
      MSG.invalidCredentials,
    );
    expect(perAccountAddress.used.get('s1|asha@example.com 203.0.113.7')).toBe(1);
    expect(perAddress.used.get('s1|203.0.113.7')).toBe(1);
    expect(perAccount.used.get('s1|asha@example.com')).toBe(1);
  });

  it('limits wrong passwords per client address across emails, and charges no account for a refused try', async () => {
    const perAccountAddress = memoryBudget(10);
    const perAddress = memoryBudget(2, 600);
    const perAccount = memoryBudget(50);
    const f = fakes({ passwordAttempts: { perAccountAddress, perAddress, perAccount } });
    const atAddress = { ...scope, ip: '203.0.113.7' };
    await signup(scope, retail, f.deps);
    for (const email of ['a@example.com', 'b@example.com'])
      await expectError(login(atAddress, { email, password: 'Wrong1234' }, f.deps), 401, MSG.invalidCredentials);
    await expectError(
      login(atAddress, { email: 'asha@example.com', password: 'Secret123' }, f.deps),
      429,
      MSG.tooManyLoginAttempts(10),
    );
    expect(perAccountAddress.used.get('s1|asha@example.com 203.0.113.7')).toBe(0);
    expect(perAccount.used.get('s1|asha@example.com')).toBe(0);
    // Another address is not affected.
    await login({ ...scope, ip: '198.51.100.1' }, { email: 'asha@example.com', password: 'Secret123' }, f.deps);
  });

  it('rehashes a hash made with older parameters on a successful sign-in, never on a failed one', async () => {
    const f = fakes({ needsRehash: (h) => h === 'hashed:Secret123', hashPassword: async (pw) => `v2:${pw}` });
    const { userId } = await signup({ ...scope }, retail, { ...f.deps, hashPassword: async (pw) => `hashed:${pw}` });
    await expectError(
      login(scope, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
      401,
      MSG.invalidCredentials,
    );
    expect(f.deps.repo.replacePasswordHash).not.toHaveBeenCalled();
    await login(scope, { email: 'asha@example.com', password: 'Secret123' }, f.deps);
    expect(f.deps.repo.replacePasswordHash).toHaveBeenCalledWith(
      's1',
      userId,
      'hashed:Secret123',
      'v2:Secret123',
      scope.now,
    );
    expect(f.users.get(`s1|${userId}`)!.passwordHash).toBe('v2:Secret123');
  });

  it('signs in even when the rehash cannot be stored', async () => {
    const f = fakes({ needsRehash: () => true });
    vi.mocked(f.deps.repo.replacePasswordHash).mockRejectedValueOnce(new Error('throttled'));
    await signup(scope, retail, f.deps);
    await expect(login(scope, { email: 'asha@example.com', password: 'Secret123' }, f.deps)).resolves.toMatchObject({
      token: 'session-1',
    });
    expect(f.deps.log.warn).toHaveBeenCalledWith('password rehash failed', expect.objectContaining({ siteId: 's1' }));
  });
});

describe('passwords', () => {
  const principalOf = (userId: string): Principal => ({
    userId,
    siteId: asSiteId('s1'),
    userType: 'retail',
    isSuperAdmin: false,
    isBlocked: false,
    legalEntityId: 'le',
    email: 'asha@example.com',
    rbacUserGroupId: null,
    record: {},
  });

  /** Asks for a password link and returns the token of the mail it queued. */
  async function mailedLink(f: ReturnType<typeof fakes>, at: Scope = scope): Promise<string> {
    await forgetPassword(at, 'asha@example.com', f.deps);
    const token = /generate_password\?token=([A-Za-z0-9_-]+)/.exec(f.mails.at(-1)?.text ?? '')?.[1];
    expect(token, 'a password link in the last mail').toBeTruthy();
    return token!;
  }
  const later = (seconds: number): Scope => ({ ...scope, now: new Date(scope.now.getTime() + seconds * 1000) });

  it('generatePassword uses a link once, verifies the email and ends every session', async () => {
    const f = fakes();
    const { userId } = await signup(scope, retail, f.deps);
    const token = await mailedLink(f);
    expect(await generatePassword(scope, { token, password: 'NewPass123' }, f.deps)).toEqual({ userId });
    expect(f.users.get(`s1|${userId}`)).toMatchObject({ passwordHash: 'hashed:NewPass123', status: 'verified' });
    expect(f.ended).toEqual([{ userId }]);
    await expectError(generatePassword(scope, { token, password: 'NewPass123' }, f.deps), 400, MSG.resetLinkInvalid, {
      token: MSG.resetLinkInvalid,
    });
  });

  it('kills a link when a newer one is issued, when the password changes, and after its hour', async () => {
    const f = fakes();
    const { userId } = await signup(scope, retail, f.deps);
    const dead = (token: string, at: Scope = scope) =>
      expectError(generatePassword(at, { token, password: 'NewPass123' }, f.deps), 400, MSG.resetLinkInvalid, {
        token: MSG.resetLinkInvalid,
      });
    // Of two outstanding links only the newer works.
    const older = await mailedLink(f);
    const newer = await mailedLink(f);
    await dead(older);
    await generatePassword(scope, { token: newer, password: 'NewPass123' }, f.deps);
    // A link issued before a password change is dead after it.
    const beforeChange = await mailedLink(f);
    await changePassword(
      scope,
      principalOf(userId),
      'current-token',
      { currentPassword: 'NewPass123', newPassword: 'Other-Pass-9' },
      f.deps,
    );
    await dead(beforeChange);
    expect(f.users.get(`s1|${userId}`)!.passwordHash).toBe('hashed:Other-Pass-9');
    // A link past its hour is dead; just before, it works.
    const hourly = await mailedLink(f);
    await dead(hourly, later(3600));
    await generatePassword(later(3599), { token: hourly, password: 'Third-Pass-7' }, f.deps);
    expect(f.users.get(`s1|${userId}`)!.passwordHash).toBe('hashed:Third-Pass-7');
  });

  it('answers forgetPassword for a known and an unknown address with the same work and one mail each', async () => {
    const f = fakes();
    await signup(scope, retail, f.deps);
    f.mails.length = 0;
    await forgetPassword(scope, 'Asha@Example.com', f.deps);
    await forgetPassword(scope, 'nobody@example.com', f.deps);
    expect(f.deps.repo.issueResetLink).toHaveBeenCalledTimes(2);
    expect(f.mails.map((m) => [m.to, m.subject])).toEqual([
      ['asha@example.com', 'Reset your Flight Deals password'],
      ['nobody@example.com', 'Your Flight Deals password request'],
    ]);
    expect(f.mails[1]!.text).not.toContain('generate_password');
  });

  it('refuses a verification token and a made-up one as a password link', async () => {
    const f = fakes();
    const { userId } = await signup(scope, retail, f.deps); // issues tok-1 for 'verify'
    for (const token of ['tok-1', `${userId}_tok-1`, `${userId}_`, '_x'])
      await expectError(generatePassword(scope, { token, password: 'NewPass123' }, f.deps), 400, MSG.resetLinkInvalid);
  });

  it('changePassword checks the current password and keeps only the calling session', async () => {
    const f = fakes();
    const { userId } = await signup(scope, retail, f.deps);
    await expectError(
      changePassword(
        scope,
        principalOf(userId),
        'current-token',
        { currentPassword: 'Wrong1234', newPassword: 'NewPass123' },
        f.deps,
      ),
      400,
      MSG.wrongCurrentPassword,
      { currentPassword: MSG.wrongCurrentPassword },
    );
    await changePassword(
      scope,
      principalOf(userId),
      'current-token',
      { currentPassword: 'Secret123', newPassword: 'NewPass123' },
      f.deps,
    );
    expect(f.users.get(`s1|${userId}`)!.passwordHash).toBe('hashed:NewPass123');
    expect(f.ended).toEqual([{ userId, keep: sha256('current-token') }]);
  });

  it('changePassword shares the account-from-this-address budget with sign-in: a failing client gets 429', async () => {
    const f = fakes({
      passwordAttempts: {
        perAccountAddress: memoryBudget(1),
        perAddress: memoryBudget(30),
        perAccount: memoryBudget(50),
      },
    });
    const { userId } = await signup(scope, retail, f.deps);
    await expectError(
      login(scope, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
      401,
      MSG.invalidCredentials,
    );
    await expectError(
      changePassword(
        scope,
        principalOf(userId),
        'current-token',
        { currentPassword: 'Secret123', newPassword: 'NewPass123' },
        f.deps,
      ),
      429,
      MSG.tooManyLoginAttempts(1),
    );
    expect(f.users.get(`s1|${userId}`)!.passwordHash).toBe('hashed:Secret123');
  });
});

describe('socialLogin', () => {
  const identity = {
    provider: 'google' as const,
    subject: 'g-1',
    email: 'asha@example.com',
    firstName: 'Asha',
    lastName: 'Rao',
  };

  it('is refused on a site without a client id', async () => {
    const f = fakes();
    await expectError(socialLogin(scope, 'facebook', 'token', f.deps), 400, MSG.socialLoginDisabled);
  });

  it('refuses a token the verifier rejects', async () => {
    const f = fakes();
    await expectError(socialLogin(scope, 'google', 'token', f.deps), 401, MSG.socialLoginFailed);
  });

  it('creates a verified retail user without a password, then finds it by subject', async () => {
    const f = fakes({ verifySocialToken: async () => identity });
    const first = await socialLogin(scope, 'google', 'token', f.deps);
    expect(first.user).toMatchObject({ userType: 'retail', status: 'verified', phoneNumbers: [] });
    expect(f.users.get(`s1|${first.user.id}`)!.passwordHash).toBeUndefined();
    expect(f.mails.map((m) => m.subject)).toEqual(['Welcome to Flight Deals']);
    const second = await socialLogin(scope, 'google', 'token', f.deps);
    expect(second.user.id).toBe(first.user.id);
  });

  it('links an existing account by email and marks it verified', async () => {
    const f = fakes({ verifySocialToken: async () => identity });
    const { userId } = await signup(scope, retail, f.deps);
    const out = await socialLogin(scope, 'google', 'token', f.deps);
    expect(out.user).toMatchObject({ id: userId, status: 'verified' });
  });
});

describe('changeMyPhones', () => {
  it('needs a Primary entry and reports a taken number on its field path', async () => {
    const f = fakes();
    const a = await signup(scope, retail, f.deps);
    await signup(scope, { ...retail, email: 'b@example.com', phone: '9876500009' }, f.deps);
    const principal = { userId: a.userId, siteId: 's1' } as Principal;
    await expectError(
      changeMyPhones(
        scope,
        principal,
        [{ label: 'Secondary', phoneNumber: '9876500010', phoneCountryCode: 'in' }],
        f.deps,
      ),
      400,
      MSG.phoneRequired,
    );
    await expectError(
      changeMyPhones(
        scope,
        principal,
        [
          { label: 'Emergency', phoneNumber: '9876500011', phoneCountryCode: 'in' },
          { label: 'Primary', phoneNumber: '9876500009', phoneCountryCode: 'in' },
        ],
        f.deps,
      ),
      409,
      MSG.phoneTaken,
      { 'phoneNumbers.1.phoneNumber': MSG.phoneTaken },
    );
    const user = await changeMyPhones(
      scope,
      principal,
      [{ label: 'Primary', phoneNumber: '9876500012', phoneCountryCode: 'IN' }],
      f.deps,
    );
    expect(user.phoneNumbers).toEqual([{ label: 'Primary', phoneNumber: '9876500012', phoneCountryCode: 'in' }]);
  });
});
