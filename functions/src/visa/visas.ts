/**
 * Visa operations (docs/visas.md): the public reads (destination countries, a country's categories, a category's
 * checklists, IN first) and the staff maintenance of the three. Checklist html is sanitised with the site's
 * allow-list when saved and again when read, so a record stored before a rule change is still served clean.
 */
import {
  MAX_VISA_CATEGORIES,
  MAX_VISA_COUNTRIES,
  PREFERRED_NATIONALITY,
  VISA_MSG,
  visaSlug,
  type TVisaCategory,
  type TVisaChecklist,
  type TVisaCountry,
  type ZSaveVisaCategory,
  type ZSaveVisaChecklist,
  type ZSaveVisaCountry,
} from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { countryByCode } from '@tp/reference-data/countries';
import type * as z from 'zod/mini';
import { newId } from '#lib/crypto';
import { conditionFailedAt } from '#lib/db';
import { fail } from '#lib/errors';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { reply, answers, type Scope, type SignedInScope } from '#lib/answers';
import type { SiteId } from '#lib/keys';
import { sanitizeSiteHtml } from '../site/index.ts';
import * as repo from './repo.ts';
import type { CategoryRecord, ChecklistRecord, CountryRecord } from './repo.ts';
import * as api from '@tp/contracts/endpoints/visa';

const siteOf = (scope: Scope): SiteId => scope.site.siteId;

/**
 * A staff change's audit entry, last in its transaction (the repo reads cancellation codes by position, so the
 * entry goes after the items it names). None without a signed-in actor (a seed).
 */
function visaAudit(scope: Scope, entity: string, id: string, before: object | null, after: object | null) {
  const principal = (scope as Partial<SignedInScope>).principal;
  return principal
    ? [auditPut(siteOf(scope), recordChange(entity, id, before, after), auditActor(principal), scope.now)]
    : [];
}

// ---------------------------------------------------------------------------------------------------
// Answers

const countryView = (c: CountryRecord): TVisaCountry => ({
  _id: c.id,
  countryName: c.countryName,
  countryCode: c.countryCode,
  categoryCount: c.categoryCount,
  version: c.version,
  updatedAt: c.updatedAt,
});

const categoryView = (c: CategoryRecord, country: Pick<CountryRecord, 'countryName'>): TVisaCategory => ({
  _id: c.id,
  visaCategory: c.visaCategory,
  slug: visaSlug(c.visaCategory) || 'visa',
  countryId: c.countryId,
  countryName: country.countryName,
  summary: c.summary,
  position: c.position,
  checklistCount: c.checklistCount,
  version: c.version,
  updatedAt: c.updatedAt,
});

const nationalityOf = (code: string): TVisaChecklist['nationality_countryId'] => {
  if (!code) return null;
  return { _id: code, countryCode: code, countryName: countryByCode(code)?.name ?? code };
};

const checklistView = (c: ChecklistRecord): TVisaChecklist => ({
  _id: c.id,
  categoryId: c.categoryId,
  nationality_countryId: nationalityOf(c.nationality),
  html: sanitizeSiteHtml(c.html),
  fee: c.fee,
  documents: c.documents,
  version: c.version,
  updatedAt: c.updatedAt,
});

/** The preferred nationality first, then by nationality name, the default (every other nationality) last. */
export function orderChecklists<
  T extends { nationality_countryId: { countryCode: string; countryName: string } | null },
>(lists: T[]): T[] {
  const rank = (c: T) =>
    c.nationality_countryId === null ? 2 : c.nationality_countryId.countryCode === PREFERRED_NATIONALITY ? 0 : 1;
  return [...lists].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.nationality_countryId?.countryName ?? '').localeCompare(b.nationality_countryId?.countryName ?? ''),
  );
}

const byName = (a: CountryRecord, b: CountryRecord) => a.countryName.localeCompare(b.countryName);

// ---------------------------------------------------------------------------------------------------
// Public reads

export async function visaCountries(scope: Scope): Promise<TVisaCountry[]> {
  return (await repo.listCountries(siteOf(scope))).sort(byName).map(countryView);
}

/**
 * The country a visitor names: its link name (one GetItem), else its name or ISO code among the site's countries
 * (one bounded Query), case and spacing ignored.
 */
