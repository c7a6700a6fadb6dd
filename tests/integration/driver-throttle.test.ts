/**
 * The driver page's throttle: a client address that sends tokens that are not valid is slowed,
 * and a real driver with a valid link on the same address (drivers behind one carrier NAT share it) is not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { saveDriver } from '@tp/contracts/endpoints/dmc';
import {
  DMC_OPS_MSG,
  generateDriverAccessToken,
  getDriverTransferJobSheet,
} from '@tp/contracts/endpoints/dmc-operations';
import { newToken } from '../../functions/src/lib/crypto.ts';
import type { Client } from '../support/api.ts';
import { FLIGHTDEALS, ok, staff, tag } from './dmc-helpers.ts';
import { callFrom, uniqueLoopback } from './users-helpers.ts';

let admin: Client;
beforeAll(async () => {
  admin = await staff();
});

const sheetFrom = (from: string, driverAccessToken: string) =>
  callFrom(from, FLIGHTDEALS.domain, getDriverTransferJobSheet, { driverAccessToken });

describe('driver page throttle', () => {
  it("slows a token guesser's address without refusing a real driver on it", async () => {
    const d = await ok(admin, saveDriver, { driverName: `Ravi ${tag()}`, phone: '+971501234567' });
    const token = (await ok(admin, generateDriverAccessToken, { driverId: d.driverId })).driverAccessToken as string;
    const from = uniqueLoopback();
    // Start inside a minute window, so the guesses and the driver's call share it.
    const into = Date.now() % 60_000;
    if (into > 40_000) await new Promise((r) => setTimeout(r, 60_000 - into + 200));
    // Made-up tokens of the right shape until the address is slowed (at most a few hundred).
    let guesses = 0;
    let last = 0;
    while (guesses < 400 && last !== 429) {
      const res = await sheetFrom(from, newToken());
      guesses++;
      last = res.status;
      expect([403, 429]).toContain(last);
      if (last === 429) expect(res.body.errorMessage).toBe(DMC_OPS_MSG.tooManyRequests);
    }
    expect(last).toBe(429);
    // The real driver on the same address opens the page.
    const real = await sheetFrom(from, token);
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.result.driverName).toContain('Ravi');
    // The guesser is still slowed.
    expect((await sheetFrom(from, newToken())).status).toBe(429);
  }, 90_000);
});
