/**
 * The route table against the contract: every call in shared/contract/api.tsv is routed (or listed in
 * pending-calls.tsv by the work that owns it), paths are byte-for-byte the contract's, and every routed
 * call answers bad input with a clear 400 envelope.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@tp/contracts/routes';
import { API_BASES, isConsoleRule, urlPath } from '@tp/contracts/endpoint';
import { consoleLogin } from '@tp/contracts/endpoints/console';
import { login } from '@tp/contracts/endpoints/users';
import { CONSOLE } from '@tp/contracts/platform';
import { DEMO_OPERATOR } from '../../scripts/seed/logins.ts';
import { ROOT } from '../../scripts/local/stack.ts';
import { Client } from '../support/api.ts';

const tsv = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'));

const contract = tsv(join(ROOT, '..', 'shared', 'contract', 'api.tsv'))
  .slice(1)
  .map(([api, method, path]) => ({ api: api!, method: method!, path: path! }));
const pending = tsv(join(ROOT, 'tests', 'contract', 'pending-calls.tsv')).map(([method, path, owner]) => ({
  method: method!,
  path: path!,
  owner: owner!,
}));

const baseOf = (api: string) =>
  (api === 'flight' ? 'flight' : api === 'partner' ? 'partner' : 'site') as keyof typeof API_BASES;
const key = (m: string, p: string) => `${m} ${p}`;

describe('route table vs shared/contract/api.tsv', () => {
  const routed = new Set(ENDPOINTS.map((e) => key(e.method, urlPath(e))));
  const pendingSet = new Set(pending.map((p) => key(p.method, p.path)));

  it('routes every contract call or lists it as pending with its owner', () => {
    const missing = contract
      .filter(
        (c) =>
          !routed.has(key(c.method, `${API_BASES[baseOf(c.api)]}${c.path}`)) && !pendingSet.has(key(c.method, c.path)),
      )
      .map((c) => key(c.method, c.path));
    expect(missing, `contract calls neither routed nor pending:\n${missing.join('\n')}`).toEqual([]);
  });

  it('lists nothing as pending that is already routed', () => {
    const stale = contract
      .filter(
        (c) =>
          routed.has(key(c.method, `${API_BASES[baseOf(c.api)]}${c.path}`)) && pendingSet.has(key(c.method, c.path)),
      )
      .map((c) => key(c.method, c.path));
    expect(stale, `routed calls still listed in pending-calls.tsv:\n${stale.join('\n')}`).toEqual([]);
  });

  it('pending lines name real contract calls', () => {
    const contractSet = new Set(contract.map((c) => key(c.method, c.path)));
    expect(pending.filter((p) => !contractSet.has(key(p.method, p.path)))).toEqual([]);
  });

  it('has unique route keys and operation ids', () => {
    const keys = ENDPOINTS.map((e) => key(e.method, urlPath(e)));
    expect(new Set(keys).size).toBe(keys.length);
    const ids = ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('every routed call rejects bad input with a clear 400', () => {
  // Authorisation comes before parsing, so each call is made by someone allowed to make it: the
  // super admin of a site with every module and the permission menu on; the console's calls, the platform
  // operator on the console's host.
  const client = new Client('flightdeals.localhost');
  const operator = new Client(CONSOLE.localHost);
  const callerOf = (e: (typeof ENDPOINTS)[number]) => (isConsoleRule(e.auth) ? operator : client);
  beforeAll(async () => {
    const res = await client.call(login, { email: 'admin@flightdeals.localhost', password: 'Demo@1234' });
    expect(res.status).toBe(200);
    const signedIn = await operator.call(consoleLogin, {
      email: DEMO_OPERATOR.email,
      password: DEMO_OPERATOR.password,
    });
    expect(signedIn.status).toBe(200);
  });
  // Calls whose every field is optional have no bad empty input; token calls check their own secret.
  const withRequiredInput = ENDPOINTS.filter((e) => !e.request.safeParse({}).success && e.auth !== 'token');
  it('covers most of the route table', () => expect(withRequiredInput.length).toBeGreaterThan(ENDPOINTS.length / 2));
  for (const e of withRequiredInput) {
    it(`${e.method} ${urlPath(e)}`, async () => {
      const res = await callerOf(e).raw(
        e.method,
        urlPath(e).replace(/\{(\w+)\??\}/g, 'x'),
        e.method === 'GET' ? undefined : {},
      );
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errorMessage).toBeTruthy();
      expect(res.body.errorMessage).not.toMatch(/expected|received|invalid input/i);
    });
  }
});