export async function findCountry(siteId: SiteId, text: string): Promise<CountryRecord | null> {
  const slug = visaSlug(text);
  if (slug) {
    const direct = await repo.getCountry(siteId, slug);
    if (direct) return direct;
  }
  const wanted = text.trim().toLowerCase();
  const all = await repo.listCountries(siteId);
  return (
    all.find((c) => c.countryName.toLowerCase() === wanted || visaSlug(c.countryName) === slug) ??
    all.find((c) => c.countryCode !== '' && c.countryCode.toLowerCase() === wanted) ??
    null
  );
}

export async function visaCategories(scope: Scope, countryName: string): Promise<TVisaCategory[]> {
  const country = await findCountry(siteOf(scope), countryName);
  if (!country) throw fail.notFound(MSG.visaCategoriesFailed);
  const categories = await repo.categoriesOfCountry(siteOf(scope), country.id);
  return categories.map((c) => categoryView(c, country));
}

export async function visaChecklists(scope: Scope, categoryId: string): Promise<TVisaChecklist[]> {
  const category = await repo.getCategory(siteOf(scope), categoryId);
  if (!category) throw fail.notFound(MSG.visaChecklistFailed);
  return orderChecklists((await repo.checklistsOf(siteOf(scope), categoryId)).map(checklistView));
}

// ---------------------------------------------------------------------------------------------------
// Staff: countries

type CountryInput = z.output<typeof ZSaveVisaCountry>;

