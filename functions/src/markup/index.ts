/** The markup domain's public entry: customer groups, the pricing context of a booker, the legal-entity relation key (suppliers keep the TDS switch on that item). */
export { legalEntityGroup } from './service.ts';
/** The site's customer groups (activity markups are set per group). */
export { listGroups as customerGroups } from './service.ts';
export { fixedDepartureRules, pricingContextFor, pricingContextForConsumer } from './pricing.ts';
export { leRelationKey } from './keys.ts';
/** A new site's default customer group and default markup, as items of the transaction that creates the site. */
export { newSiteDefaultGroupItems, type LeGroupRecord } from './repo.ts';
export { newRuleItems, type MarkupRuleRecord } from './rules-repo.ts';
