/**
 * The DMC's exchange-rate table through the gateway: a saved row is listed (and edited by its id) with its audit
 * entry; a refused save writes nothing; another site sees none of it; staff without dmc.masters get a 403.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EXCHANGE_RATE_MSG,
  getDmcAuditTrail,
  getExchangeRates,
  saveExchangeRate,
  type TExchangeRate,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { demo, PARTNER } from './customers-helpers.ts';
import { ok, refused, SKYWAY, staff } from './dmc-helpers.ts';

/** A valid-from date no other run of this file used: rows are unique per currency and date. */
const freshDate = (): string =>
  new Date(Date.UTC(2030, 0, 1) + randomInt(0, 3_000) * 86_400_000).toISOString().slice(0, 10);

const rows = async (c: Awaited<ReturnType<typeof staff>>, search?: string): Promise<TExchangeRate[]> =>
  (await ok<{ records: TExchangeRate[] }>(c, getExchangeRates, search ? { search } : {})).records;

describe('DMC exchange rates', () => {
  it('saves a row, lists it, edits it by its id, and audits both changes', async () => {
    const c = await staff();
    const validFrom = freshDate();
    const saved = await ok<TExchangeRate>(c, saveExchangeRate, { currency: 'usd', rate: 3.6725, validFrom });
    expect(saved).toMatchObject({ currency: 'USD', rate: 3.6725, validFrom });
    expect((await rows(c, 'USD')).find((r) => r.id === saved.id)).toEqual(saved);

    const edited = await ok<TExchangeRate>(c, saveExchangeRate, {
      id: saved.id,
      currency: 'USD',
      rate: 3.67,
      validFrom,
    });
    expect(edited).toMatchObject({ id: saved.id, rate: 3.67 });
    expect((await rows(c, 'USD')).filter((r) => r.id === saved.id)).toEqual([edited]);

    const trail = await ok(c, getDmcAuditTrail, { entity: 'exchangeRate', id: saved.id });
    expect(trail.records.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);
  });

  it('refuses a non-positive rate, an unknown currency, a bad date and a second row for the same day, writing nothing', async () => {
    const c = await staff();
    const validFrom = freshDate();
    const before = await rows(c);
    const bad = await refused(c, saveExchangeRate, { currency: 'QQQ', rate: 0, validFrom: '2030-02-30' });
    expect(bad.shortError).toMatchObject({
      currency: EXCHANGE_RATE_MSG.unknownCurrency,
      rate: EXCHANGE_RATE_MSG.ratePositive,
      validFrom: MSG.invalidDate,
    });
    expect(await rows(c)).toEqual(before);

    await ok(c, saveExchangeRate, { currency: 'EUR', rate: 4.01, validFrom });
    const after = await rows(c);
    const twice = await refused(c, saveExchangeRate, { currency: 'EUR', rate: 4.2, validFrom });
    expect(twice.shortError).toEqual({ validFrom: EXCHANGE_RATE_MSG.duplicate });
    expect(await rows(c)).toEqual(after);
  });

  it("keeps each site's table its own, and needs dmc.masters", async () => {
    const mine = await staff();
    const saved = await ok<TExchangeRate>(mine, saveExchangeRate, {
      currency: 'GBP',
      rate: 4.6,
      validFrom: freshDate(),
    });
    const theirs = await staff(SKYWAY);
    expect((await rows(theirs)).map((r) => r.id)).not.toContain(saved.id);
    expect(
      (await theirs.call(saveExchangeRate, { id: saved.id, currency: 'GBP', rate: 1, validFrom: saved.validFrom }))
        .status,
    ).toBe(404);
    expect((await rows(mine)).find((r) => r.id === saved.id)).toEqual(saved);

    // The partner's staff hold the Ticketing desk group only (Flights).
    const ticketing = await demo(PARTNER, 'staff');
    expect((await ticketing.call(getExchangeRates, {})).status).toBe(403);
    expect((await ticketing.call(saveExchangeRate, { currency: 'USD', rate: 1, validFrom: freshDate() })).status).toBe(
      403,
    );
  });
});
