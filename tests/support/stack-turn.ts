/**
 * Setup file of the integration tier: each file waits for its turn on the shared stack before its tests and
 * gives it back after them (tests/support/stack-lock.ts). The files in SHARES_THE_STACK run beside each other;
 * the files in OWN_STACK take no turn; every other file runs alone, as the whole tier did before files ran in
 * parallel.
 *
 * A file belongs in SHARES_THE_STACK when it reads and changes only records it made itself (its own users,
 * legal entities, bookings under unique tags, requests from its own loopback address), and asserts nothing
 * about the table as a whole or about shared settings (site settings, markups, the demo users' throttles, the
 * mail of the demo sites) that another file may change meanwhile.
 */
import { request, type ClientRequest } from 'node:http';
import { relative, resolve } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { TurnMode } from './stack-lock.ts';
import { OWN_STACK, SHARES_THE_STACK } from './stack-files.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Longer than any file takes: a file may wait for a long one (the authz matrix takes ~25 s) before it starts. */
const TURN_TIMEOUT_MS = 30 * 60_000;

let turn: ClientRequest | undefined;

/** Resolves once the turn is granted; the turn lasts until the request is destroyed. */
function takeTurn(mode: TurnMode): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = request(`${inject('stackLockUrl')}/turn?mode=${mode}`, { method: 'POST' }, (res) => {
      if (res.statusCode === 200) resolve(req);
      else reject(new Error(`stack lock answered ${res.statusCode}`));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const path = relative(ROOT, expect.getState().testPath ?? '');
  if (OWN_STACK.has(path)) return;
  turn = await takeTurn(SHARES_THE_STACK.has(path) ? 'shared' : 'exclusive');
}, TURN_TIMEOUT_MS);

afterAll(() => {
  turn?.destroy();
});
