/** Keys of the mail domain's own items: the suppression list and the email worker's sent markers. */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const mailKeys = {
  /**
   * An address SES reported as hard-bouncing or complaining, by the SHA-256 of the lower-cased address.
   * Platform-wide, not per site: SES's sending reputation is the account's, whichever reseller mailed.
   */
  suppressed: (addressHash: string): Key => ({ pk: `SUPPRESSED#${part(addressHash)}`, sk: 'MAIL' }),
  /** Email worker's "already sent" marker, by the hash of the message's idempotency key (TTL-expired). */
  mailSent: (siteId: SiteId, idempotencyKeyHash: string): Key => ({
    pk: sitePk(siteId, 'MAIL', idempotencyKeyHash),
    sk: 'SENT',
  }),
};
