/** The kart domain's public entry: what workers use (the payment-deadline reminders). */
export { sendDeadlineReminders } from './reminders.ts';
/** Staff turn a confirmed activity cart into a quotation through the one save path (activities Lambda). */
export { saveKart } from './karts.ts';
/** The after-voucher port (the GST invoice of a vouchered quotation, issue #16) and the kart as stored. */
export type { KartStatusHook } from './hooks.ts';
export type { KartRecord } from './model.ts';
