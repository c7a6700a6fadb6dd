import { describe, expect, it, vi } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import { ZUser } from '@tp/contracts/users';
import type { AppError } from '#lib/errors';
import type { TEmailMessage } from '#lib/mail';
import type { Principal } from '#lib/principal';
import { sha256 } from '#lib/crypto';
import type { Claim } from '#lib/rate-limit';
import type { SiteRecord } from '#lib/tenancy';
import { primaryIdentity } from './phone.ts';
import type * as repo from './repo.ts';
import type { UserRecord } from './repo.ts';
import {
  changeMyPhones,
  changePassword,
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
    passwordAttempts: { perEmail: memoryBudget(10), perAddress: memoryBudget(30) },
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

  it('reports a taken email and phone on the request fields with 409', async () => {
    const f = fakes();
    await signup(scope, retail, f.deps);
    await expectError(signup(scope, { ...retail, phone: '9876500009' }, f.deps), 409, MSG.emailTaken, {
      email: MSG.emailTaken,
    });
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

  it('answers 429 with when to retry once the budget is spent, before looking at the password', async () => {
    const perEmail = memoryBudget(0);
    const f = fakes({ passwordAttempts: { perEmail, perAddress: memoryBudget(30) } });
    await signup(scope, retail, f.deps);
    // A correct password during the lockout gets the same answer.
    await expectError(
      login(scope, { email: 'Asha@Example.com', password: 'Secret123' }, f.deps),
      429,
      MSG.tooManyLoginAttempts(1),
    );
    expect(perEmail.claim).toHaveBeenCalledWith('s1', 'asha@example.com', scope.now);
    expect(f.deps.verifyPassword).not.toHaveBeenCalled();
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

  it('counts wrong passwords only: a successful sign-in gives its claim back', async () => {
    const perEmail = memoryBudget(10);
    const perAddress = memoryBudget(30);
    const f = fakes({ passwordAttempts: { perEmail, perAddress } });
    const atAddress = { ...scope, ip: '203.0.113.7' };
    await signup(scope, retail, f.deps);
    await login(atAddress, { email: 'asha@example.com', password: 'Secret123' }, f.deps);
    expect(perEmail.used.get('s1|asha@example.com')).toBe(0);
    expect(perAddress.used.get('s1|203.0.113.7')).toBe(0);
    await expectError(
      login(atAddress, { email: 'asha@example.com', password: 'Wrong1234' }, f.deps),
      401,
      MSG.invalidCredentials,
    );
    expect(perEmail.used.get('s1|asha@example.com')).toBe(1);
    expect(perAddress.used.get('s1|203.0.113.7')).toBe(1);
  });

  it('limits wrong passwords per client address across emails, and charges no email for a refused try', async () => {
    const perEmail = memoryBudget(10);
    const perAddress = memoryBudget(2, 600);
    const f = fakes({ passwordAttempts: { perEmail, perAddress } });
    const atAddress = { ...scope, ip: '203.0.113.7' };
    await signup(scope, retail, f.deps);
    for (const email of ['a@example.com', 'b@example.com'])
      await expectError(login(atAddress, { email, password: 'Wrong1234' }, f.deps), 401, MSG.invalidCredentials);
    await expectError(
      login(atAddress, { email: 'asha@example.com', password: 'Secret123' }, f.deps),
      429,
      MSG.tooManyLoginAttempts(10),
    );
    expect(perEmail.used.get('s1|asha@example.com')).toBe(0);
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

  it('generatePassword uses a reset token once, verifies the email and ends every session', async () => {
    const f = fakes();
    const { userId } = await signup(scope, retail, f.deps);
    f.tokens.set('reset-1', { purpose: 'reset', userId });
    await generatePassword(scope, { token: 'reset-1', password: 'NewPass123' }, f.deps);
    expect(f.users.get(`s1|${userId}`)).toMatchObject({ passwordHash: 'hashed:NewPass123', status: 'verified' });
    expect(f.ended).toEqual([{ userId }]);
    await expectError(
      generatePassword(scope, { token: 'reset-1', password: 'NewPass123' }, f.deps),
      400,
      MSG.resetLinkInvalid,
      {
        token: MSG.resetLinkInvalid,
      },
    );
  });

  it('refuses a verification token as a reset token', async () => {
    const f = fakes();
    await signup(scope, retail, f.deps); // issues tok-1 for 'verify'
    await expectError(
      generatePassword(scope, { token: 'tok-1', password: 'NewPass123' }, f.deps),
      400,
      MSG.resetLinkInvalid,
    );
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

  it('changePassword shares the email budget with sign-in: during a lockout even the right password gets 429', async () => {
    const f = fakes({ passwordAttempts: { perEmail: memoryBudget(1), perAddress: memoryBudget(30) } });
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
