/** Supplier errors become the client's answers in one place: a timeout is the 502, any other refusal a 400. */
import { describe, expect, it } from 'vitest';
import { AppError, fail } from '#lib/errors';
import { supplied, supplierRefusal } from './errors.ts';
import { SupplyError } from './types.ts';

const refusedWith = async (err: unknown, answer?: (e: SupplyError) => AppError) =>
  supplied(() => Promise.reject(err), answer).then(
    () => null,
    (e: unknown) => e,
  );

describe('supplier errors as answers', () => {
  it('answers a timeout with the spec message and a refusal with the supplier words, as a 400', async () => {
    expect(await refusedWith(new SupplyError('timeout', 'slow'))).toMatchObject({ code: 'SUPPLIER_TIMEOUT' });
    expect(await refusedWith(new SupplyError('soldOut', 'No seats left'))).toMatchObject({
      code: 'VALIDATION',
      message: 'No seats left',
    });
    expect(await refusedWith(new SupplyError('failed', ''))).toMatchObject({
      code: 'VALIDATION',
      message: 'The supplier could not process the request',
    });
  });

  it('answers a site without supply this stage allows with a 403 in its own words', async () => {
    expect(await refusedWith(new SupplyError('notConfigured', 'Flights are not available'))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Flights are not available',
    });
  });

  it("passes other errors through, and a caller's own answers fall back to the shared one", async () => {
    const boom = new Error('boom');
    expect(await refusedWith(boom)).toBe(boom);
    const own = (e: SupplyError) => (e.kind === 'expired' ? fail.gone('expired') : supplierRefusal(e));
    expect(await refusedWith(new SupplyError('expired', 'x'), own)).toMatchObject({ code: 'GONE' });
    expect(await refusedWith(new SupplyError('timeout', 'x'), own)).toMatchObject({ code: 'SUPPLIER_TIMEOUT' });
    expect(await supplied(async () => 7)).toBe(7);
  });
});
