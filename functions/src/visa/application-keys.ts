/**
 * Keys of visa applications (docs/visas.md "Applications" storage), built through the site guard of lib/keys.ts.
 *
 * - An application is one item of the site's application partition keyed by its id (one GetItem).
 * - gsi1: the site's applications of one status, last change first (the staff queue, one Query of one partition).
 * - gsi2: one user's applications, newest first (the applicant's list).
 * - Counts: one item per site, an attribute per status, moved in the transaction of every status change.
 * - A document link: one item per link, keyed by the hash of its token, with its expiry.
 * - Purge: the applications whose documents are due for deletion, by due time, in one platform partition the
 *   scheduled worker reads from its start (a Query up to now, never a scan).
 * - Terms: one item per site.
 */
import { part, platformPk, sitePk, type Key, type SiteId } from '#lib/keys';

export const applicationKeys = {
  applicationsPk: (siteId: SiteId) => sitePk(siteId, 'VISAAPP'),
  application: (siteId: SiteId, id: string): Key => ({ pk: applicationKeys.applicationsPk(siteId), sk: part(id) }),
  statusPk: (siteId: SiteId, status: string) => sitePk(siteId, 'VISAAPP', 'STATUS', status),
  userPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'VISAAPP', 'USER', userId),
  indexes: (
    siteId: SiteId,
    a: { id: string; userId: string; status: string; updatedAt: string; createdAt: string },
  ) => ({
    gsi1pk: applicationKeys.statusPk(siteId, a.status),
    gsi1sk: `${part(a.updatedAt)}#${part(a.id)}`,
    gsi2pk: applicationKeys.userPk(siteId, a.userId),
    gsi2sk: `${part(a.createdAt)}#${part(a.id)}`,
  }),
  counts: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'VISAAPP', 'COUNTS'), sk: 'SITE' }),
  documentLink: (siteId: SiteId, tokenHash: string): Key => ({
    pk: sitePk(siteId, 'VISAAPP', 'LINK'),
    sk: part(tokenHash),
  }),
  purgePk: () => platformPk('VISAPURGE'),
  purge: (siteId: SiteId, id: string, dueAt: string): Key => ({
    pk: applicationKeys.purgePk(),
    sk: `${part(dueAt)}#${part(siteId)}#${part(id)}`,
  }),
  terms: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'VISAAPP', 'TERMS'), sk: 'TERMS' }),
  /** An application's fee paid through the gateway: once per application, whatever the verifications. */
  gatewayPaid: (siteId: SiteId, id: string): Key => ({ pk: sitePk(siteId, 'VISAAPP', 'GATEWAYPAID'), sk: part(id) }),
};
