/**
 * Keys of the tour packages (docs/packages.md "Storage"), built through the site guard of lib/keys.ts.
 *
 * - A package is one item of the site's package partition keyed by its id (one GetItem).
 * - gsi1 holds every package of the site by title: the staff list and the traveller list (active ones) are one
 *   Query of one partition.
 * - gsi2 holds only the active packages marked for supply, by title, in the supplier site's supply partition: a
 *   consumer site reads one such partition per linked supplier, never anything else of the supplier.
 */
import { nameKey, part, sitePk, type Key, type SiteId } from '#lib/keys';

export const packageKeys = {
  packagesPk: (siteId: SiteId) => sitePk(siteId, 'PACKAGE'),
  packageItem: (siteId: SiteId, id: string): Key => ({ pk: packageKeys.packagesPk(siteId), sk: part(id) }),
  /** gsi1: the site's packages by title (`<title>#<id>`). */
  packageTitleIndex: (siteId: SiteId, title: string, id: string) => ({
    gsi1pk: packageKeys.packagesPk(siteId),
    gsi1sk: `${nameKey(title)}#${part(id)}`,
  }),
  packageSupplyPk: (siteId: SiteId) => sitePk(siteId, 'PACKAGE', 'SUPPLY'),
  /** gsi2: active packages the site offers its consumer sites, by title. */
  packageSupplyIndex: (siteId: SiteId, title: string, id: string) => ({
    gsi2pk: packageKeys.packageSupplyPk(siteId),
    gsi2sk: `${nameKey(title)}#${part(id)}`,
  }),
};
