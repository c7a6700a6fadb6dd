/**
 * The key layer's platform part: the site-prefix guard every tenant key is built through, and the
 * platform's own keys (site, domain, user record, session, rate limit, counters, permission group).
 * Each domain builds the rest of its keys in its own `keys.ts` next to its repository, through
 * `sitePk`, so a query built from any of them cannot cross tenants by mistake. The only keys outside a
 * site are the domain → site lookup and a few deliberately global lists (docs/architecture.md "Data layer").
 */
import * as z from 'zod/mini';
import { lazy } from '@tp/contracts/lazy';
import * as MSG from '@tp/contracts/messages';
import { fail } from './errors.ts';

export interface Key {
  pk: string;
  sk: string;
}

/**
 * A site id. Branded so that it cannot be swapped with another string (a user id, a legal entity id)
 * by accident: values become SiteId where they enter (tenancy resolution, a stored record, `asSiteId`).
 */
export type SiteId = string & { readonly __brand: 'SiteId' };

// The contracts keep ids key-safe (packages/contracts/src/fields.ts). A value that still breaks a key
// came from outside them (a `site-id` header, a stored reference): it is the caller's bad input, a 400,
// never a 500 or a DynamoDB error. The caps keep every key well under DynamoDB's 2 KB / 1 KB limits.
const SITE_ID_MAX = 256;
const PART_MAX = 1024;
/** The error of a value that cannot be a key (a 400). */
export const invalidKey = () => fail.validation(MSG.invalidReference);
const isSiteId = (v: unknown): v is SiteId =>
  typeof v === 'string' && v.length > 0 && v.length <= SITE_ID_MAX && !v.includes('#');

/** Brands a site id that came from outside the typed records (a header, a message, seed data); refuses a malformed one. */
export function asSiteId(value: unknown): SiteId {
  if (!isSiteId(value)) throw invalidKey();
  return value;
}

/** A site id inside a parsed message (a queue body): a malformed one fails the parse like any other field. */
// Built on first use (lazy): only queue workers parse one, and every Lambda imports this module.
export const zSiteId = lazy(() =>
  z.pipe(
    z.string().check(z.refine(isSiteId, 'Invalid site id')),
    z.transform((v) => v as SiteId),
  ),
);

/** One key part: a non-empty value that cannot forge another key (no `#`). */
export const part = (v: string): string => {
  if (typeof v !== 'string' || !v || v.length > PART_MAX || v.includes('#')) throw invalidKey();
  return v;
};

/** A display name as a key part: case-insensitive, and URI-encoded so a `#` in a name cannot forge a key. */
export const nameKey = (name: string): string => part(encodeURIComponent(name.trim().toLowerCase()));

/**
 * The guard: `SITE#<siteId>` followed by the given parts, `#`-joined. The one function that begins a
 * tenant key; it refuses an empty or malformed site id (even one cast to SiteId) and any part holding a `#`.
 */
export function sitePk(siteId: SiteId, ...parts: string[]): string {
  if (!isSiteId(siteId)) throw invalidKey();
  return ['SITE', siteId, ...parts.map(part)].join('#');
}

/**
 * The platform's own partition, above every site: the console's operators, their sessions, the resellers as
 * the console keeps them and the operators' audit log. `PLATFORM#…` can never be a site's key (those begin
 * `SITE#`), so no site query reaches it, and an operator is never a site user.
 */
export function platformPk(...parts: string[]): string {
  return ['PLATFORM', ...parts.map(part)].join('#');
}
/** Whose rate-limit budget: a site's, or the platform's (the console's sign-in). */
export const PLATFORM = Symbol('platform');
export type RateOwner = SiteId | typeof PLATFORM;

export const keys = {
  /** Domain → site id (global: domains are unique across the platform). */
  domain: (domain: string): Key => ({ pk: `DOMAIN#${part(domain.toLowerCase())}`, sk: 'DOMAIN' }),
  site: (siteId: SiteId): Key => ({ pk: sitePk(siteId), sk: 'META' }),
  /** Server-only site settings (credentials, limits); never sent to the browser. */
  siteSecrets: (siteId: SiteId): Key => ({ pk: sitePk(siteId), sk: 'SECRETS' }),

  /** The user record: read by the platform on every authenticated request (lib/principal.ts, lib/sessions.ts). */
  user: (siteId: SiteId, userId: string): Key => ({ pk: sitePk(siteId, 'USER', userId), sk: 'PROFILE' }),
  /** An RBAC permission group (its granted permission keys), read by lib/permissions.ts. */
  rbacGroup: (siteId: SiteId, groupId: string): Key => ({ pk: sitePk(siteId, 'RBAC', groupId), sk: 'GROUP' }),

  /** Sessions are stored under the SHA-256 of the token, never the token itself. */
  session: (siteId: SiteId, tokenHash: string): Key => ({ pk: sitePk(siteId, 'SESSION', tokenHash), sk: 'SESSION' }),
  /** All sessions of a user (gsi1), so a password change can end them. */
  sessionsOfUserIndex: (siteId: SiteId, userId: string, tokenHash: string) => ({
    gsi1pk: sitePk(siteId, 'USER', userId, 'SESSIONS'),
    gsi1sk: part(tokenHash),
  }),
  sessionsOfUserPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'USER', userId, 'SESSIONS'),
  /** Fixed-window rate limit counter. */
  rateLimit: (owner: RateOwner, scope: string, window: string): Key => ({
    pk: owner === PLATFORM ? platformPk('RATE', scope) : sitePk(owner, 'RATE', scope),
    sk: part(window),
  }),
  /** A site's business of one month (`YYYY-MM`): searches, bookings, revenue, as atomic counters (the console's list). */
  siteMonth: (siteId: SiteId, month: string): Key => ({ pk: sitePk(siteId, 'STATS'), sk: `MONTH#${part(month)}` }),

  /** Per-site user counters: users in total (customer list) and the last customer number handed out. */
  userCounter: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'COUNTER'), sk: 'USERS' }),
  /** Per-site counters handed out atomically (booking numbers). */
  counter: (siteId: SiteId, name: string): Key => ({ pk: sitePk(siteId, 'COUNTER'), sk: part(name) }),
};
