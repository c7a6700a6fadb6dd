import { Logger as Powertools } from '@aws-lambda-powertools/logger';
import { correlationId } from './correlation.ts';
import { env } from './config.ts';

/**
 * Structured JSON logs, one line per event, through Powertools Logger (docs/decisions.md, "Logs, queue
 * workers and days"). Callers pass identifiers, never bodies, tokens or hashes. The level is LOG_LEVEL
 * (`silent` for tests and the bench); POWERTOOLS_LOGGER_SAMPLE_RATE logs that share of loggers (so of
 * requests) at debug.
 */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const SECRET_KEY = /pass|token|secret|cookie|authorization|credential|hash|otp/i;

/** Drops any field whose name looks secret, as a last line of defence. */
function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : v;
  return out;
}

/** Lambda names the function; locally (one process for every domain) the platform is the service. */
const serviceName = () =>
  process.env.POWERTOOLS_SERVICE_NAME || process.env.AWS_LAMBDA_FUNCTION_NAME || 'travel-platform';

/**
 * One Powertools instance per createLogger call, so each request has its own correlation id and its own
 * sampling decision, and concurrent requests of the local gateway never share either. A `requestId`
 * field is the correlation id (`correlation_id` in the line).
 */
function powertools(base: Record<string, unknown>): Powertools {
  const { requestId, ...keys } = base;
  const logger = new Powertools({ serviceName: serviceName(), logLevel: env().LOG_LEVEL, persistentKeys: keys });
  if (requestId) logger.setCorrelationId(requestId);
  return logger;
}

type Level = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<Level | 'silent', number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

/**
 * Whether a line at `level` can be written at all. When it cannot, no Powertools instance is built for it (one
 * per request was ~7 % of the local gateway's CPU with logging off). A sampled logger may write debug lines
 * whatever LOG_LEVEL says, so with sampling on every level is possible.
 */
function writable(level: Level): boolean {
  const configured = env().LOG_LEVEL;
  if (configured === 'silent') return false;
  return Number(process.env.POWERTOOLS_LOGGER_SAMPLE_RATE ?? 0) > 0 || RANK[level] >= RANK[configured];
}

function bound(instance: () => Powertools, fields: Record<string, unknown>, ownId: boolean): Logger {
  const write = (level: Level) => (msg: string, extra?: Record<string, unknown>) => {
    if (!writable(level)) return;
    // A shared logger (a worker's module-level one) names the record or request it is writing for.
    const id = ownId ? undefined : correlationId();
    instance()[level](msg, { ...(id ? { correlation_id: id } : {}), ...fields, ...scrub(extra ?? {}) });
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    // A child shares its parent's instance: same correlation id and sampling, a few more fields.
    child: (f) => bound(instance, { ...fields, ...scrub(f) }, ownId),
  };
}

export function createLogger(base: Record<string, unknown> = {}): Logger {
  // Built on first use: the module-level `log` must not read the environment at import time.
  let instance: Powertools | undefined;
  return bound(() => (instance ??= powertools(scrub(base))), {}, Boolean(base.requestId));
}

export const log = createLogger();
