/**
 * Keys of the visa content (docs/visas.md "Storage"), built through the site guard of lib/keys.ts.
 *
 * - Countries: one partition per site keyed by link name (a country's `_id`), read whole (≤ 250).
 * - Categories: one item per category keyed by id (getVisaChecklist finds it with one GetItem); gsi1 holds them by
 *   country in `position` order, so a country's list is one Query of one index partition (≤ 50).
 * - A category name guard per country and name, so two categories of a country cannot share a name.
 * - Checklists: a partition per category keyed by nationality code ('~' for the default one, which sorts last).
 */
import { nameKey, part, sitePk, type Key, type SiteId } from '#lib/keys';

/** The sort key of the default checklist (every nationality without its own). */
export const DEFAULT_NATIONALITY_SK = '~';

export const visaKeys = {
  countriesPk: (siteId: SiteId) => sitePk(siteId, 'VISA', 'COUNTRY'),
  country: (siteId: SiteId, id: string): Key => ({ pk: visaKeys.countriesPk(siteId), sk: part(id) }),

  category: (siteId: SiteId, id: string): Key => ({ pk: sitePk(siteId, 'VISA', 'CATEGORY'), sk: part(id) }),
  categoriesOfCountryPk: (siteId: SiteId, countryId: string) => sitePk(siteId, 'VISA', 'COUNTRY', countryId, 'CATS'),
  /** gsi1: a country's categories by position (zero-padded) then id. */
  categoryIndex: (siteId: SiteId, countryId: string, position: number, id: string) => ({
    gsi1pk: visaKeys.categoriesOfCountryPk(siteId, countryId),
    gsi1sk: `${String(position).padStart(3, '0')}#${part(id)}`,
  }),
  categoryName: (siteId: SiteId, countryId: string, name: string): Key => ({
    pk: sitePk(siteId, 'VISA', 'CATNAME', countryId),
    sk: nameKey(name),
  }),

  checklistsPk: (siteId: SiteId, categoryId: string) => sitePk(siteId, 'VISA', 'CHECKLIST', categoryId),
  /** `nationality` '' is the default checklist. */
  checklist: (siteId: SiteId, categoryId: string, nationality: string): Key => ({
    pk: visaKeys.checklistsPk(siteId, categoryId),
    sk: nationality ? part(nationality) : DEFAULT_NATIONALITY_SK,
  }),
};
