// zod/mini, not classic zod: every Lambda parses this at cold start (docs/benchmarks.md, the contracts' move).
import * as z from 'zod/mini';
import { AUTH, TABLE } from '@tp/contracts/platform';

/**
 * Environment, parsed on first use (the schema is built then too: building it at module load cost every cold
 * start ~2–3 ms of zod's warm-up, docs/benchmarks.md). What a Lambda cannot work without is checked at load
 * by requireConfig below. Endpoints for the emulators come from the SDK's own AWS_ENDPOINT_URL_* variables.
 */
const text = (fallback: string) => z._default(z.string(), fallback);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z._default(z.enum(values), fallback);
const positiveWhole = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.positive()), fallback);

const envSchema = () =>
  z.object({
    TABLE_NAME: text(TABLE.name),
    EMAIL_QUEUE_URL: text(''),
    PAYMENT_QUEUE_URL: text(''),
    NOTIFICATIONS_QUEUE_URL: text(''),
    SUPPLIER_EVENTS_QUEUE_URL: text(''),
    /** Excel exports made in the background (functions/src/exports): every Lambda with an export call sends here. */
    EXPORTS_QUEUE_URL: text(''),
    MAIL_FROM: text('no-reply@travel-platform.local'),
    /**
     * Reseller domains with a verified SES identity on this stage (comma-separated; the messaging stack's
     * config): their mail goes out from `no-reply@<domain>`, the others' from MAIL_FROM.
     */
    MAIL_DOMAINS: text(''),
    /**
     * Going live on a reseller domain (functions/src/console/domains): `local` makes a domain live at once (the
     * local stack); `aws` creates a tenant of TENANT_DISTRIBUTION_ID and an SES identity in MAIL_CONFIGURATION_SET.
     */
    GO_LIVE_PROVIDER: oneOf(['local', 'aws'], 'local'),
    TENANT_DISTRIBUTION_ID: text(''),
    MAIL_CONFIGURATION_SET: text(''),
    /** Set by Lambda (and the local stack); the MAIL FROM record names SES's endpoint of this region. */
    AWS_REGION: text('ap-south-1'),
    /** Public origin the mails link to when a site has no https domain (local stack). */
    PUBLIC_URL_SCHEME: oneOf(['http', 'https'], 'https'),
    PUBLIC_URL_PORT: text(''),
    /** Google / Facebook token verification keys; overridable so tests sign with local keys. */
    GOOGLE_JWKS_URL: text('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUERS: text('https://accounts.google.com,accounts.google.com'),
    FACEBOOK_JWKS_URL: text('https://www.facebook.com/.well-known/oauth/openid/jwks/'),
    FACEBOOK_ISSUER: text('https://www.facebook.com'),
    /** Cookies get `Secure` unless explicitly turned off for plain-http local work. */
    COOKIE_SECURE: oneOf(['true', 'false'], 'true'),
    /** Wrong passwords per account per client address per minute (the load bench raises it to measure the handler, not the limiter). */
    LOGIN_ATTEMPTS_PER_MINUTE: positiveWhole(AUTH.loginAttemptsPerMinute),
    /** Wrong passwords per account, across addresses, from clients without its device cookie, in AUTH.loginAccountWindowSeconds. */
    LOGIN_ATTEMPTS_PER_ACCOUNT: positiveWhole(AUTH.loginAttemptsPerAccount),
    /** Wrong passwords per client address per site, across emails, in AUTH.loginAddressWindowSeconds (the bench raises it). */
    LOGIN_ATTEMPTS_PER_ADDRESS: positiveWhole(AUTH.loginAttemptsPerAddress),
    LOG_LEVEL: oneOf(['debug', 'info', 'warn', 'error', 'silent'], 'info'),
    STAGE: text('local'),
    /**
     * Whether this stage may take sandbox payments (the embedded sandbox gateway, PhonePe's SANDBOX
     * environment). Forbidden unless the stage says so (infra StageConfig.sandboxPayments; the local stack
     * allows them): a production stage that forgot the variable never accepts play money.
     */
    SANDBOX_PAYMENTS: oneOf(['allowed', 'forbidden'], 'forbidden'),
    /**
     * Whether the embedded flight simulator may serve a site (infra StageConfig.simulatedSupply; the local
     * stack allows it). Forbidden by default for the same reason: a stage that forgot the variable never sells
     * an invented seat.
     */
    SIMULATED_SUPPLY: oneOf(['allowed', 'forbidden'], 'forbidden'),
    /** Uploaded images (lib/media.ts): the S3 bucket on AWS, or a folder on the local stack; neither = uploads refused. */
    MEDIA_BUCKET: text(''),
    MEDIA_DIR: text(''),
    /**
     * Site secrets (supplier and gateway credentials, lib/sealed.ts) are envelope-encrypted: under this KMS key
     * on AWS, or under SECRETS_LOCAL_KEY (base64, 32 bytes) on the local stack.
     */
    SECRETS_KEY_ID: text(''),
    SECRETS_LOCAL_KEY: text(''),
    /**
     * Deployed stages: the Secrets Manager secret holding the value CloudFront sends in ORIGIN_HEADER; requests
     * without it are refused (lib/origin-secret.ts). ORIGIN_SECRET is the same check with a plain value (tests).
     */
    ORIGIN_SECRET_ARN: text(''),
    ORIGIN_SECRET: text(''),
    /** The platform console's host (operators sign in there, and only there): `console.localhost` locally. */
    CONSOLE_DOMAIN: text('console.localhost'),
    /**
     * Web push (functions/src/notifications/vapid.ts): the stage's VAPID key pair in Secrets Manager on AWS
     * (VAPID_SECRET_ARN), or the pair the local stack keeps in .local/ (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).
     */
    VAPID_SECRET_ARN: text(''),
    VAPID_PUBLIC_KEY: text(''),
    VAPID_PRIVATE_KEY: text(''),
    /** The contact push services are given with each push (RFC 8292 `sub`). */
    VAPID_SUBJECT: text('mailto:push@travel-platform.local'),
    /**
     * Push endpoints must be https (a push service); `allowed` also takes http ones, for the local stack's test
     * push service only.
     */
    PUSH_HTTP_ENDPOINTS: oneOf(['allowed', 'forbidden'], 'forbidden'),
  });
export type Env = z.infer<ReturnType<typeof envSchema>>;

let cached: Env | undefined;
export function env(): Env {
  cached ??= envSchema().parse(process.env);
  return cached;
}
/** Tests that change process.env between cases call this. */
export function resetEnvCache(): void {
  cached = undefined;
}

/** The stage's sandbox-payment policy (SANDBOX_PAYMENTS). */
export const sandboxPaymentsAllowed = (): boolean => env().SANDBOX_PAYMENTS === 'allowed';

/** The stage's simulated-supply policy (SIMULATED_SUPPLY). */
export const simulatedSupplyAllowed = (): boolean => env().SIMULATED_SUPPLY === 'allowed';

/** Configuration a Lambda cannot work without (its table, the queues it sends to). */
export type RequiredConfig = 'TABLE_NAME' | 'EMAIL_QUEUE_URL' | 'PAYMENT_QUEUE_URL' | 'EXPORTS_QUEUE_URL';

/**
 * Called at module load by each Lambda entry: a missing or empty variable fails the cold start with a
 * clear message (and the deployment's smoke call), instead of the first send of a real request.
 */
export function requireConfig(names: readonly RequiredConfig[]): void {
  const missing = names.filter((n) => !process.env[n]?.trim());
  if (missing.length)
    throw new Error(
      `Missing configuration: ${missing.join(', ')}. The stack sets these per function (infra/config/functions.ts); ` +
        'the function cannot start without them.',
    );
}
