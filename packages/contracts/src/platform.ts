/**
 * Table, queues and platform settings, declared once and read by the CDK stacks, the local stack,
 * the handlers and the tests alike.
 */
export const TABLE = {
  /** Logical name; deployed tables get a stage prefix from CDK, the local stack uses it as is. */
  name: 'travel-platform',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: {
    /** Lists inside a site: users by created date, bookings by date, and so on. */
    gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** A second access path per entity (status queues, secondary sort orders). */
    gsi2: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** A third (sparse) access path: the audit log by entity and change type. */
    gsi3: { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    /**
     * A lean (sparse) access path: a list searched by text reads only the keys and these attributes (a few hundred
     * bytes an item instead of the record), then fetches the page's records (the quotations' search).
     */
    gsi4: {
      name: 'gsi4',
      partitionKey: 'gsi4pk',
      sortKey: 'gsi4sk',
      include: ['search', 'isVouchered', 'isCancelled'],
    },
  },
} as const;

export interface QueueSpec {
  name: string;
  /** Seconds a received message stays invisible; longer than the worker's timeout. */
  visibilityTimeout: number;
  /** Receives before a message is parked in the dead-letter queue. */
  maxReceiveCount: number;
  /** The worker domain (Lambda) that consumes the queue. */
  worker: 'payments' | 'email' | 'mail-feedback' | 'notifications' | 'supplier-events' | 'exports';
  batchSize: number;
}

export const QUEUES = {
  paymentVerification: {
    name: 'payment-verification',
    visibilityTimeout: 60,
    maxReceiveCount: 5,
    worker: 'payments',
    batchSize: 5,
  },
  email: { name: 'email', visibilityTimeout: 60, maxReceiveCount: 5, worker: 'email', batchSize: 10 },
  /** SES bounce and complaint events (SNS, raw delivery), kept as the suppression list the email worker honours. */
  mailFeedback: {
    name: 'mail-feedback',
    visibilityTimeout: 60,
    maxReceiveCount: 5,
    worker: 'mail-feedback',
    batchSize: 10,
  },
  /** Events users are told about (lib/notify.ts): pushed and/or mailed by the notifications worker as each user chose. */
  notifications: {
    name: 'notifications',
    visibilityTimeout: 60,
    maxReceiveCount: 5,
    worker: 'notifications',
    batchSize: 10,
  },
  /**
   * Suppliers' webhook events, queued by the endpoint that checked their signature and answered at once (Duffel's
   * schedule changes), processed by the supplier-events worker (functions/src/tickets/supplier-events.ts).
   */
  supplierEvents: {
    name: 'supplier-events',
    visibilityTimeout: 60,
    maxReceiveCount: 5,
    worker: 'supplier-events',
    batchSize: 5,
  },
  /**
   * Excel exports (functions/src/exports): one job a message, written page by page into the export store. A large
   * export takes minutes, so the visibility timeout stays above the worker's 10-minute timeout.
   */
  exports: { name: 'exports', visibilityTimeout: 660, maxReceiveCount: 3, worker: 'exports', batchSize: 1 },
} as const satisfies Record<string, QueueSpec>;

export const dlqName = (q: QueueSpec): string => `${q.name}-dlq`;

export const AUTH = {
  /** Cookie and header name the specs use for the session token. */
  tokenName: 'auth-token',
  /** Sliding session lifetime. */
  sessionTtlSeconds: 7 * 24 * 3600,
  /** Password reset / generate-password links. */
  resetTtlSeconds: 3600,
  /** Wrong passwords per account from one client address per minute before that client gets a 429. */
  loginAttemptsPerMinute: 10,
  /** Wrong passwords per client address per site, across emails, before a 429 (credential stuffing). */
  loginAttemptsPerAddress: 30,
  loginAddressWindowSeconds: 15 * 60,
  /**
   * Wrong passwords per account across all addresses, from clients without the account's device cookie,
   * before such clients get a 429 (guessing spread over many addresses). A device that signed in to the
   * account before is not held by it (docs/decisions.md).
   */
  loginAttemptsPerAccount: 50,
  loginAccountWindowSeconds: 15 * 60,
  /** The device cookie a successful sign-in leaves (OWASP "device cookies"); HttpOnly, like the session's. */
  deviceCookieName: 'tp-device',
  deviceTtlSeconds: 90 * 24 * 3600,
} as const;

export const TIMING = {
  toastMs: 4000,
  userSearchDebounceMs: 400,
  searchDebounceMs: 500,
  urlPollMs: 500,
  phoneModalDelayMs: 5000,
  pushPromptDelayMs: 3000,
  paymentVerifyRetries: 5,
  paymentVerifyIntervalMs: 2000,
  paymentOrderTtlMinutes: 15,
  smallScreenPx: 600,
} as const;

/** Local stack ports (one place; scripts, tests and docs read them). */
export const LOCAL_PORTS: Record<'gateway' | 'dynamodb' | 'sqs' | 'ses', number> = {
  gateway: 4000,
  dynamodb: 4001,
  sqs: 4002,
  ses: 4003,
};

/** Demo reseller domains for the local stack; *.localhost resolves to 127.0.0.1 in browsers. */
export const DEMO_DOMAINS = ['flightdeals.localhost', 'skyway.localhost', 'partner.localhost'] as const;

/**
 * Request bodies above this are refused before parsing (413 with the envelope): the largest real one, a
 * 2,000-row refund statement, is ~300 KB; every field has its own cap (fields.ts) well below.
 */
export const REQUEST_LIMITS = { bodyBytes: 1024 * 1024 } as const;

/**
 * The header CloudFront adds to every API request it forwards (its value a rotated secret): on deployed stages
 * the handler preset refuses requests without it, so the API is reachable only through a reseller's domain
 * (functions/src/lib/origin-secret.ts, docs/deploy.md "Only CloudFront reaches the API").
 */
export const ORIGIN_HEADER = 'x-origin-verify';

/**
 * Business metrics: the Lambdas write them as CloudWatch Embedded Metric Format log lines
 * (functions/src/lib/metrics.ts) and the monitoring stack charts and alarms on them, both by these names.
 */
export const METRICS = {
  namespace: 'TravelPlatform',
  /** A flight booking made or a hold ticketed. */
  flightBooked: 'FlightBooked',
  /** A gateway payment verified as paid, or settled as failed. */
  paymentVerified: 'PaymentVerified',
  paymentFailed: 'PaymentFailed',
  /** Refund rows applied from a supplier statement. */
  refundApplied: 'RefundApplied',
  /** Every supplier call, and those that failed on the supplier's side (timeouts, errors, lost sessions). */
  supplierCall: 'SupplierCall',
  supplierError: 'SupplierError',
  /** Seconds a queue message waited between being sent and being handled. */
  queueMessageAge: 'QueueMessageAge',
} as const;
export type MetricName = Exclude<(typeof METRICS)[keyof typeof METRICS], typeof METRICS.namespace>;

/** The platform operator's console (docs/architecture.md "Platform operator"). */
export const CONSOLE = {
  /** The console's host on the local stack (a deployed stage names its own in CONSOLE_DOMAIN). */
  localHost: 'console.localhost',
  /** The operator's session cookie: its own name, so a site's `auth-token` is never read as an operator's. */
  tokenName: 'console-token',
  /** Operator sessions are short: an operator can onboard and suspend resellers. */
  sessionTtlSeconds: 12 * 3600,
} as const;
