/** Karts (quotations; spec 001 §3–§5): types, rules, totals, the printed view, voucher transfers, deadlines. */
export * from './types.ts';
export * from './totals.ts';
export * from './margins.ts';
export * from './rules.ts';
export * from './quotation.ts';
export * from './transfers.ts';
export * from './deadlines.ts';
export * from './payment-terms.ts';
export * from './cancellation.ts';
export * from './payables.ts';
export * from './vouchers.ts';
