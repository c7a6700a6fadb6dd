import { ERROR_STATUS, type ErrorCode } from '@tp/contracts/envelope';
import * as MSG from '@tp/contracts/messages';

/**
 * The one error type. `message` is what the user may see; `internal` is for logs only. Anything that
 * is not an AppError becomes a generic 500 so internals never reach the client.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly internal?: string,
    /** What the caller may choose from (the envelope's `detail`); never internals. */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const fail = {
  validation: (message: string, fields?: Record<string, string>) => new AppError('VALIDATION', message, fields),
  unauthenticated: (message: string = MSG.loggedOut) => new AppError('UNAUTHENTICATED', message),
  forbidden: (message: string = MSG.forbidden) => new AppError('FORBIDDEN', message),
  notFound: (message: string = MSG.notFound) => new AppError('NOT_FOUND', message),
  conflict: (message: string, fields?: Record<string, string>, detail?: Record<string, unknown>) =>
    new AppError('CONFLICT', message, fields, undefined, detail),
  gone: (message: string) => new AppError('GONE', message),
  tooMany: (message: string = MSG.tooManyAttempts) => new AppError('TOO_MANY', message),
  paymentRequired: (message: string) => new AppError('PAYMENT_REQUIRED', message),
  supplierTimeout: () => new AppError('SUPPLIER_TIMEOUT', MSG.requestTimeout),
};

/**
 * A failed rule: a 400 whose toast is the first message and whose `shortError` names every field. Rules
 * answer `{ field: message }` (undefined where the field is fine); `prefix` places them under a nested
 * field (`rates[2].`).
 */
export function refuseIfAny(errors: Record<string, string | undefined>, prefix = ''): void {
  const fields = Object.fromEntries(
    Object.entries(errors)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([k, v]) => [`${prefix}${k}`, v]),
  );
  const first = Object.values(fields)[0];
  if (first !== undefined) throw fail.validation(first, fields);
}

/** True when DynamoDB refused a conditional write (or a transaction because of one). */
export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
}
