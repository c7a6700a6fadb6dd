import { randomBytes } from 'node:crypto';
import type { ParsedRequestOf, UserType } from '@tp/contracts/endpoint';
import type { signup as signupEndpoint } from '@tp/contracts/endpoints/users';
import { MSG } from '@tp/contracts/messages';
import { AUTH } from '@tp/contracts/platform';
import { SUPPLIER_MSG } from '@tp/contracts/suppliers';
import { ZUser, type TPhoneEntry, type TUser } from '@tp/contracts/users';
import { passwordLinkMail, verifyEmailMail, welcomeMail, type RenderedMail } from '@tp/mail';
import { newId, sha256 } from '#lib/crypto';
import { env } from '#lib/config';
import { fail } from '#lib/errors';
import { log, type Logger } from '#lib/logger';
import { appLink, enqueueEmail, mailBrand, type TEmailMessage } from '#lib/mail';
import type { Principal } from '#lib/principal';
import { attemptBudget, withinRateLimit, type AttemptBudget, type Claim } from '#lib/rate-limit';
import { createSession, deleteSession } from '#lib/sessions';
import type { SiteRecord } from '#lib/tenancy';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { primaryPhone } from './phone.ts';
import * as repo from './repo.ts';
import type { LegalEntityRecord, UniqueField, UserRecord } from './repo.ts';
import { verifySocialToken, type SocialIdentity, type SocialProvider } from './social.ts';

/** Sign-in and account operations. Side effects come in as `deps` so unit tests pass plain fakes. */
export interface UsersDeps {
  repo: typeof repo;
  createSession: typeof createSession;
  deleteSession: typeof deleteSession;
  hashPassword: typeof hashPassword;
  verifyPassword: typeof verifyPassword;
  needsRehash: typeof needsRehash;
  withinRateLimit: typeof withinRateLimit;
  /** Wrong passwords per email per minute, and per client address (across emails) per site. */
  passwordAttempts: { perEmail: AttemptBudget; perAddress: AttemptBudget };
  enqueueEmail: (message: TEmailMessage) => Promise<void>;
  verifySocialToken: typeof verifySocialToken;
  log: Logger;
}
export const defaultDeps: UsersDeps = {
  repo,
  createSession,
  deleteSession,
  hashPassword,
  verifyPassword,
  needsRehash,
  withinRateLimit,
  passwordAttempts: {
    perEmail: attemptBudget('login', () => env().LOGIN_ATTEMPTS_PER_MINUTE, 60),
    perAddress: attemptBudget('login-ip', () => env().LOGIN_ATTEMPTS_PER_ADDRESS, AUTH.loginAddressWindowSeconds),
  },
  enqueueEmail,
  verifySocialToken,
  log,
};

/** The calling site, the request's clock and, on sign-in, the client's address. */
export interface Scope {
  site: SiteRecord;
  now: Date;
  ip?: string;
}

export interface SignedIn {
  user: TUser;
  /** Raw session token, for the cookie only. */
  token: string;
}

/** Email-verification links live longer than password links: people sign up and read mail later. */
export const VERIFY_TTL_SECONDS = 3 * 24 * 3600;
/** Jump-login / core-site hand-off tokens are exchanged by a redirect within seconds. */
export const HANDOFF_TTL_SECONDS = 120;
/** Password mails per address per hour; further requests get the same answer and no mail. */
const PASSWORD_MAILS_PER_HOUR = 5;

// ---------------------------------------------------------------------------------------------------
// Accounts

/** Everything needed to open an account, whoever opens it (signup, social sign-in, demo seed, staff). */
export interface NewAccount {
  userType: UserType;
  email: string;
  firstName: string;
  lastName: string;
  gender?: 1 | 2;
  phoneNumbers: TPhoneEntry[];
  status: UserRecord['status'];
  passwordHash?: string;
  companyName?: string;
  company?: UserRecord['company'];
  address?: LegalEntityRecord['address'];
  isUserSuperAdmin?: boolean;
  isBlocked?: boolean;
  isFlightHoldAllowed?: boolean;
  isFlightSearchAllowed?: boolean;
  /** Marketing mail; people who sign up themselves accept it unless they say otherwise. */
  emailSubscribed?: boolean;
  /** A supplier site's partner account for this consumer site: keyed by the link, no email guard. */
  partnerOfSiteId?: string;
}

/** Request field that carries the email / primary phone, for field-level 409 messages. */
type ConflictFields = Partial<Record<UniqueField, string>>;
const TAKEN_MESSAGE: Record<UniqueField, string> = {
  email: MSG.emailTaken,
  phone: MSG.phoneTaken,
  social: MSG.emailTaken,
  partner: SUPPLIER_MSG.partnerAccountExists,
};

