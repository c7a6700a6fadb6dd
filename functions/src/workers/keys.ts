/** Keys of the workers' own items. */
import { sitePk, type Key, type SiteId } from '#lib/keys';

export const workerKeys = {
  /** Email worker's "already sent" marker, by the hash of the message's idempotency key (TTL-expired). */
  mailSent: (siteId: SiteId, idempotencyKeyHash: string): Key => ({
    pk: sitePk(siteId, 'MAIL', idempotencyKeyHash),
    sk: 'SENT',
  }),
};
