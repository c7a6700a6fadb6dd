/**
 * Generated bad input for every write call of the route table, derived from each
 * endpoint's request schema with fast-check and sent through the local gateway by a caller allowed to
 * make the call (a super admin for staff calls, the platform operator for the console's, an agent for the others),
 * so it reaches the parser:
 * wrong types, oversize strings (3 KB, 300 KB), `#`, control and hidden characters, missing required
 * fields, oversize arrays, nested junk, non-object and broken JSON bodies.
 *
 * Every answer must be the 400 envelope: never a 5xx, `shortError` exactly the contract's field errors,
 * no zod jargon; and the whole table (a Scan digest) is the same before and after.
 *
 * The file runs on a demo stack of its own, so the rest of the tier runs beside it (tests/support/stack-turn.ts)
 * while no other file's writes can land in the table it digests.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type * as z from 'zod';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ENDPOINTS } from '@tp/contracts/routes';
import { isConsoleRule, routeKey, urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { consoleLogin } from '@tp/contracts/endpoints/console';
import { login } from '@tp/contracts/endpoints/users';
import { detectSite } from '@tp/contracts/endpoints/site';
import { CONSOLE, TABLE } from '@tp/contracts/platform';
import { shapeOf, type Field, type FieldPath } from '@tp/contracts/schema-walk';
import { DEMO_OPERATOR } from '../../scripts/seed/logins.ts';
import { startStack, type Stack } from '../../scripts/local/stack.ts';
import { Client, type ApiResponse } from '../support/api.ts';
import { TEST_PORTS } from '../support/ports.ts';
import { stackTable } from '../support/table.ts';

/**
 * Inputs sent per call: exactly the floor (issue #10 asks ≥ 200). More adds time, not coverage: the generator
 * stops at this count, and the test fails when a call's schema yields fewer distinct bad inputs.
 */
const PER_CALL = 200;
/** Requests in flight at once: enough to keep the gateway busy, modest for a 2-core CI machine. */
const CONCURRENCY = 8;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const KB = 1024;
const JARGON = /expected|received|invalid input|too (big|small)|invalid (option|string|email|url)/i;

type Input =
  { kind: 'object'; body: Record<string, unknown>; why: string } | { kind: 'raw'; body: unknown; why: string };

// ---------------------------------------------------------------------------------------------- values

const HIDDEN = ['\u0000', 'ab\u0007cd', 'a\u001b[31mred', 'a\ud800b', 'a\udfffb', 'Ab\u202ecd', 'a\u2066b', 'x\u0085y'];
const STRING_ATTACKS: unknown[] = [
  '#',
  'ab#cd',
  'SITE#site-skyway#USER#x',
  'x'.repeat(3 * KB),
  ...HIDDEN,
  '',
  '   ',
  12345,
  -1,
  true,
  null,
  [],
  {},
  ['x'],
  { $gt: '' },
  '<script>alert(1)</script>'.repeat(10),
  '../../../etc/passwd\u0000',
];
const NUMBER_ATTACKS: unknown[] = ['abc', '', '1e400', '0x1G', -1e308, 1e308, [], {}, true, '12'.repeat(2 * KB)];
const OTHER_ATTACKS: unknown[] = ['nope', 0, 'true', '', [], { a: 1 }, 'x'.repeat(3 * KB)];
const ROOT_JUNK: unknown[] = [[], [{}], 'text', 0, true, null, ['#'.repeat(10)]];
const BROKEN_JSON = ['{', '{"a":', 'nope', '{"a":1}}', '[1,', '\u0000'];

/** Nested junk: an object `depth` levels deep. */
const deep = (depth: number): unknown => (depth === 0 ? ['#', null, 1] : { a: deep(depth - 1), b: [depth] });

const sampleOf = (f: Field): unknown =>
  f.kinds.has('enum') || f.kinds.has('literal')
    ? f.values[0]
    : f.kinds.has('string')
      ? 'Fuzz1'
      : f.kinds.has('number')
        ? 1
        : f.kinds.has('boolean')
          ? true
          : f.kinds.has('null')
            ? null
            : undefined;

