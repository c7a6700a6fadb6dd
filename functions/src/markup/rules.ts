/**
 * Markup and discount rules of customer groups (spec 001 §7): a default airline rule per group,
 * airline-specific rules per group and airline, fixed-departure rules per group and sector. A slot
 * (group + airline or sector) holds at most one rule: saving a rule for a taken slot without a
 * markupId updates the rule already there ("saving again updates it").
 */
import {
  MARKUP_MSG,
  MARKUP_PAGE_SIZE,
  type MarkupKind,
  type TMarkupPage,
  type TMarkupSetting,
  type TSaveAirlineMarkup,
  type TSaveDefaultMarkup,
  type TSaveFixedDepartureMarkup,
} from '@tp/contracts/endpoints/markup';
import * as MSG from '@tp/contracts/messages';
import { airlineByCode } from '@tp/reference-data/airlines';
import { newId } from '#lib/crypto';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import * as groups from './repo.ts';
import * as rulesRepo from './rules-repo.ts';
import type { MarkupRuleRecord } from './rules-repo.ts';
import type { Scope } from './service.ts';
import * as api from '@tp/contracts/endpoints/markup';
import { answers, reply } from '#lib/answers';

export interface RulesDeps {
  rules: Pick<typeof rulesRepo, 'getRule' | 'slotHolder' | 'createRule' | 'updateRule' | 'deleteRule' | 'listRules'>;
  groups: Pick<typeof groups, 'getGroup' | 'listGroups'>;
}
export const defaultRulesDeps: RulesDeps = { rules: rulesRepo, groups };

export type SaveRuleInput =
  | { kind: 'default'; input: TSaveDefaultMarkup }
  | { kind: 'airline'; input: TSaveAirlineMarkup }
  | { kind: 'fixedDeparture'; input: TSaveFixedDepartureMarkup };

/** Where a rule applies within its group, and the request field a taken slot is reported on. */
function slotOf(save: SaveRuleInput): {
  slot: string;
  field: string;
  target: Pick<MarkupRuleRecord, 'airlineCode' | 'origin' | 'destination'>;
} {
  switch (save.kind) {
    case 'default':
      return { slot: 'ALL', field: 'groupId', target: {} };
    case 'airline':
      return { slot: save.input.airlineCode, field: 'airlineCode', target: { airlineCode: save.input.airlineCode } };
    case 'fixedDeparture': {
      const { origin, destination } = save.input;
      return { slot: `${origin}-${destination}`, field: 'origin', target: { origin, destination } };
    }
  }
}

export function settingView(site: Scope['site'], rule: MarkupRuleRecord, groupName: string): TMarkupSetting {
  return {
    markupId: rule.markupId,
    groupId: rule.groupId,
    groupName,
    LEId: site.ownerLegalEntityId,
    kind: rule.kind,
    markupType: rule.markupType,
    markupValue: rule.markupValue,
    discountType: rule.discountType,
    discountValue: rule.discountValue,
    applyPer: rule.applyPer,
    ...(rule.airlineCode ? { airlineCode: rule.airlineCode } : {}),
    ...(rule.origin ? { origin: rule.origin } : {}),
    ...(rule.destination ? { destination: rule.destination } : {}),
    updatedAt: rule.updatedAt,
  };
}

