/**
 * Activity markup of customer groups: one per group, fixed per person or a percentage,
 * applied here to every activity price shown and charged (the rule is @tp/domain/activities
 * `applyActivityMarkup`). The groups are the markup domain's customer groups; a caller prices with the group its
 * legal entity is mapped to, else the site's default group (as flights do).
 */
import { ACTIVITY_MSG, type TActivityMarkup, type TMarkupInput } from '@tp/contracts/endpoints/activities';
import type { ActivityMarkupRule } from '@tp/domain/activities';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { SiteRecord } from '#lib/tenancy';
import { customerGroups, legalEntityGroup } from '../markup/index.ts';
import * as repo from './repo.ts';
import type { ActivityMarkupRecord } from './repo.ts';
import * as api from '@tp/contracts/endpoints/activities';
import { answers, reply } from '#lib/answers';

export interface MarkupScope {
  site: SiteRecord;
  now: Date;
}

const PAGE = 50;

const view = (m: ActivityMarkupRecord, groupName: string): TActivityMarkup => ({
  id: m.id,
  groupId: m.groupId,
  groupName,
  markupType: m.markupType,
  markupValue: m.markupValue,
  isActive: m.isActive,
  updatedAt: m.updatedAt,
});

/** Creates the group's markup, or updates the one it has ("saving again updates it", like the flight markups). */
export async function saveMarkup(scope: MarkupScope, input: TMarkupInput): Promise<TActivityMarkup> {
  const { site, now } = scope;
  const group = (await customerGroups(scope)).find((g) => g.id === input.groupId);
  if (!group) throw fail.validation(ACTIVITY_MSG.unknownGroup, { groupId: ACTIVITY_MSG.unknownGroup });
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await repo.markupOfGroup(site.siteId, group.id);
    const after: ActivityMarkupRecord = {
      id: before?.id ?? newId(),
      groupId: group.id,
      markupType: input.markupType,
      markupValue: input.markupValue,
      isActive: input.isActive,
      createdAt: before?.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    };
    if (await repo.putMarkup(site.siteId, after, before)) return view(after, group.groupName);
  }
  throw fail.conflict(ACTIVITY_MSG.changedMeanwhile);
}

export async function listMarkups(scope: MarkupScope, cursor: string | undefined) {
  const [page, groups] = await Promise.all([
    repo.markupPage(scope.site.siteId, { cursor, limit: PAGE }),
    customerGroups(scope),
  ]);
  const names = new Map(groups.map((g) => [g.id, g.groupName]));
  return {
    records: page.records.map((m) => view(m, names.get(m.groupId) ?? '')),
    nextCursor: page.nextCursor,
    groups: groups.map((g) => ({ id: g.id, groupName: g.groupName, isDefault: g.isDefault })),
  };
}

export async function deleteMarkup(scope: MarkupScope, id: string): Promise<{ id: string }> {
  const m = await repo.markupById(scope.site.siteId, id);
  if (!m || !(await repo.deleteMarkup(scope.site.siteId, m))) throw fail.notFound();
  return { id };
}

/** The active activity markup of a legal entity's customer group on the site (null: none, the net price). */
export async function markupForLegalEntity(
  site: SiteRecord,
  legalEntityId: string,
): Promise<ActivityMarkupRule | null> {
  const group = await legalEntityGroup(site, legalEntityId || site.ownerLegalEntityId);
  if (!group) return null;
  const m = await repo.markupOfGroup(site.siteId, group.groupId);
  return m?.isActive ? { markupType: m.markupType, markupValue: m.markupValue } : null;
}

// The activities Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerAddActivityMarkUp = answers(api.addActivityMarkUp, async (input, scope) =>
  reply(await saveMarkup(scope, input), { message: ACTIVITY_MSG.markupSaved }),
);
export const answerGetActivityMarkUp = answers(api.getActivityMarkUp, (input, scope) =>
  listMarkups(scope, input.cursor),
);
export const answerDeleteActivityMarkup = answers(api.deleteActivityMarkup, async (input, scope) =>
  reply(await deleteMarkup(scope, input.id), { message: ACTIVITY_MSG.markupDeleted }),
);