function setAt(target: Record<string, unknown>, path: FieldPath, value: unknown): void {
  let node: Record<string | number, unknown> = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const nextIsIndex = typeof path[i + 1] === 'number';
    const child = node[key];
    if (child === null || typeof child !== 'object') node[key] = nextIsIndex ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}
function deleteAt(target: Record<string, unknown>, path: FieldPath): void {
  let node: unknown = target;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, unknown> | undefined)?.[key];
  if (node && typeof node === 'object') delete (node as Record<string | number, unknown>)[path.at(-1)!];
}
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A plausible input: every field at a sample value (often still invalid as a whole; the mutation decides). */
function baseOf(fields: Field[]): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const f of fields) {
    const v = sampleOf(f);
    if (v !== undefined && f.path.length) setAt(base, f.path, v);
  }
  return base;
}

// ---------------------------------------------------------------------------------------------- inputs

/** The field errors the handler preset must answer (functions/src/lib/http.ts validationError). */
function contractFields(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return fields;
}

/**
 * Path parameters (`areas/deleteTransfers/{id}`) are sent as 'x', as routes.test.ts does; the handler merges them
 * over the body, so an input is judged (bad or not, and its expected field errors) as the server reads it.
 */
const PATH_SAMPLE = 'x';
const pathOf = (e: Endpoint) => urlPath(e).replace(/\{(\w+)\??\}/g, PATH_SAMPLE);
const asServerReads = (e: Endpoint, body: Record<string, unknown>) => ({
  ...clone(body),
  ...Object.fromEntries([...urlPath(e).matchAll(/\{(\w+)\??\}/g)].map((m) => [m[1], PATH_SAMPLE])),
});

/** What the handler parses from a raw body: JSON objects only; anything else is refused before the schema. */
const refusedByShape = (input: Input): boolean => {
  if (input.kind === 'object') return false;
  if (typeof input.body === 'string') {
    // An empty body reads as {} (no body at all): not a shape error, so never counted as one.
    if (input.body === '') return false;
    try {
      const parsed: unknown = JSON.parse(input.body);
      return parsed === null || typeof parsed !== 'object' || Array.isArray(parsed);
    } catch {
      return true;
    }
  }
  return input.body === null || typeof input.body !== 'object' || Array.isArray(input.body);
};