/** Creates or updates a rule (see the module comment for which). */
export async function saveRule(
  { site, now, principal }: Scope & { principal: Principal },
  save: SaveRuleInput,
  deps: RulesDeps = defaultRulesDeps,
): Promise<TMarkupSetting> {
  const { input, kind } = save;
  // The contract checks the code's shape; the airline table (server-side only: it is too big for the
  // browser bundle) checks that such an airline exists.
  if (save.kind === 'airline' && !airlineByCode(save.input.airlineCode))
    throw fail.validation(MARKUP_MSG.unknownAirline, { airlineCode: MARKUP_MSG.unknownAirline });
  const group = await deps.groups.getGroup(site.siteId, input.groupId);
  if (!group) throw fail.notFound();
  const { slot, field, target } = slotOf(save);
  const audit = (before: MarkupRuleRecord | null, after: MarkupRuleRecord) =>
    auditPut(site.siteId, recordChange('markup', after.markupId, before, after), auditActor(principal), now);
  const fields = {
    groupId: group.groupId,
    slot,
    // A kind always sets the same target fields, so an update replaces them all.
    ...target,
    markupType: input.markupType,
    markupValue: input.markupValue,
    discountType: input.discountType,
    discountValue: input.discountValue,
    applyPer: input.applyPer,
    updatedAt: now.toISOString(),
  };
  // A write can lose a race (the slot taken meanwhile, the rule changed meanwhile): read again and retry.
  for (let attempt = 0; attempt < 3; attempt++) {
    const targetId = input.markupId ?? (await deps.rules.slotHolder(site.siteId, group.groupId, kind, slot));
    if (targetId) {
      const prev = await deps.rules.getRule(site.siteId, targetId);
      if (!prev || prev.kind !== kind) {
        if (input.markupId) throw fail.notFound();
        continue;
      }
      const next: MarkupRuleRecord = { ...prev, ...fields };
      const written = await deps.rules.updateRule(prev, next, audit(prev, next));
      if (written.ok) return settingView(site, next, group.groupName);
      if (written.taken.includes('slot')) throw fail.conflict(MARKUP_MSG.slotTaken, { [field]: MARKUP_MSG.slotTaken });
    } else {
      const rule: MarkupRuleRecord = {
        siteId: site.siteId,
        markupId: newId(),
        kind,
        ...fields,
        createdAt: now.toISOString(),
      };
      if ((await deps.rules.createRule(rule, audit(null, rule))).ok) return settingView(site, rule, group.groupName);
    }
  }
  throw fail.conflict(MSG.somethingWentWrong);
}

/** A page of a kind's rules with their group names (one group's, or every group's). */
export async function listRules(
  { site }: Scope,
  kind: MarkupKind,
  query: { groupId?: string | undefined; cursor?: string | undefined },
  deps: RulesDeps = defaultRulesDeps,
): Promise<TMarkupPage> {
  const [page, all] = await Promise.all([
    deps.rules.listRules(site.siteId, kind, query, MARKUP_PAGE_SIZE),
    deps.groups.listGroups(site.siteId),
  ]);
  const names = new Map(all.map((g) => [g.groupId, g.groupName]));
  return {
    records: page.rules.map((r) => settingView(site, r, names.get(r.groupId) ?? '')),
    nextCursor: page.nextCursor,
  };
}

export async function deleteRule(
  { site, now, principal }: Scope & { principal: Principal },
  kind: MarkupKind,
  markupId: string,
  deps: RulesDeps = defaultRulesDeps,
): Promise<{ markupId: string }> {
  const rule = await deps.rules.getRule(site.siteId, markupId);
  if (!rule || rule.kind !== kind) throw fail.notFound();
  const audit = auditPut(site.siteId, recordChange('markup', markupId, rule, null), auditActor(principal), now);
  if (!(await deps.rules.deleteRule(rule, audit)).ok) throw fail.notFound();
  return { markupId };
}

// The markup Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetDefaultMarkups = answers(api.getDefaultMarkups, (input, scope) =>
  listRules(scope, 'default', input),
);
export const answerSaveDefaultMarkup = answers(api.saveDefaultMarkup, async (input, scope) =>
  reply(await saveRule(scope, { kind: 'default', input }), { message: MSG.settingSaved }),
);
export const answerDeleteDefaultMarkup = answers(api.deleteDefaultMarkup, async (input, scope) =>
  reply(await deleteRule(scope, 'default', input.markupId), { message: MSG.settingSaved }),
);
export const answerGetAirlineMarkups = answers(api.getAirlineMarkups, (input, scope) =>
  listRules(scope, 'airline', input),
);
export const answerSaveAirlineMarkup = answers(api.saveAirlineMarkup, async (input, scope) =>
  reply(await saveRule(scope, { kind: 'airline', input }), { message: MSG.settingSaved }),
);
export const answerDeleteAirlineMarkup = answers(api.deleteAirlineMarkup, async (input, scope) =>
  reply(await deleteRule(scope, 'airline', input.markupId), { message: MSG.settingSaved }),
);
export const answerGetFixedDepartureMarkups = answers(api.getFixedDepartureMarkups, (input, scope) =>
  listRules(scope, 'fixedDeparture', input),
);
export const answerSaveFixedDepartureMarkup = answers(api.saveFixedDepartureMarkup, async (input, scope) =>
  reply(await saveRule(scope, { kind: 'fixedDeparture', input }), { message: MSG.settingSaved }),
);
export const answerDeleteFixedDepartureMarkup = answers(api.deleteFixedDepartureMarkup, async (input, scope) =>
  reply(await deleteRule(scope, 'fixedDeparture', input.markupId), {
    message: MSG.settingSaved,
  }),
);
