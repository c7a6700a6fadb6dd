/**
 * Every Lambda that infra/lib/bundling.ts lists loads from its entry (functions/src/entries/), builds its handler,
 * and hands its domain a complete wiring: a wiring field left out fails tsc, and one filled with nothing (an
 * undefined that a cast let through) fails here, never a request. A domain whose bindings.ts asks for a wiring
 * gets it from its entry, which exports what it built.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { domainEntries, FUNCTIONS_SRC, workerEntries } from '../../infra/lib/bundling.ts';

// Each entry checks its configuration when it loads; these values only let the modules load here.
for (const name of ['TABLE_NAME', 'EMAIL_QUEUE_URL', 'PAYMENT_QUEUE_URL', 'EXPORTS_QUEUE_URL'])
  process.env[name] ||= 'unit-test';

/** The paths of a wiring whose value is missing: undefined or null, or a hook list holding a non-function. */
function missingFields(value: unknown, path = 'wiring'): string[] {
  if (value === undefined || value === null) return [path];
  if (Array.isArray(value))
    return value.flatMap((v, i) => (typeof v === 'function' ? [] : missingFields(v, `${path}[${i}]`)));
  if (typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => missingFields(v, `${path}.${k}`));
  return [];
}

interface Entry {
  handler?: unknown;
  operations?: unknown;
  wiring?: unknown;
}

const lambdas = [...domainEntries(), ...workerEntries()];

describe('Lambda entries', () => {
  it('are listed for every domain and worker, all under functions/src/entries', () => {
    expect(lambdas.length).toBeGreaterThan(20);
    for (const l of lambdas) expect(l.entry.startsWith(join(FUNCTIONS_SRC, 'entries'))).toBe(true);
  });

  it.each(lambdas.map((l) => [l.name, l] as const))('%s builds its handler with a complete wiring', async (_, l) => {
    const m = (await import(pathToFileURL(l.entry).href)) as Entry;
    expect(typeof m.handler).toBe('function');
    if ('wiring' in m) expect(missingFields(m.wiring)).toEqual([]);
    if (l.kind !== 'domain') return;
    expect(Array.isArray(m.operations) && m.operations.length > 0).toBe(true);
    const bindings = join(FUNCTIONS_SRC, l.name, 'bindings.ts');
    expect(existsSync(bindings)).toBe(true);
    const { operations } = (await import(pathToFileURL(bindings).href)) as { operations: unknown };
    // A domain that needs collaborators binds its operations to a wiring: its entry must export the one it built.
    if (typeof operations === 'function') expect('wiring' in m, `${l.name}'s entry exports no wiring`).toBe(true);
  });

  it('report a wiring field filled with nothing', () => {
    expect(missingFields({ afterStatusChange: [undefined], kart: { afterStatusChange: [] }, orders: null })).toEqual([
      'wiring.afterStatusChange[0]',
      'wiring.orders',
    ]);
  });
});
