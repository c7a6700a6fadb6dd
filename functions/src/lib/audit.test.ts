import { describe, expect, it } from 'vitest';
import { changedFields, unchanged } from './audit.ts';

describe('audit entries', () => {
  it('lists the fields that differ, in the record’s order, created and deleted fields included', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 2, b: 'x', d: true })).toEqual([
      { field: 'a', before: 1, after: 2 },
      { field: 'd', before: null, after: true },
    ]);
    expect(changedFields(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: 1 }]);
  });

  it('treats a record read back with its keys in another order as unchanged (DynamoDB keeps no map order)', () => {
    expect(unchanged({ before: { a: 1, b: { x: 1, y: [1, 2] } }, after: { b: { y: [1, 2], x: 1 }, a: 1 } })).toBe(true);
    expect(unchanged({ before: { a: [1, 2] }, after: { a: [2, 1] } })).toBe(false);
    expect(unchanged({ before: { a: 1 }, after: { a: 1, b: undefined } })).toBe(true);
  });
});