function badInputs(e: Endpoint, seed: number): Input[] {
  const { fields, arrays } = shapeOf(e.request);
  const leaves = fields.filter((f) => f.path.length > 0);
  const base = baseOf(leaves);
  const out = new Map<string, Input>();
  const full = () => out.size >= PER_CALL;
  const keep = (input: Input) => {
    const text = input.kind === 'raw' && typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
    if (full() || out.has(text)) return;
    if (input.kind === 'object' ? e.request.safeParse(asServerReads(e, input.body)).success : !refusedByShape(input))
      return;
    out.set(text, input);
  };
  const mutate = (why: string, edit: (body: Record<string, unknown>) => void) => {
    const body = clone(base);
    edit(body);
    keep({ kind: 'object', body, why });
  };
  const attacksOf = (f: Field) =>
    f.kinds.has('string') ? STRING_ATTACKS : f.kinds.has('number') ? NUMBER_ATTACKS : OTHER_ATTACKS;

  // Attack by attack across every field (so a capped share still reaches every field with the worst
  // ones first); the first string field also gets a 300 KB value (once per call: traffic).
  const huge = leaves.find((f) => f.kinds.has('string'));
  if (huge) mutate(`${huge.path.join('.')} = 300 KB`, (b) => setAt(b, huge.path, 'n'.repeat(300 * KB)));
  for (const f of leaves) if (!f.optional) mutate(`${f.path.join('.')} missing`, (b) => deleteAt(b, f.path));
  const rounds = Math.max(...leaves.map((f) => attacksOf(f).length), 0);
  for (let j = 0; j < rounds; j++)
    for (const f of leaves) {
      const v = attacksOf(f)[j];
      if (j < attacksOf(f).length)
        mutate(`${f.path.join('.')} = ${JSON.stringify(v).slice(0, 40)}`, (b) => setAt(b, f.path, v));
    }
  for (const a of arrays) {
    const element = leaves.find((f) => f.path.join('.').startsWith([...a.path, 0].join('.')));
    mutate(`${a.path.join('.')} oversize`, (b) =>
      setAt(b, a.path, Array(5001).fill(element ? sampleOf(element) : 'x')),
    );
    mutate(`${a.path.join('.')} not an array`, (b) => setAt(b, a.path, 'x'));
  }
  for (const f of leaves) mutate(`${f.path.join('.')} = nested junk`, (b) => setAt(b, f.path, deep(30)));
  for (const v of ROOT_JUNK) keep({ kind: 'raw', body: v, why: `body ${JSON.stringify(v)}` });
  for (const t of BROKEN_JSON) keep({ kind: 'raw', body: t, why: `broken JSON ${JSON.stringify(t)}` });
  keep({ kind: 'object', body: { junk: deep(200) }, why: 'only nested junk' });

  // Then random ones until the call has its share: one to three fields changed (some required ones
  // dropped), or a body that is not a JSON object at all (the only bad input of calls taking none).
  const value = fc.oneof(
    fc.constantFrom(...STRING_ATTACKS, ...NUMBER_ATTACKS, ...OTHER_ATTACKS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({
      unit: fc.constantFrom('#', '\u0000', '\u202e', '\ud800', 'a', ' ', '\n', 'é'),
      minLength: 1,
      maxLength: 24,
    }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const rawBody = fc.oneof(
    fc
      .jsonValue({ maxDepth: 3 })
      .map((body): Input => ({ kind: 'raw', body, why: `body ${JSON.stringify(body)?.slice(0, 40)}` })),
    fc
      .string({ maxLength: 40 })
      .map((t): Input => ({ kind: 'raw', body: `{${t}`, why: `broken JSON ${JSON.stringify(t)}` })),
  );
  const fieldEdit = leaves.length
    ? fc
        .tuple(
          fc.array(fc.tuple(fc.constantFrom(...leaves), value), { minLength: 1, maxLength: 3 }),
          fc.subarray(leaves.filter((f) => !f.optional)),
        )
        .map(([edits, dropped]): Input => {
          const body = clone(base);
          for (const f of dropped) deleteAt(body, f.path);
          for (const [f, v] of edits) setAt(body, f.path, v);
          const why = edits.map(([f, v]) => `${f.path.join('.')} = ${JSON.stringify(v)?.slice(0, 30)}`).join(', ');
          return {
            kind: 'object',
            body,
            why: `${why}${dropped.length ? ` (${dropped.map((f) => f.path.join('.')).join(', ')} missing)` : ''}`,
          };
        })
    : rawBody;
  const random = fc.oneof({ arbitrary: fieldEdit, weight: 4 }, { arbitrary: rawBody, weight: 1 });
  for (let round = 0; !full() && round < 20; round++)
    for (const input of fc.sample(random, { numRuns: 100, seed: seed + round })) keep(input);
  return [...out.values()];
}

// ---------------------------------------------------------------------------------------------- the table

async function tableDigest(): Promise<Map<string, string>> {
  const db = stackTable(stack.dynamoUrl);
  const items = new Map<string, string>();
  const stable = (v: unknown): string =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array) && !(v instanceof Set)
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : v instanceof Set
        ? stable([...v].sort())
        : (JSON.stringify(v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v) ?? 'undefined');
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: TABLE.name, ExclusiveStartKey: start }));
    for (const item of page.Items ?? [])
      if (!String(item.pk).startsWith(SCHEDULER_STATE))
        items.set(`${String(item.pk)} | ${String(item.sk)}`, createHash('sha256').update(stable(item)).digest('hex'));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}
