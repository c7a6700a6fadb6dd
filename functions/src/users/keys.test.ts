import { describe, expect, it } from 'vitest';
import { keys } from '#lib/keys';

describe('customer, group and permission-group keys', () => {
  it('start with the site id', () => {
    const all = [
      keys.userCounter('s1'),
      keys.customerNo('s1', 7),
      keys.userSearchToken('s1', 'asha', 'u1'),
      keys.flightActivity('s1', 'u1', '2026-11'),
      keys.legalEntityMember('s1', 'le', 'u1'),
      keys.leGroup('s1', 'g1'),
      keys.leGroupName('s1', 'B2B Gold'),
      keys.leRelation('s1', 'le'),
      keys.rbacGroupName('s1', 'Accounts'),
      keys.rbacMember('s1', 'g1', 'u1'),
    ];
    for (const k of all) expect(k.pk.startsWith('SITE#s1#')).toBe(true);
    for (const pk of [
      keys.userSearchPk('s1'),
      keys.emailSubscribersIndex('s1', 't', 'u1').gsi2pk,
      keys.leGroupsIndex('s1', 'n', 'g1').gsi1pk,
      keys.leGroupMembersIndex('s1', 'g1', 'le').gsi1pk,
    ])
      expect(pk.startsWith('SITE#s1#')).toBe(true);
  });

  it('compare group names without case, and a # in a name cannot forge a key', () => {
    expect(keys.leGroupName('s1', 'B2B Gold')).toEqual(keys.leGroupName('s1', ' b2b gold '));
    expect(keys.rbacGroupName('s1', 'a#b').pk).not.toContain('a#b');
    expect(keys.leGroupName('s1', 'x#UNIQUE').pk).toBe('SITE#s1#LEGROUPNAME#x%23unique');
  });

  it('refuse customer numbers that are not positive integers', () => {
    expect(() => keys.customerNo('s1', 0)).toThrow();
    expect(() => keys.customerNo('s1', 1.5)).toThrow();
  });

  it('keep a membership under its group and a relation under its legal entity', () => {
    expect(keys.rbacMember('s1', 'g1', 'u1').pk).toBe(keys.rbacGroup('s1', 'g1').pk);
    expect(keys.leRelation('s1', 'le').pk).toBe(keys.legalEntity('s1', 'le').pk);
    expect(keys.legalEntityMember('s1', 'le', 'u1').pk).toBe(keys.legalEntityPk('s1', 'le'));
  });
});
