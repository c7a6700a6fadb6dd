/** The markup domain's public entry: customer groups, the pricing context of a booker, the legal-entity relation key (suppliers keep the TDS switch on that item). */
export { legalEntityGroup, type LegalEntityGroup } from './service.ts';
export { pricingContextFor, pricingContextForConsumer } from './pricing.ts';
export { leRelationKey } from './keys.ts';
