/** Ticket operations, one file per concern; the tickets Lambda, the hold-release worker and tests bind these. */
export * from './shared.ts';
export * from './queues.ts';
export * from './eticket.ts';
export * from './holds.ts';
export * from './changes.ts';
export * from './change-desk.ts';
export * from './mail.ts';
export type { RefundWiring } from './refund-mail.ts';
