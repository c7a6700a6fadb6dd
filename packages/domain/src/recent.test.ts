import { describe, expect, it } from 'vitest';
import { rememberRecent } from './recent.ts';

describe('rememberRecent', () => {
  it('computes an argument once while it is remembered, falsy answers included', () => {
    const seen: string[] = [];
    const valid = rememberRecent((k) => (seen.push(k), k === 'ok'), 4);
    expect([valid('ok'), valid('no'), valid('ok'), valid('no')]).toEqual([true, false, true, false]);
    expect(seen).toEqual(['ok', 'no']);
  });

  it('keeps at most `max` answers, then starts again', () => {
    const seen: string[] = [];
    const upper = rememberRecent((k) => (seen.push(k), k.toUpperCase()), 2);
    for (const k of ['a', 'b', 'c', 'a']) upper(k);
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });
});
