/**
 * Supplier errors as the client's answers (flight-supply.md "Errors"): the one translation every
 * operation that calls a supplier uses. A timeout is the spec's 502 message; any other refusal a 400
 * with the supplier's words. A caller whose calls have kinds with their own answer (a search that
 * expired, seats sold out) passes its translation, which falls back to this one.
 */
import { AppError, fail } from '#lib/errors';
import { SupplyError } from './types.ts';

export function supplierRefusal(err: SupplyError): AppError {
  if (err.kind === 'timeout') return fail.supplierTimeout();
  if (err.kind === 'notConfigured') return fail.forbidden(err.message);
  return new AppError('VALIDATION', err.message || 'The supplier could not process the request');
}

/** Runs a supplier call; a SupplyError it throws becomes the client's answer (`answer`), others pass. */
export async function supplied<T>(
  work: () => Promise<T>,
  answer: (err: SupplyError) => AppError = supplierRefusal,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof SupplyError)) throw err;
    throw answer(err);
  }
}
