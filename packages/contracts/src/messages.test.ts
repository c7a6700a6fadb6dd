/**
 * Every text the specs quote (shared/contract/messages.txt, typos included) is one of the contracts' message
 * constants, byte for byte: partner sites and existing users know these words, so a reworded one is a break.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const quoted = readFileSync(new URL('../../../../shared/contract/messages.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'));

// The modules holding message constants: MSG, the fields' texts and each endpoint file's own (DMC_MSG, KART_MSG…).
const files = [
  './messages.ts',
  './fields.ts',
  ...readdirSync(new URL('./endpoints/', import.meta.url))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `./endpoints/${f}`),
];
const modules: Record<string, unknown>[] = await Promise.all(
  files.map((f) => import(/* @vite-ignore */ new URL(f, import.meta.url).href)),
);

/** Every string held by an exported constant, in nested objects and arrays too (schemas and functions skipped). */
function strings(value: unknown, into: Set<string>, depth = 0): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object' && depth < 4 && !('_zod' in value)) {
    for (const v of Object.values(value)) strings(v, into, depth + 1);
  }
  return into;
}

describe('quoted messages', () => {
  const texts = new Set<string>();
  for (const exports of modules) {
    for (const value of Object.values(exports)) strings(value, texts);
  }

  it('reads the contract list', () => {
    expect(quoted.length).toBeGreaterThan(50);
  });

  it('holds every quoted text exactly as the spec quotes it', () => {
    // A few are module constants behind a function (the per-method HTTP fallbacks): spelled out in the source.
    const source = readFileSync(new URL('./messages.ts', import.meta.url), 'utf8');
    expect(quoted.filter((m) => !texts.has(m) && !source.includes(`'${m}'`))).toEqual([]);
  });

  it('holds the DMC back office texts of spec 001 §5 and §8', () => {
    for (const m of [
      'Please select a tour option',
      'Tour already added',
      'Please enter a valid amount',
      'Combo created successfully',
      'Failed to create combo',
      'Please fill the name',
      'From area is required',
      'To area is required',
      'Market ID is required',
      'Amount must be positive',
      'Invalid date format',
      'Please enter min and max pax for private sharing basis',
      'minPax must be required if sharingBasis is private',
      'maxPax must be required if sharingBasis is private',
      'Activity Saved Successfully',
      'Failed to fetch markets...',
      'No area transfers found',
    ]) {
      expect(quoted, m).toContain(m);
      expect(texts.has(m), m).toBe(true);
    }
  });
});