function conflict(taken: UniqueField[], fields: ConflictFields) {
  const shortError = Object.fromEntries(taken.map((t) => [fields[t] ?? t, TAKEN_MESSAGE[t]]));
  return fail.conflict(TAKEN_MESSAGE[taken[0]!], shortError);
}

/** Short human-friendly code (no 0/O, 1/I) for the referral screen. */
function referralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Builds the user and its legal entity and writes them with their uniqueness guards in one
 * transaction. Defaults: everyone may search flights; holding seats (a GDS PNR without a ticket) is
 * for staff and travel agents only, since retail and corporate users pay at once.
 */
export async function createAccount(
  scope: Scope,
  account: NewAccount,
  options: { social?: { provider: SocialProvider; subject: string }; conflictFields?: ConflictFields } = {},
  deps: UsersDeps = defaultDeps,
): Promise<UserRecord> {
  const { site, now } = scope;
  const createdAt = now.toISOString();
  const userId = newId();
  const le: LegalEntityRecord = {
    siteId: site.siteId,
    legalEntityId: newId(),
    // A social profile may carry no name at all; the address still identifies the person.
    name: account.companyName || `${account.firstName} ${account.lastName}`.trim() || account.email,
    kind: account.companyName ? 'company' : 'individual',
    ownerLegalEntityId: site.ownerLegalEntityId,
    ...(account.address ? { address: account.address } : {}),
    createdAt,
  };
  const { address: _address, ...fields } = account;
  const user: UserRecord = {
    ...fields,
    siteId: site.siteId,
    userId,
    email: account.email.toLowerCase(),
    isBlocked: account.isBlocked ?? false,
    isUserSuperAdmin: account.userType === 'staff' && account.isUserSuperAdmin === true,
    isFlightSearchAllowed: account.isFlightSearchAllowed ?? true,
    isFlightHoldAllowed:
      account.isFlightHoldAllowed ?? (account.userType === 'staff' || account.userType === 'travelAgent'),
    referralCode: referralCode(),
    customerNo: await deps.repo.nextCustomerNo(site.siteId),
    emailSubscribed: account.emailSubscribed ?? true,
    legalEntityId: le.legalEntityId,
    legalEntityName: le.name,
    createdAt,
    updatedAt: createdAt,
  };
  const written = await deps.repo.insertAccount(user, le, options.social);
  if (!written.ok) throw conflict(written.taken, options.conflictFields ?? {});
  return user;
}

/** The browser's view of a user: no hash, no internal fields. */
export function toUser(record: UserRecord): TUser {
  const { passwordHash: _hash, ...rest } = record;
  return ZUser.parse({
    ...rest,
    id: record.userId,
    users_id: record.userId,
    legalEntity: { id: record.legalEntityId, name: record.legalEntityName },
  });
}

type SignupInput = ParsedRequestOf<typeof signupEndpoint>;

/** Self-registration. Only the retail and travel-agent shapes exist here: staff and corporate accounts are never self-made. */
function signupAccount(input: SignupInput): { account: NewAccount; conflictFields: ConflictFields } {
  if (input.userType === 'retail')
    return {
      account: {
        userType: 'retail',
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        gender: input.gender,
        phoneNumbers: [{ label: 'Primary', phoneNumber: input.phone, phoneCountryCode: input.phoneCode.toLowerCase() }],
        status: 'pending',
      },
      conflictFields: { email: 'email', phone: 'phone' },
    };
  return {
    account: {
      userType: 'travelAgent',
      email: input.primaryEmail,
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      phoneNumbers: [
        { label: 'Primary', phoneNumber: input.primaryPhone, phoneCountryCode: input.primaryPhoneCode.toLowerCase() },
        {
          label: 'Secondary',
          phoneNumber: input.secondaryPhone,
          phoneCountryCode: input.secondaryPhoneCode.toLowerCase(),
        },
      ],
      status: 'pending',
      companyName: input.companyName,
      company: {
        companyName: input.companyName,
        address1: input.address1,
        ...(input.address2 ? { address2: input.address2 } : {}),
        secondaryPhone: input.secondaryPhone,
      },
      address: {
        address1: input.address1,
        ...(input.address2 ? { address2: input.address2 } : {}),
        city: input.city,
        state: input.state,
        country: input.country,
        pincode: input.pincode,
      },
    },
    conflictFields: { email: 'primaryEmail', phone: 'primaryPhone' },
  };
}

