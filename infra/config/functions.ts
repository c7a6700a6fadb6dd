/**
 * What each Lambda may touch and how big it is. Keyed by bundle name (the domain, or `<worker>-worker`,
 * see bundling.ts); a function not listed gets DEFAULT_ACCESS. Grants follow from here, so a domain
 * that starts sending mail shows up as a one-line diff in review.
 */
import type { QUEUES } from '@tp/contracts/platform';

export type QueueKey = keyof typeof QUEUES;
export type TableAccess = 'read' | 'readWrite';

export interface FunctionAccess {
  table: TableAccess;
  /** Queues the function sends to; each wires its URL variable (QUEUE_URL_ENV). */
  sends: readonly QueueKey[];
  /** Sends mail through SES (MAIL_FROM + ses:SendEmail on the identity). */
  mail: boolean;
  /** Stores and deletes uploaded images in the media bucket (MEDIA_BUCKET; functions/src/lib/media.ts). */
  media: boolean;
  /**
   * Export files under the media bucket's `exports/` prefix (functions/src/exports/store.ts): `write` streams them
   * (the exports worker), `read` signs their download links (the exports Lambda; a presigned GET acts as it).
   */
  exportFiles: 'none' | 'read' | 'write';
  /**
   * Site secrets (supplier and gateway credentials, functions/src/lib/sealed.ts): `open` may decrypt them (the
   * functions that call a supplier or a gateway), `seal` may also encrypt new ones (the settings screen).
   */
  secrets: 'none' | 'open' | 'seal';
  memoryMb: number;
  timeoutSeconds: number;
}

/** Sessions are touched (sliding expiry, logout) by every domain's handler preset, hence readWrite. */
export const DEFAULT_ACCESS: FunctionAccess = {
  table: 'readWrite',
  sends: [],
  mail: false,
  media: false,
  exportFiles: 'none',
  secrets: 'none',
  memoryMb: 512,
  // Under the HTTP API's 30 s integration limit, with room for one slow supplier call.
  timeoutSeconds: 15,
};

