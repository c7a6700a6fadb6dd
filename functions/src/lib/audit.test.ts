import { describe, expect, it } from 'vitest';
import { auditPut, changedFields, recordChange, unchanged } from './audit.ts';
import { asSiteId } from './keys.ts';

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

describe('audit entries in the site log', () => {
  const site = asSiteId('site-a');
  const by = { userId: 'u1', name: 'Ada', email: 'ada@example.com' };
  const at = new Date('2026-11-23T10:00:00.000Z');

  it('puts one conditional item: the record partition, the site log (gsi1) and the actor (gsi2), with the site', () => {
    const put = auditPut(site, recordChange('markup', 'm1', { v: 1 }, { v: 2 }), by, at).Put!;
    const item = put.Item!;
    expect(item.pk).toBe('SITE#site-a#AUDIT#markup#m1');
    expect(item.sk).toMatch(/^2026-11-23T10:00:00\.000Z#[0-9a-f]{8}$/);
    expect([item.gsi1pk, item.gsi1sk]).toEqual(['SITE#site-a#AUDITLOG', item.sk]);
    expect([item.gsi2pk, item.gsi2sk]).toEqual(['SITE#site-a#AUDITBY#u1', item.sk]);
    expect(item).toMatchObject({
      siteId: 'site-a',
      entity: 'markup',
      id: 'm1',
      action: 'update',
      by,
      at: at.toISOString(),
    });
    // Append-only: a put never replaces an entry.
    expect(put.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('keys two changes of one millisecond apart, and refuses a key part that could forge another', () => {
    const a = auditPut(site, recordChange('user', 'u2', null, { x: 1 }), by, at).Put!.Item!;
    const b = auditPut(site, recordChange('user', 'u2', null, { x: 1 }), by, at).Put!.Item!;
    expect(a.sk).not.toBe(b.sk);
    expect(() => auditPut(site, recordChange('user', 'u#2', null, {}), by, at)).toThrow();
    expect(() => auditPut(site, recordChange('user', 'u2', null, {}), { ...by, userId: 'x#y' }, at)).toThrow();
  });

  it('names the change from its versions unless a step is named', () => {
    expect(recordChange('e', '1', null, {}).action).toBe('create');
    expect(recordChange('e', '1', {}, null).action).toBe('delete');
    expect(recordChange('e', '1', {}, {}).action).toBe('update');
    expect(recordChange('e', '1', { isBlocked: false }, { isBlocked: true }, 'block').action).toBe('block');
    expect(changedFields({ isBlocked: false, email: 'a' }, { isBlocked: true, email: 'a' })).toEqual([
      { field: 'isBlocked', before: false, after: true },
    ]);
  });
});
