/** Hotel contracts and the night-by-night pricing of a stay (docs/dmc.md "Hotel contracts"). */
export * from './contract.ts';
export * from './pricing.ts';
export * from './allotment.ts';