/** The payment reconciler's own bookkeeping (functions/src/wallet/outbox.ts): it moves with the clock. */
const SCHEDULER_STATE = 'RECONCILE';
const differences = (a: Map<string, string>, b: Map<string, string>): string[] =>
  [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();

// ---------------------------------------------------------------------------------------------- the run

const SITE = 'flightdeals.localhost';
/** This file's stack: above the shared one's ports and the other files' (+4..+7 payments-faults, +10, +20..+23). */
const OWN_PORT = TEST_PORTS.gateway + 12;
let stack: Stack;
let staff: Client;
let agent: Client;
/** The platform operator, on the console's host, for the console's calls. */
let operator: Client;
const callerOf = (e: Endpoint) =>
  isConsoleRule(e.auth) ? operator : e.auth === 'staff' || e.auth === 'superAdmin' ? staff : agent;
const WRITE_CALLS = ENDPOINTS.filter((e) => e.method !== 'GET');

let before: Map<string, string>;
const sent = { requests: 0, ms: 0 };

async function pool<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

beforeAll(async () => {
  stack = await startStack({
    ports: { gateway: OWN_PORT, dynamodb: OWN_PORT + 1, sqs: OWN_PORT + 2, ses: OWN_PORT + 3 },
    seed: true,
    logLevel: 'error',
  });
  staff = new Client(SITE, stack.gatewayUrl);
  agent = new Client(SITE, stack.gatewayUrl);
  operator = new Client(CONSOLE.localHost, stack.gatewayUrl);
  for (const [client, email] of [
    [staff, `admin@${SITE}`],
    [agent, `agent@${SITE}`],
  ] as const) {
    const res = await client.call(login, { email, password: 'Demo@1234' });
    expect(res.status, `${email} signs in`).toBe(200);
  }
  const signedIn = await operator.call(consoleLogin, { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password });
  expect(signedIn.status, 'the operator signs in').toBe(200);
  // Let work the seed queued (mail) settle, then take the digest.
  let last = await tableDigest();
  for (let i = 0; i < 10; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await tableDigest();
    const moved = differences(last, now).length;
    last = now;
    if (!moved) break;
  }
  before = last;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (sent.requests)
    console.info(
      `fuzz: ${sent.requests} bad inputs to ${WRITE_CALLS.length} write calls in ${(sent.ms / 1000).toFixed(1)} s (seed ${SEED})`,
    );
});

describe(`bad input to every write call (seed ${SEED})`, () => {
  it('covers every write call of the route table', () => {
    expect(WRITE_CALLS.length).toBeGreaterThan(90);
  });

  WRITE_CALLS.forEach((e, i) => {
    it(`${routeKey(e)}: ≥ ${PER_CALL} bad inputs, each a 400 envelope`, async () => {
      const inputs = badInputs(e, SEED + i * 1000);
      expect(inputs.length, 'bad inputs generated').toBeGreaterThanOrEqual(PER_CALL);
      const wrong: string[] = [];
      const started = performance.now();
      await pool(inputs, async (input) => {
        let res: ApiResponse;
        try {
          res = await callerOf(e).raw(e.method, pathOf(e), input.body);
        } catch (err) {
          wrong.push(`${input.why}: no JSON answer (${String(err)})`);
          return;
        }
        const b = res.body;
        const problem =
          res.status >= 500
            ? `${res.status} ${b.errorMessage}`
            : res.status !== 400
              ? `answered ${res.status}, expected 400`
              : b.success !== false || !b.errorMessage || JARGON.test(b.errorMessage)
                ? `unclear envelope ${JSON.stringify(b).slice(0, 200)}`
                : undefined;
        if (problem) return void wrong.push(`${input.why}: ${problem}`);
        if (input.kind === 'object') {
          const expected = contractFields(e.request.safeParse(asServerReads(e, input.body)).error!);
          const jargon = Object.values(b.shortError ?? {}).filter((m) => JARGON.test(m));
          if (JSON.stringify(b.shortError) !== JSON.stringify(expected) || jargon.length)
            wrong.push(`${input.why}: shortError ${JSON.stringify(b.shortError)?.slice(0, 200)}`);
        }
      });
      sent.requests += inputs.length;
      sent.ms += performance.now() - started;
      expect(wrong.slice(0, 10), `seed ${SEED}, ${wrong.length} of ${inputs.length} wrong`).toEqual([]);
    }, 60_000);
  });

  it('a #, a 3 KB or a control character in the site-id header is a 400, not a 500', async () => {
    for (const value of ['#', 'site-flightdeals#USER#x', 'x'.repeat(3 * KB)]) {
      const res = await agent.call(detectSite, { domain: SITE }, { 'site-id': value });
      expect(res.status, JSON.stringify(value.slice(0, 30))).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('changed nothing: the whole table is as it was', async () => {
    const after = await tableDigest();
    expect(differences(before, after).slice(0, 20)).toEqual([]);
  }, 60_000);
});