export async function signup(
  scope: Scope,
  input: SignupInput,
  deps: UsersDeps = defaultDeps,
): Promise<{ userId: string; email: string }> {
  const { account, conflictFields } = signupAccount(input);
  const passwordHash = await deps.hashPassword(input.password);
  const user = await createAccount(scope, { ...account, passwordHash }, { conflictFields }, deps);
  await sendVerificationMail(scope, user, deps);
  return { userId: user.userId, email: user.email };
}

export async function verifyEmail(scope: Scope, token: string, deps: UsersDeps = defaultDeps): Promise<void> {
  const { site, now } = scope;
  const userId = await deps.repo.consumeToken(site.siteId, 'verify', token, now);
  const user = userId ? await deps.repo.getUser(site.siteId, userId) : null;
  if (!user) throw fail.validation(MSG.verifyLinkInvalid, { token: MSG.verifyLinkInvalid });
  if (user.status === 'verified') return;
  await deps.repo.updateUser(site.siteId, user.userId, { status: 'verified' }, now);
  await sendWelcomeMail(scope, user, deps);
}

// ---------------------------------------------------------------------------------------------------
// Sessions

async function startSession(scope: Scope, user: UserRecord, deps: UsersDeps): Promise<SignedIn> {
  if (user.isBlocked) throw fail.unauthenticated(MSG.accountBlocked);
  const { token } = await deps.createSession(
    { siteId: user.siteId, userId: user.userId, userType: user.userType },
    scope.now,
  );
  return { user: toUser(user), token };
}

/**
 * Claims one attempt from the email's budget (and the client address's, when given) BEFORE the password
 * is checked, so parallel guesses past the budget are refused unevaluated; during a lockout a correct
 * password gets the same 429. Returns the release for a correct password: only failures use the budget.
 */
async function claimPasswordAttempt(scope: Scope, email: string, deps: UsersDeps): Promise<() => Promise<void>> {
  const { site, now, ip } = scope;
  const { perEmail, perAddress } = deps.passwordAttempts;
  const claims: Claim[] = await Promise.all([
    perEmail.claim(site.siteId, email.toLowerCase(), now),
    ...(ip ? [perAddress.claim(site.siteId, ip, now)] : []),
  ]);
  const release = async () => {
    await Promise.all(claims.map((c) => (c.ok ? c.release() : undefined)));
  };
  const refused = claims.flatMap((c) => (c.ok ? [] : [c.retryAfterSeconds]));
  if (refused.length === 0) return release;
  await release(); // the budget that did admit this attempt is not charged for it
  throw fail.tooMany(MSG.tooManyLoginAttempts(Math.max(1, Math.ceil(Math.max(...refused) / 60))));
}

/**
 * Replaces a hash made with older parameters by one with the current ones, while the password is at
 * hand. Best effort: the sign-in goes on if it fails, and a password changed meanwhile is never undone.
 */
async function upgradeHash(scope: Scope, user: UserRecord, password: string, deps: UsersDeps): Promise<void> {
  if (!user.passwordHash || !deps.needsRehash(user.passwordHash)) return;
  try {
    const next = await deps.hashPassword(password);
    await deps.repo.replacePasswordHash(user.siteId, user.userId, user.passwordHash, next, scope.now);
  } catch (err) {
    deps.log.warn('password rehash failed', { siteId: user.siteId, userId: user.userId, error: String(err) });
  }
}

export async function login(
  scope: Scope,
  input: { email: string; password: string },
  deps: UsersDeps = defaultDeps,
): Promise<SignedIn> {
  const release = await claimPasswordAttempt(scope, input.email, deps);
  const userId = await deps.repo.userIdByEmail(scope.site.siteId, input.email);
  const user = userId ? await deps.repo.getUser(scope.site.siteId, userId) : null;
  // Always one argon2 verification (against a dummy hash when there is no user), so timing does not reveal accounts.
  const matches = await deps.verifyPassword(input.password, user?.passwordHash);
  // A wrong password keeps its claim: that is the failure counted.
  if (!user || !matches) throw fail.unauthenticated(MSG.invalidCredentials);
  await Promise.all([release(), upgradeHash(scope, user, input.password, deps)]);
  return startSession(scope, user, deps);
}

export async function logout(siteId: string, token: string | undefined, deps: UsersDeps = defaultDeps): Promise<void> {
  if (token) await deps.deleteSession(siteId, token);
}

async function requireUser(siteId: string, userId: string, deps: UsersDeps): Promise<UserRecord> {
  const user = await deps.repo.getUser(siteId, userId);
  if (!user) throw fail.unauthenticated();
  return user;
}

/** The caller's own record was read with the session (one round trip); no second read here. */
export async function currentUser(principal: Principal): Promise<TUser> {
  return toUser(principal.record as unknown as UserRecord);
}

