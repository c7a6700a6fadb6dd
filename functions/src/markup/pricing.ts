/**
 * The pricing context of a caller: the markup rules of its customer group and what it earns. Runs on
 * every flight search, so it costs two DynamoDB round trips: one BatchGet (the caller's relation with
 * the site owner, and the owner's default group) and one Query (the group's rules).
 */
import type { UserType } from '@tp/contracts/endpoint';
import { GST_ON_MARKUP_RATE, TDS_ON_COMMISSION_RATE, type MarkupRule, type PricingContext } from '@tp/domain/pricing';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import * as rulesRepo from './rules-repo.ts';
import type { MarkupRuleRecord } from './rules-repo.ts';

export type PricingDeps = Pick<typeof rulesRepo, 'pricingRelation' | 'groupRules'>;
const defaultDeps: PricingDeps = rulesRepo;

/** Agents, corporates and staff are passed the supplier's commission; retail customers are not. */
const EARNS_COMMISSION: Record<UserType, boolean> = {
  travelAgent: true,
  corporate: true,
  staff: true,
  retail: false,
};

const ruleOf = (r: MarkupRuleRecord): MarkupRule => ({
  markupType: r.markupType,
  markupValue: r.markupValue,
  discountType: r.discountType,
  discountValue: r.discountValue,
  applyPer: r.applyPer,
});

/** The flight-search part of a group's rules (fixed-departure rules price fixed departures, not searches). */
export function contextFromRules(
  rules: readonly MarkupRuleRecord[],
  earns: { earnsCommission: boolean; tdsRate: number },
): PricingContext {
  const defaultRecord = rules.find((r) => r.kind === 'default');
  const airlineRules: Record<string, MarkupRule> = {};
  for (const r of rules) if (r.kind === 'airline' && r.airlineCode) airlineRules[r.airlineCode] = ruleOf(r);
  return {
    defaultRule: defaultRecord ? ruleOf(defaultRecord) : null,
    airlineRules,
    gstRate: GST_ON_MARKUP_RATE,
    ...earns,
  };
}

async function contextOf(
  site: SiteRecord,
  legalEntityId: string,
  earnsCommission: boolean,
  deps: PricingDeps,
): Promise<PricingContext> {
  const relation = await deps.pricingRelation(site.siteId, site.ownerLegalEntityId, legalEntityId);
  const groupId = relation.mappedGroupId ?? relation.defaultGroupId;
  const rules = groupId ? await deps.groupRules(site.siteId, groupId) : [];
  return contextFromRules(rules, {
    earnsCommission,
    tdsRate: relation.isTdsDeductable ? TDS_ON_COMMISSION_RATE : 0,
  });
}

/**
 * A signed-in caller's pricing on its own site: the customer group its legal entity is mapped to (else
 * the site's default group). Staff belong to the owner's legal entity, so they price with the default.
 */
export function pricingContextFor(
  site: SiteRecord,
  principal: Principal,
  deps: PricingDeps = defaultDeps,
): Promise<PricingContext> {
  return contextOf(
    site,
    principal.legalEntityId || site.ownerLegalEntityId,
    EARNS_COMMISSION[principal.userType] ?? false,
    deps,
  );
}

/**
 * A supplier site pricing for one of its API consumers: the consumer's legal entity on the supplier
 * site is grouped and TDS-configured like any customer's; consumers are passed the commission.
 */
export function pricingContextForConsumer(
  supplierSite: SiteRecord,
  consumerLegalEntityId: string,
  deps: PricingDeps = defaultDeps,
): Promise<PricingContext> {
  return contextOf(supplierSite, consumerLegalEntityId, true, deps);
}

/**
 * The fixed-departure rules (markup and discount) of a legal entity's customer group on `site`, by sector
 * (`DEL-DXB`); empty when its group has none. Staff (the owner's legal entity) get the default group's.
 * For a supplier site pricing its API consumer, pass the consumer's legal entity on it.
 */
export async function fixedDepartureRules(
  site: SiteRecord,
  legalEntityId: string,
  deps: PricingDeps = defaultDeps,
): Promise<Record<string, MarkupRule>> {
  const leId = legalEntityId || site.ownerLegalEntityId;
  const relation = await deps.pricingRelation(site.siteId, site.ownerLegalEntityId, leId);
  const groupId = relation.mappedGroupId ?? relation.defaultGroupId;
  const rules = groupId ? await deps.groupRules(site.siteId, groupId) : [];
  const out: Record<string, MarkupRule> = {};
  for (const r of rules)
    if (r.kind === 'fixedDeparture' && r.origin && r.destination) out[`${r.origin}-${r.destination}`] = ruleOf(r);
  return out;
}