export async function saveCountry(scope: Scope, input: CountryInput): Promise<TVisaCountry> {
  const siteId = siteOf(scope);
  const now = scope.now.toISOString();
  if (input.countryCode && !countryByCode(input.countryCode))
    throw fail.validation(VISA_MSG.invalidCountryCode, { countryCode: VISA_MSG.invalidCountryCode });

  if (input.id) {
    const before = await repo.getCountry(siteId, input.id);
    if (!before) throw fail.notFound(VISA_MSG.unknownCountry);
    const version = input.version ?? before.version;
    const after: CountryRecord = {
      ...before,
      countryName: input.countryName,
      countryCode: input.countryCode,
      version: version + 1,
      updatedAt: now,
    };
    const audit = visaAudit(scope, 'visaCountry', after.id, before, after);
    if (await repo.commit([repo.countryEdit(siteId, after, version), ...audit]))
      throw fail.conflict(VISA_MSG.changedMeanwhile);
    return countryView({ ...after, categoryCount: before.categoryCount });
  }

  const id = input.slug ?? visaSlug(input.countryName);
  if (!id) throw fail.validation(VISA_MSG.invalidSlug, { slug: VISA_MSG.invalidSlug });
  // The cap is read, not guarded: staff add countries rarely and one over the cap harms nothing.
  if ((await repo.listCountries(siteId)).length >= MAX_VISA_COUNTRIES) throw fail.conflict(VISA_MSG.tooManyCountries);
  const created: CountryRecord = {
    id,
    countryName: input.countryName,
    countryCode: input.countryCode,
    categoryCount: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  if (await repo.commit([repo.countryCreate(siteId, created), ...visaAudit(scope, 'visaCountry', id, null, created)]))
    throw fail.conflict(VISA_MSG.countryTaken, { slug: VISA_MSG.countryTaken });
  return countryView(created);
}

export async function deleteCountry(scope: Scope, id: string): Promise<{ id: string }> {
  const siteId = siteOf(scope);
  const country = await repo.getCountry(siteId, id);
  if (!country) throw fail.notFound(VISA_MSG.unknownCountry);
  const audit = visaAudit(scope, 'visaCountry', id, country, null);
  if (await repo.commit([repo.countryDelete(siteId, id), ...audit])) throw fail.conflict(VISA_MSG.countryHasCategories);
  return { id };
}

// ---------------------------------------------------------------------------------------------------
// Staff: categories

type CategoryInput = z.output<typeof ZSaveVisaCategory>;

async function countryOrFail(siteId: SiteId, id: string): Promise<CountryRecord> {
  const country = await repo.getCountry(siteId, id);
  if (!country) throw fail.validation(VISA_MSG.unknownCountry, { countryId: VISA_MSG.unknownCountry });
  return country;
}

export async function saveCategory(scope: Scope, input: CategoryInput): Promise<TVisaCategory> {
  const siteId = siteOf(scope);
  const now = scope.now.toISOString();
  const taken = () => fail.conflict(VISA_MSG.categoryTaken, { visaCategory: VISA_MSG.categoryTaken });

  if (input.id) {
    const before = await repo.getCategory(siteId, input.id);
    if (!before) throw fail.notFound(VISA_MSG.unknownCategory);
    const country = await countryOrFail(siteId, before.countryId);
    const version = input.version ?? before.version;
    const after: CategoryRecord = {
      ...before,
      visaCategory: input.visaCategory,
      summary: input.summary,
      position: input.position,
      version: version + 1,
      updatedAt: now,
    };
    const renamed = before.visaCategory.trim().toLowerCase() !== after.visaCategory.trim().toLowerCase();
    const items = [
      repo.categoryEdit(siteId, after, version),
      ...(renamed
        ? [
            repo.categoryNameTake(siteId, before.countryId, after.visaCategory, after.id),
            repo.categoryNameRelease(siteId, before.countryId, before.visaCategory),
          ]
        : []),
      ...visaAudit(scope, 'visaCategory', after.id, before, after),
    ];
    const codes = await repo.commit(items);
    if (codes && renamed && conditionFailedAt(codes, 1)) throw taken();
    if (codes) throw fail.conflict(VISA_MSG.changedMeanwhile);
    return categoryView(after, country);
  }

  const country = await countryOrFail(siteId, input.countryId);
  const created: CategoryRecord = {
    id: newId(),
    countryId: country.id,
    visaCategory: input.visaCategory,
    summary: input.summary,
    position: input.position,
    checklistCount: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const codes = await repo.commit([
    repo.categoryNameTake(siteId, country.id, created.visaCategory, created.id),
    repo.categoryCreate(siteId, created),
    repo.countryCount(siteId, country.id, 1, MAX_VISA_CATEGORIES),
    ...visaAudit(scope, 'visaCategory', created.id, null, created),
  ]);
  if (codes && conditionFailedAt(codes, 0)) throw taken();
  if (codes && conditionFailedAt(codes, 2)) {
    // Deleted meanwhile, or full.
    if (await repo.getCountry(siteId, country.id)) throw fail.conflict(VISA_MSG.tooManyCategories);
    throw fail.validation(VISA_MSG.unknownCountry, { countryId: VISA_MSG.unknownCountry });
  }
  if (codes) throw fail.conflict(VISA_MSG.changedMeanwhile);
  return categoryView(created, country);
}

export async function deleteCategory(scope: Scope, id: string): Promise<{ id: string }> {
  const siteId = siteOf(scope);
  const category = await repo.getCategory(siteId, id);
  if (!category) throw fail.notFound(VISA_MSG.unknownCategory);
  const codes = await repo.commit([
    repo.categoryDelete(siteId, id),
    repo.categoryNameRelease(siteId, category.countryId, category.visaCategory),
    repo.countryCount(siteId, category.countryId, -1, MAX_VISA_CATEGORIES),
    ...visaAudit(scope, 'visaCategory', id, category, null),
  ]);
  if (codes && conditionFailedAt(codes, 0)) throw fail.conflict(VISA_MSG.categoryHasChecklists);
  if (codes) throw fail.conflict(VISA_MSG.changedMeanwhile);
  return { id };
}

// ---------------------------------------------------------------------------------------------------
// Staff: checklists

type ChecklistInput = z.output<typeof ZSaveVisaChecklist>;

/** True when sanitised html still says something (text, or an image). */
const hasContent = (html: string): boolean =>
  /<img\b/i.test(html) ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim() !== '';

/** The document names of a checklist: trimmed, each once (case ignored), in the order staff wrote them. */
const uniqueDocuments = (names: readonly string[]): string[] => {
  const seen = new Set<string>();
  return names.map((n) => n.trim()).filter((n) => n && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
};

export async function saveChecklist(scope: Scope, input: ChecklistInput): Promise<TVisaChecklist> {
  const siteId = siteOf(scope);
  const now = scope.now.toISOString();
  if (input.nationality && !countryByCode(input.nationality))
    throw fail.validation(VISA_MSG.unknownNationality, { nationality: VISA_MSG.unknownNationality });
  const html = sanitizeSiteHtml(input.html);
  if (!hasContent(html)) throw fail.validation(VISA_MSG.emptyChecklist, { html: VISA_MSG.emptyChecklist });
  const category = await repo.getCategory(siteId, input.categoryId);
  if (!category) throw fail.validation(VISA_MSG.unknownCategory, { categoryId: VISA_MSG.unknownCategory });

  const before = await repo.getChecklist(siteId, category.id, input.nationality);
  const conflictTaken = () => fail.conflict(VISA_MSG.checklistTaken, { nationality: VISA_MSG.checklistTaken });
  if (before && input.version == null) throw conflictTaken();
  if (!before && input.version != null) throw fail.conflict(VISA_MSG.unknownChecklist);

  const after: ChecklistRecord = {
    id: before?.id ?? newId(),
    categoryId: category.id,
    nationality: input.nationality,
    html,
    fee: input.fee,
    documents: uniqueDocuments(input.documents),
    version: (before?.version ?? 0) + 1,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  if (before) {
    const version = input.version ?? before.version;
    after.version = version + 1;
    const audit = visaAudit(scope, 'visaChecklist', after.id, before, after);
    if (await repo.commit([repo.checklistPut(siteId, after, version), ...audit]))
      throw fail.conflict(VISA_MSG.changedMeanwhile);
  } else {
    const codes = await repo.commit([
      repo.checklistPut(siteId, after, null),
      repo.categoryCount(siteId, category.id, 1),
      ...visaAudit(scope, 'visaChecklist', after.id, null, after),
    ]);
    if (codes && conditionFailedAt(codes, 0)) throw conflictTaken();
    if (codes) throw fail.validation(VISA_MSG.unknownCategory, { categoryId: VISA_MSG.unknownCategory });
  }
  return checklistView(after);
}

export async function deleteChecklist(
  scope: Scope,
  input: { categoryId: string; nationality: string },
): Promise<{ categoryId: string; nationality: string }> {
  const siteId = siteOf(scope);
  const before = await repo.getChecklist(siteId, input.categoryId, input.nationality);
  if (!before) throw fail.notFound(VISA_MSG.unknownChecklist);
  const codes = await repo.commit([
    repo.checklistDelete(siteId, input.categoryId, input.nationality),
    repo.categoryCount(siteId, input.categoryId, -1),
    ...visaAudit(scope, 'visaChecklist', before.id, before, null),
  ]);
  if (codes) throw fail.notFound(VISA_MSG.unknownChecklist);
  return input;
}

// The visa Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetVisaCountries = answers(api.getVisaCountries, (_input, scope) => visaCountries(scope));
export const answerGetVisaCategory = answers(api.getVisaCategory, (input, scope) =>
  visaCategories(scope, input.countryName),
);
export const answerGetVisaChecklist = answers(api.getVisaChecklist, (input, scope) =>
  visaChecklists(scope, input.categoryId),
);
export const answerSaveVisaCountry = answers(api.saveVisaCountry, async (input, scope) =>
  reply(await saveCountry(scope, input), { message: VISA_MSG.countrySaved }),
);
export const answerDeleteVisaCountry = answers(api.deleteVisaCountry, async (input, scope) =>
  reply(await deleteCountry(scope, input.id), { message: VISA_MSG.countryDeleted }),
);
export const answerSaveVisaCategory = answers(api.saveVisaCategory, async (input, scope) =>
  reply(await saveCategory(scope, input), { message: VISA_MSG.categorySaved }),
);
export const answerDeleteVisaCategory = answers(api.deleteVisaCategory, async (input, scope) =>
  reply(await deleteCategory(scope, input.id), { message: VISA_MSG.categoryDeleted }),
);
export const answerSaveVisaChecklist = answers(api.saveVisaChecklist, async (input, scope) =>
  reply(await saveChecklist(scope, input), { message: VISA_MSG.checklistSaved }),
);
export const answerDeleteVisaChecklist = answers(api.deleteVisaChecklist, async (input, scope) =>
  reply(await deleteChecklist(scope, input), { message: VISA_MSG.checklistDeleted }),
);
