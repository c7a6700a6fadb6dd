/** The DMC domain (spec 001 §2–§9): masters, rules, rate priority, overlaps, the rate engine; karts. */
export * from './types.ts';
export * from './messages.ts';
export * from './terms.ts';
export type { Errors } from './checks.ts';
export * from './masters.ts';
export * from './rates.ts';
export * from './overlaps.ts';
export * from './priority.ts';
export * from './combo.ts';
export * from './combo-pricing.ts';
export * from './engine.ts';
export * from './fx.ts';
export * from './area-pricing.ts';
export * from './kart/index.ts';
export * from './operations/index.ts';
export * from './hotels/index.ts';
