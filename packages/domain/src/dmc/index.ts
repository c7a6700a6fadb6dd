/** The DMC domain (spec 001 §2–§9, issue #13): masters, their rules, rate priority, overlaps and the rate engine. */
export * from './types.ts';
export * from './messages.ts';
export * from './terms.ts';
export type { Draft, Errors } from './checks.ts';
export * from './masters.ts';
export * from './rates.ts';
export * from './overlaps.ts';
export * from './priority.ts';
export * from './combo.ts';
export * from './engine.ts';
