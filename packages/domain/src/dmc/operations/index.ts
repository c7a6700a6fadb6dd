/** DMC operations (spec 001 §3 Transfer, §4, §7 job sheet, driver token, date-wise itinerary). */
export * from './types.ts';
export { OPS_TEXT } from './messages.ts';
export * from './status.ts';
export * from './conflicts.ts';
export * from './job-sheet.ts';
export * from './token.ts';
export * from './voucher.ts';
export * from './itinerary.ts';
export * from './on-ground.ts';
