/** What the account operations share: their dependencies (faked in unit tests), scope and limits. */
import { AUTH } from '@tp/contracts/platform';
import { type TUser } from '@tp/contracts/endpoints/users';
import { env } from '#lib/config';
import { log, type Logger } from '#lib/logger';
import { enqueueEmail, type TEmailMessage } from '#lib/mail';
import { attemptBudget, withinRateLimit, type AttemptBudget } from '#lib/rate-limit';
import { createSession, deleteSession } from '#lib/sessions';
import type { SiteRecord } from '#lib/tenancy';
import { hashPassword, needsRehash, verifyPassword } from '../password.ts';
import * as repo from '../repo.ts';
import { verifySocialToken } from '../social.ts';

/** Sign-in and account operations. Side effects come in as `deps` so unit tests pass plain fakes. */
export interface UsersDeps {
  repo: typeof repo;
  createSession: typeof createSession;
  deleteSession: typeof deleteSession;
  hashPassword: typeof hashPassword;
  verifyPassword: typeof verifyPassword;
  needsRehash: typeof needsRehash;
  withinRateLimit: typeof withinRateLimit;
  /**
   * Wrong-password budgets: per account from one client address (a minute), per client
   * address across accounts, and per account across addresses for clients without the account's device
   * cookie. A client that has not been failing is held by none of them.
   */
  passwordAttempts: { perAccountAddress: AttemptBudget; perAddress: AttemptBudget; perAccount: AttemptBudget };
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
    perAccountAddress: attemptBudget('login-account-ip', () => env().LOGIN_ATTEMPTS_PER_MINUTE, 60),
    perAddress: attemptBudget('login-ip', () => env().LOGIN_ATTEMPTS_PER_ADDRESS, AUTH.loginAddressWindowSeconds),
    perAccount: attemptBudget('login', () => env().LOGIN_ATTEMPTS_PER_ACCOUNT, AUTH.loginAccountWindowSeconds),
  },
  enqueueEmail,
  verifySocialToken,
  log,
};

/** The calling site, the request's clock and, on sign-in, the client's address and device cookie. */
export interface Scope {
  site: SiteRecord;
  now: Date;
  ip?: string;
  /** The device cookie the client sent (AUTH.deviceCookieName), if any. */
  device?: string;
}

export interface SignedIn {
  user: TUser;
  /** Raw session token, for the cookie only. */
  token: string;
  /** A new device token for the device cookie, when this client had none for the account. */
  device?: string;
}

/** Email-verification links live longer than password links: people sign up and read mail later. */
export const VERIFY_TTL_SECONDS = 3 * 24 * 3600;
/** Jump-login / core-site hand-off tokens are exchanged by a redirect within seconds. */
export const HANDOFF_TTL_SECONDS = 120;
/** Password mails per address per hour; further requests get the same answer and no mail. */
export const PASSWORD_MAILS_PER_HOUR = 5;

/** The answer of a call that has nothing else to say. */
export const ok = { ok: true } as const;
