/** The site's own offering as a supplier: its profile and terms. */
import { SUPPLIER_MSG, type SupplierCategory, type TSupplierProfile } from '@tp/contracts/endpoints/suppliers';
import { fail } from '#lib/errors';
import type { SupplierProfileRecord } from '../repo.ts';
import { type Scope, type SuppliersDeps, defaultDeps } from './deps.ts';
import * as api from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import { categories } from './deps.ts';
import { answers, reply } from '#lib/answers';

function toProfile(siteId: string, p: SupplierProfileRecord | null): TSupplierProfile {
  return {
    supplierId: siteId,
    isSupplier: Boolean(p && p.lists.length),
    isListed: Boolean(p?.isListed),
    lists: p?.lists ?? [],
    termsVersion: p?.termsVersion ?? 0,
    termsAndConditions: p?.termsAndConditions ?? '',
    updatedAt: p?.updatedAt ?? null,
  };
}

export async function ownProfile(scope: Scope, deps: SuppliersDeps = defaultDeps): Promise<TSupplierProfile> {
  return toProfile(scope.site.siteId, await deps.repo.getProfile(scope.site.siteId));
}

/**
 * Opts the site in as a supplier of `categories`. A list keeps its id while its category stays offered;
 * a category cannot be withdrawn while consumers hold or await it. New terms text is a new version,
 * which consumers accept before their next request (existing links are not affected).
 */
export async function saveProfile(
  scope: Scope,
  input: { categories: SupplierCategory[]; termsAndConditions: string; isListed: boolean },
  deps: SuppliersDeps = defaultDeps,
): Promise<TSupplierProfile> {
  const { site, now } = scope;
  const before = await deps.repo.getProfile(site.siteId);
  const wanted = [...new Set(input.categories)];
  const withdrawn = (before?.lists ?? []).filter((l) => !wanted.includes(l.category));
  if (withdrawn.length) {
    const live = (await deps.repo.linksOfSupplier(site.siteId)).filter((l) => l.status !== 'Rejected');
    if (live.some((l) => withdrawn.some((w) => w.supplierListId === l.supplierListId)))
      throw fail.conflict(SUPPLIER_MSG.categoryInUse, { categories: SUPPLIER_MSG.categoryInUse });
  }
  const lists = wanted.map(
    (category) => before?.lists.find((l) => l.category === category) ?? { supplierListId: deps.newId(), category },
  );
  const termsChanged = before?.termsAndConditions !== input.termsAndConditions;
  const profile: SupplierProfileRecord = {
    siteId: site.siteId,
    lists,
    isListed: input.isListed,
    termsVersion: (before?.termsVersion ?? 0) + (termsChanged ? 1 : 0),
    termsAndConditions: input.termsAndConditions,
    updatedAt: now.toISOString(),
  };
  await deps.repo.putProfile(profile);
  return toProfile(site.siteId, profile);
}

// The suppliers Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetSupplierCategories = answers(api.getSupplierCategories, () => categories());
export const answerGetWebsiteOwnSuppliers = answers(api.getWebsiteOwnSuppliers, (_input, scope) => ownProfile(scope));
export const answerSaveSupplierProfile = answers(api.saveSupplierProfile, async (input, scope) =>
  reply(await saveProfile(scope, input), { message: MSG.settingSaved }),
);