export const FUNCTION_ACCESS: Readonly<Record<string, Partial<FunctionAccess>>> = {
  // argon2id (19 MiB, 2 passes) per login: CPU scales with memory on Lambda.
  users: { sends: ['email'], memoryMb: 1024 },
  // The payment gateway's credentials (PhonePe) are opened where payments start and are verified.
  wallet: { sends: ['paymentVerification', 'email'], secrets: 'open' },
  flights: { sends: ['paymentVerification', 'email'], timeoutSeconds: 28, secrets: 'open' },
  // Test connection and the live TBO balance call the supplier; staff save the credentials here.
  // Sends: the refund mail of a change request credited by the TBO refund import.
  'flight-admin': { sends: ['email', 'notifications'], timeoutSeconds: 28, secrets: 'seal' },
  // Holds, change requests and refunds call the supplier; the e-ticket mail goes through the email queue.
  // Also Duffel's webhook: its signature checked with the site's sealed secret, the event queued.
  tickets: { sends: ['email', 'notifications', 'supplierEvents', 'exports'], timeoutSeconds: 28, secrets: 'open' },
  // Fixed-departure bookings open and pay flight payment orders (gateway, e-ticket mail) like the flights Lambda.
  'fixed-departures': { sends: ['paymentVerification', 'email'], timeoutSeconds: 28, secrets: 'open' },
  // Each new enquiry is mailed to the site's staff through the email queue.
  enquiries: { sends: ['email', 'notifications', 'exports'] },
  // The .xlsx import checks every row of a rate sheet (thousands) before writing them in batched transactions.
  dmc: { memoryMb: 1024, timeoutSeconds: 28, sends: ['exports'] },
  // Package photos; a site's logo and favicon (lib/media.ts).
  packages: { media: true },
  settings: { media: true },
  // Visa applications: private documents in the media bucket, and the applicant's mails; the fee paid through the
  // site's gateway (its credentials; a rejection's gateway refund is sent at once).
  visa: { sends: ['email', 'notifications', 'paymentVerification'], media: true, secrets: 'open' },
  // The platform console: argon2id per operator sign-in; the invite mail of a new site's super admin; a new site's
  // starting supply and gateway settings are sealed at onboarding.
  console: { sends: ['email'], memoryMb: 1024, secrets: 'seal' },
  // Worker timeouts stay well under the queues' 60 s visibility timeout (QUEUES).
  'email-worker': { mail: true, timeoutSeconds: 20 },
  // Fulfilling a paid flight order books with the supplier, like the flights Lambda.
  // A verified visa fee submits its application, which is told to the applicant (mail and push).
  'payments-worker': { sends: ['email', 'notifications'], timeoutSeconds: 28, secrets: 'open' },
  // Every minute: re-sends outbox messages, verifies open payments, books or refunds stranded orders. Under
  // the fulfilment claim's 90 s lease, so a run never books an order another run could retake meanwhile.
  'reconciler-worker': {
    sends: ['paymentVerification', 'email', 'notifications'],
    timeoutSeconds: 80,
    secrets: 'open',
  },
  // Pushes to browsers (each push service call is bounded at 10 s) and hands mails to the email queue.
  'notifications-worker': { sends: ['email'], timeoutSeconds: 45 },
  // A confirmed activity cart and a vouchered quotation are told to their owner (lib/notify.ts); a cart that pays
  // debits its owner's wallet, whose low-credit mail goes out through the email queue; the owner pays a cart
  // through the site's gateway (its credentials; a cancel's gateway refund is sent at once).
  activities: { sends: ['notifications', 'email', 'paymentVerification'], secrets: 'open' },
  // Quotation payments: the receipt mail, gateway payments started from the shared link (their credentials).
  kart: { sends: ['notifications', 'paymentVerification', 'email', 'exports'], secrets: 'open' },
  // Every 5 minutes: fires the deadline index's due deadlines (hold warnings by mail and push, hold releases at
  // the supplier, disruption escalations, quotation and credit reminders, customers' balance
  // reminders, visa documents deleted from the media bucket); well under the interval so runs do not overlap.
  'deadlines-worker': { sends: ['email', 'notifications'], timeoutSeconds: 240, secrets: 'open', media: true },
  // A supplier's webhook event (Duffel's schedule change): asks the supplier for the order and records the
  // disruption (the booker mailed, staff pushed); under the queue's 60 s visibility timeout.
  'supplier-events-worker': { sends: ['email', 'notifications'], timeoutSeconds: 28, secrets: 'open' },
  // Hourly: asks each site's supplier about its upcoming tickets (the booker is mailed at once of a change).
  'disruption-sweep-worker': { sends: ['email', 'notifications'], timeoutSeconds: 600, secrets: 'open' },
  // Excel exports (the audit log and invoices start theirs in these Lambdas; tickets, enquiries, kart and dmc above).
  rbac: { sends: ['exports'] },
  invoices: { sends: ['exports'] },
  exports: { exportFiles: 'read' },
  // One export a message, streamed page by page: minutes for a large one, under the queue's 660 s visibility.
  'exports-worker': { exportFiles: 'write', memoryMb: 1024, timeoutSeconds: 600 },
};

export const accessOf = (name: string): FunctionAccess => ({ ...DEFAULT_ACCESS, ...FUNCTION_ACCESS[name] });

/** The environment variable functions/src/lib/config.ts reads each queue's URL from. */
export const QUEUE_URL_ENV: Record<
  QueueKey,
  | 'EMAIL_QUEUE_URL'
  | 'PAYMENT_QUEUE_URL'
  | 'MAIL_FEEDBACK_QUEUE_URL'
  | 'NOTIFICATIONS_QUEUE_URL'
  | 'SUPPLIER_EVENTS_QUEUE_URL'
  | 'EXPORTS_QUEUE_URL'
> = {
  paymentVerification: 'PAYMENT_QUEUE_URL',
  email: 'EMAIL_QUEUE_URL',
  // Only SES (through SNS) sends here; no function has this grant.
  mailFeedback: 'MAIL_FEEDBACK_QUEUE_URL',
  notifications: 'NOTIFICATIONS_QUEUE_URL',
  supplierEvents: 'SUPPLIER_EVENTS_QUEUE_URL',
  exports: 'EXPORTS_QUEUE_URL',
};

/**
 * The functions that read the stage's VAPID key pair (functions/src/notifications/vapid.ts): the notifications
 * Lambda serves its public half, the worker signs pushes with it; either may store the pair the first time.
 */
export const VAPID_FUNCTIONS: readonly string[] = ['notifications', 'notifications-worker'];

/**
 * The functions that put reseller domains live at run time (functions/src/console/domains): a CloudFront
 * distribution tenant and an SES identity per domain (PlatformFunction.bindGoLive).
 */
export const GO_LIVE_FUNCTIONS: readonly string[] = ['console'];
