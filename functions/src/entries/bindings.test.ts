/**
 * Every endpoint in the route table has an operation bound in its domain's Lambda (an unbound one would
 * answer 404 at run time), and no Lambda binds an endpoint of another domain or one twice. The entry
 * (functions/src/entries/<domain>.ts) serves what its domain's bindings.ts binds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKey, urlPath } from '@tp/contracts/endpoint';
import { ENDPOINTS } from '@tp/contracts/routes';
import type { Operation } from '#lib/answers';

const ENTRIES = import.meta.dirname;
const pending = new Set(
  readFileSync(join(ENTRIES, '..', '..', '..', 'tests', 'contract', 'pending-calls.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t').slice(0, 2).join(' ')),
);
const isPending = (e: (typeof ENDPOINTS)[number]) =>
  pending.has(`${e.method} ${e.path}`) || pending.has(`${e.method} ${urlPath(e)}`);

// Each entry checks its configuration when it loads; these values only let the modules load here.
for (const name of ['TABLE_NAME', 'EMAIL_QUEUE_URL', 'PAYMENT_QUEUE_URL']) process.env[name] ||= 'unit-test';

describe('operation bindings', () => {
  const domains = [...new Set(ENDPOINTS.map((e) => e.domain))];

  it.each(domains)('%s: every routed endpoint has an operation', async (domain) => {
    const routed = ENDPOINTS.filter((e) => e.domain === domain && !isPending(e)).map(routeKey);
    const entry = join(ENTRIES, `${domain}.ts`);
    if (!existsSync(entry)) {
      expect(routed, `${domain} has routed endpoints but no functions/src/entries/${domain}.ts`).toEqual([]);
      return;
    }
    const { operations } = (await import(entry)) as { operations: Operation[] };
    const bound = operations.map((op) => routeKey(op.endpoint));
    expect(
      bound.filter((k, i) => bound.indexOf(k) !== i),
      'bound twice',
    ).toEqual([]);
    expect(
      operations.filter((op) => op.endpoint.domain !== domain).map((op) => routeKey(op.endpoint)),
      'bound in the wrong Lambda',
    ).toEqual([]);
    expect(
      routed.filter((k) => !bound.includes(k)),
      'routed but no operation',
    ).toEqual([]);
  });
});