/** A one-time token another flow (jump login, the core site) hands to the browser for loginBySessionId. */
export function createHandoffToken(
  siteId: string,
  userId: string,
  now: Date,
  deps: UsersDeps = defaultDeps,
): Promise<string> {
  return deps.repo.createToken(siteId, 'handoff', userId, HANDOFF_TTL_SECONDS, now);
}

export async function loginByHandoff(
  scope: Scope,
  handoffToken: string,
  deps: UsersDeps = defaultDeps,
): Promise<SignedIn> {
  const userId = await deps.repo.consumeToken(scope.site.siteId, 'handoff', handoffToken, scope.now);
  if (!userId) throw fail.unauthenticated(MSG.sessionExpired);
  return startSession(scope, await requireUser(scope.site.siteId, userId, deps), deps);
}

// ---------------------------------------------------------------------------------------------------
// Passwords

/** Mails a password link when the address belongs to an active account; the caller answers the same either way. */
export async function forgetPassword(scope: Scope, email: string, deps: UsersDeps = defaultDeps): Promise<void> {
  const { site, now } = scope;
  const address = email.toLowerCase();
  if (!(await deps.withinRateLimit(site.siteId, 'password-mail', address, PASSWORD_MAILS_PER_HOUR, 3600, now))) return;
  const userId = await deps.repo.userIdByEmail(site.siteId, address);
  const user = userId ? await deps.repo.getUser(site.siteId, userId) : null;
  if (user && !user.isBlocked) await sendPasswordMail(scope, user, deps);
}

/** Sets a password from a mailed link. The link proves the address, and every existing session ends. */
export async function generatePassword(
  scope: Scope,
  input: { token: string; password: string },
  deps: UsersDeps = defaultDeps,
): Promise<void> {
  const { site, now } = scope;
  const userId = await deps.repo.consumeToken(site.siteId, 'reset', input.token, now);
  if (!userId) throw fail.validation(MSG.resetLinkInvalid, { token: MSG.resetLinkInvalid });
  const passwordHash = await deps.hashPassword(input.password);
  await deps.repo.updateUser(site.siteId, userId, { passwordHash, status: 'verified' }, now);
  await deps.repo.endSessions(site.siteId, userId);
}

/** Changes the password of the signed-in user and ends their other sessions (this browser stays signed in). */
export async function changePassword(
  scope: Scope,
  principal: Principal,
  currentToken: string,
  input: { currentPassword: string; newPassword: string },
  deps: UsersDeps = defaultDeps,
): Promise<void> {
  const user = await requireUser(principal.siteId, principal.userId, deps);
  // The caller is signed in: the email's budget alone (shared with sign-in) caps guessing here.
  const release = await claimPasswordAttempt({ site: scope.site, now: scope.now }, user.email, deps);
  if (!(await deps.verifyPassword(input.currentPassword, user.passwordHash)))
    throw fail.validation(MSG.wrongCurrentPassword, { currentPassword: MSG.wrongCurrentPassword });
  await release();
  const passwordHash = await deps.hashPassword(input.newPassword);
  await deps.repo.updateUser(user.siteId, user.userId, { passwordHash }, scope.now);
  await deps.repo.endSessions(user.siteId, user.userId, sha256(currentToken));
}

// ---------------------------------------------------------------------------------------------------
// Google / Facebook

/**
 * Signs in with a provider's ID token: the account mapped to the provider's subject, else the account
 * with the token's (provider-verified) email, linked from now on, else a new retail account.
 */
export async function socialLogin(
  scope: Scope,
  provider: SocialProvider,
  credential: string,
  deps: UsersDeps = defaultDeps,
): Promise<SignedIn> {
  const { site } = scope;
  const audience = provider === 'google' ? site.wlMeta.googleAuthClientId : site.wlMeta.facebookAppId;
  if (!audience) throw fail.validation(MSG.socialLoginDisabled);
  const identity = await deps.verifySocialToken(provider, credential, audience);
  if (!identity) throw fail.unauthenticated(MSG.socialLoginFailed);
  // A concurrent first sign-in can win the race to create the account; the second pass then finds it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const user = await findSocialUser(scope, identity, deps);
    if (user) return startSession(scope, user, deps);
    try {
      const created = await createAccount(
        scope,
        {
          userType: 'retail',
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          phoneNumbers: [],
          status: 'verified',
        },
        { social: { provider, subject: identity.subject } },
        deps,
      );
      await sendWelcomeMail(scope, created, deps);
      return startSession(scope, created, deps);
    } catch (err) {
      if (attempt > 0 || (err as { status?: number }).status !== 409) throw err;
    }
  }
  throw fail.unauthenticated(MSG.socialLoginFailed);
}

