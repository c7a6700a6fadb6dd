/**
 * Keys of DMC operations (docs/dmc.md "Operations", "API"): transfers and driver access tokens, all built through
 * the site guard of lib/keys.ts, so a query built from them cannot cross tenants.
 *
 * - A transfer is one item of the site's transfer partition keyed by its id: a GetItem by id, and the transfers of
 *   a kart one Query (`begins_with` on `<kartId>-`, the ids `transfersOfVoucher` derives).
 * - gsi1: the job sheet, every dated, uncancelled transfer of the site by date and time.
 * - gsi2: the driver page, the same transfers per driver by date and time.
 * - A driver token item is keyed by the SHA-256 of the token (never the token); the driver's pointer item names
 *   the hash of their live token, so a new token or a revoke finds the old one without a scan.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

/** `<date>#<time>#<id>`; a leg without a time sorts last in its day ('~' after digits). */
const whenOrder = (date: string, time: string | null, id: string): string => `${part(date)}#${time ?? '~'}#${part(id)}`;

export const opsKeys = {
  transfersPk: (siteId: SiteId) => sitePk(siteId, 'OPS', 'TRANSFER'),
  transfer: (siteId: SiteId, id: string): Key => ({ pk: opsKeys.transfersPk(siteId), sk: part(id) }),
  /** The sort-key prefix of one kart's transfers. */
  kartPrefix: (kartId: string) => `${part(kartId)}-`,

  jobSheetPk: (siteId: SiteId) => sitePk(siteId, 'OPS', 'JOBSHEET'),
  jobSheetIndex: (siteId: SiteId, date: string, time: string | null, id: string) => ({
    gsi1pk: opsKeys.jobSheetPk(siteId),
    gsi1sk: whenOrder(date, time, id),
  }),
  driverJobsPk: (siteId: SiteId, driverId: string) => sitePk(siteId, 'OPS', 'DRIVERJOBS', driverId),
  driverJobsIndex: (siteId: SiteId, driverId: string, date: string, time: string | null, id: string) => ({
    gsi2pk: opsKeys.driverJobsPk(siteId, driverId),
    gsi2sk: whenOrder(date, time, id),
  }),
  /** Bounds of a day range on either index: every sort key of `from` … `to` inclusive. */
  dayBounds: (from: string, to: string) => ({ lo: `${part(from)}#`, hi: `${part(to)}#\uffff` }),

  driverToken: (siteId: SiteId, tokenHash: string): Key => ({
    pk: sitePk(siteId, 'OPS', 'DRIVERTOKEN', tokenHash),
    sk: 'TOKEN',
  }),
  /** The driver's live token (its hash), so a new one revokes the old. */
  driverTokenPointer: (siteId: SiteId, driverId: string): Key => ({
    pk: sitePk(siteId, 'OPS', 'DRIVER', driverId),
    sk: 'TOKEN',
  }),
};
