/**
 * Keys of the console: all under the platform's partition (lib/keys.ts `platformPk`), never a site's. The one
 * site key the console writes is the site itself (through the site domain's items), when it onboards one.
 */
import { part, platformPk, type Key, type SiteId } from '#lib/keys';

/** An email as a key part: lower case, URI-encoded (an address may hold a `#`). */
const emailPart = (email: string) => part(encodeURIComponent(email.trim().toLowerCase()));

export const consoleKeys = {
  operator: (operatorId: string): Key => ({ pk: platformPk('OPERATOR', operatorId), sk: 'PROFILE' }),
  /** Email → operator id; also the uniqueness guard of an address. */
  operatorEmail: (email: string): Key => ({ pk: platformPk('OPERATOR_EMAIL', emailPart(email)), sk: 'EMAIL' }),
  /** Sessions are stored under the SHA-256 of the token, never the token itself. */
  operatorSession: (tokenHash: string): Key => ({ pk: platformPk('OPERATOR_SESSION', tokenHash), sk: 'SESSION' }),

  /** A reseller as the console keeps it (what was sold, its invite and suspension), beside the site record. */
  reseller: (siteId: SiteId): Key => ({ pk: platformPk('RESELLER', siteId), sk: 'META' }),
  /** gsi1: every reseller, by onboarding time (the console's list). */
  resellersIndex: (createdAt: string, siteId: SiteId) => ({
    gsi1pk: platformPk('RESELLERS'),
    gsi1sk: `${createdAt}#${part(siteId)}`,
  }),
  resellersPk: () => platformPk('RESELLERS'),
  /** An onboarding request's idempotency key → the site it made. */
  onboardRequest: (idempotencyKey: string): Key => ({ pk: platformPk('ONBOARD', idempotencyKey), sk: 'REQUEST' }),

  /**
   * The operators' audit log: one partition by time (operators' steps are few), gsi1 per reseller. The sort key
   * is the entry's time and id (`<iso>#<id>`): newest first, two entries of one millisecond kept apart.
   */
  auditEntry: (at: string, id: string): Key => ({ pk: platformPk('AUDIT'), sk: `${part(at)}#${part(id)}` }),
  auditPk: () => platformPk('AUDIT'),
  auditOfSiteIndex: (siteId: SiteId, at: string, id: string) => ({
    gsi1pk: platformPk('AUDIT', 'SITE', siteId),
    gsi1sk: `${part(at)}#${part(id)}`,
  }),
  auditOfSitePk: (siteId: SiteId) => platformPk('AUDIT', 'SITE', siteId),
};