async function findSocialUser(scope: Scope, identity: SocialIdentity, deps: UsersDeps): Promise<UserRecord | null> {
  const { site, now } = scope;
  const linkedId = await deps.repo.userIdBySocial(site.siteId, identity.provider, identity.subject);
  if (linkedId) return deps.repo.getUser(site.siteId, linkedId);
  const byEmail = await deps.repo.userIdByEmail(site.siteId, identity.email);
  const user = byEmail ? await deps.repo.getUser(site.siteId, byEmail) : null;
  if (!user) return null;
  await deps.repo.linkSocial(site.siteId, identity.provider, identity.subject, user.userId);
  if (user.status !== 'verified') {
    await deps.repo.updateUser(site.siteId, user.userId, { status: 'verified' }, now);
    user.status = 'verified';
  }
  return user;
}

// ---------------------------------------------------------------------------------------------------
// Phones

/** Replaces the signed-in user's phones (the phone-verification modal); the primary number stays unique per site. */
export async function changeMyPhones(
  scope: Scope,
  principal: Principal,
  input: TPhoneEntry[],
  deps: UsersDeps = defaultDeps,
): Promise<TUser> {
  const phones = input.map((p) => ({ ...p, phoneCountryCode: p.phoneCountryCode.toLowerCase() }));
  const primaryIndex = phones.findIndex((p) => p === primaryPhone(phones));
  if (primaryIndex < 0) throw fail.validation(MSG.phoneRequired, { phoneNumbers: MSG.phoneRequired });
  const user = await requireUser(principal.siteId, principal.userId, deps);
  const written = await deps.repo.replacePhones(user, phones, scope.now);
  if (!written.ok) throw conflict(written.taken, { phone: `phoneNumbers.${primaryIndex}.phoneNumber` });
  return toUser({ ...user, phoneNumbers: phones, updatedAt: scope.now.toISOString() });
}

// ---------------------------------------------------------------------------------------------------
// Mail

/**
 * Queues an account mail. Best effort: the change it reports is already committed, so a queue outage is
 * logged for operators rather than failing the request (a lost link can be asked for again). Each mail
 * gets its own idempotency key, so an SQS redelivery never sends it twice.
 */
async function queueAccountMail(
  scope: Scope,
  user: UserRecord,
  purpose: 'verify' | 'welcome' | 'password',
  render: () => RenderedMail | Promise<RenderedMail>,
  deps: UsersDeps,
): Promise<void> {
  try {
    const mail = await render();
    await deps.enqueueEmail({ siteId: user.siteId, to: user.email, ...mail, idempotencyKey: `${purpose}-${newId()}` });
  } catch (err) {
    deps.log.error('account mail not queued', {
      purpose,
      siteId: user.siteId,
      userId: user.userId,
      error: String(err),
    });
  }
}

export const sendVerificationMail = (scope: Scope, user: UserRecord, deps: UsersDeps = defaultDeps) =>
  queueAccountMail(
    scope,
    user,
    'verify',
    async () => {
      const token = await deps.repo.createToken(user.siteId, 'verify', user.userId, VERIFY_TTL_SECONDS, scope.now);
      return verifyEmailMail(mailBrand(scope.site), {
        firstName: user.firstName,
        // The SPA has no screen of its own for this: the login page reads the token and calls verifyEmail.
        link: appLink(scope.site, '/login', { verifyEmailToken: token }),
        validForSeconds: VERIFY_TTL_SECONDS,
      });
    },
    deps,
  );

const sendWelcomeMail = (scope: Scope, user: UserRecord, deps: UsersDeps) =>
  queueAccountMail(
    scope,
    user,
    'welcome',
    () => welcomeMail(mailBrand(scope.site), { firstName: user.firstName, loginLink: appLink(scope.site, '/login') }),
    deps,
  );

/** Mails a one-hour password link: "reset" when the user has a password, "set" when the account has none yet. */
export const sendPasswordMail = (scope: Scope, user: UserRecord, deps: UsersDeps = defaultDeps) =>
  queueAccountMail(
    scope,
    user,
    'password',
    async () => {
      const token = await deps.repo.createToken(user.siteId, 'reset', user.userId, AUTH.resetTtlSeconds, scope.now);
      return passwordLinkMail(mailBrand(scope.site), {
        firstName: user.firstName,
        link: appLink(scope.site, '/generate_password', { token }),
        validForSeconds: AUTH.resetTtlSeconds,
        kind: user.passwordHash ? 'reset' : 'generate',
      });
    },
    deps,
  );
