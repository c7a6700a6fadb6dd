import { describe, expect, it } from 'vitest';
import { asSiteId, keys } from '#lib/keys';
import { markupKeys } from './markup/keys.ts';
import { rbacKeys } from './rbac/keys.ts';
import { userKeys } from './users/keys.ts';

const S1 = asSiteId('s1');

describe('customer, group and permission-group keys', () => {
  it('start with the site id', () => {
    const all = [
      keys.userCounter(S1),
      userKeys.customerNo(S1, 7),
      userKeys.userEmail(S1, 'A@B.com'),
      userKeys.userPhone(S1, 'in', '9876543210'),
      userKeys.userSocial(S1, 'google', 'sub'),
      userKeys.oneTimeToken(S1, 'device', 'hash'),
      userKeys.userSearchToken(S1, 'asha', 'u1'),
      userKeys.flightActivity(S1, 'u1', '2026-11'),
      userKeys.legalEntityMember(S1, 'le', 'u1'),
      markupKeys.leGroup(S1, 'g1'),
      markupKeys.leGroupName(S1, 'B2B Gold'),
      markupKeys.leRelation(S1, 'le'),
      rbacKeys.rbacGroupName(S1, 'Accounts'),
      rbacKeys.rbacMember(S1, 'g1', 'u1'),
    ];
    for (const k of all) expect(k.pk.startsWith('SITE#s1#')).toBe(true);
    for (const pk of [
      userKeys.usersIndexPk(S1),
      userKeys.userSearchPk(S1),
      userKeys.emailSubscribersIndex(S1, 't', 'u1').gsi2pk,
      markupKeys.leGroupsIndex(S1, 'n', 'g1').gsi1pk,
      markupKeys.leGroupMembersIndex(S1, 'g1', 'le').gsi1pk,
    ])
      expect(pk.startsWith('SITE#s1#')).toBe(true);
  });

  it('lower-cases emails so one address maps to one key', () => {
    expect(userKeys.userEmail(S1, 'Agent@Example.COM')).toEqual(userKeys.userEmail(S1, 'agent@example.com'));
  });

  it('compare group names without case, and a # in a name cannot forge a key', () => {
    expect(markupKeys.leGroupName(S1, 'B2B Gold')).toEqual(markupKeys.leGroupName(S1, ' b2b gold '));
    expect(rbacKeys.rbacGroupName(S1, 'a#b').pk).not.toContain('a#b');
    expect(markupKeys.leGroupName(S1, 'x#UNIQUE').pk).toBe('SITE#s1#LEGROUPNAME#x%23unique');
  });

  it('refuse customer numbers that are not positive integers', () => {
    expect(() => userKeys.customerNo(S1, 0)).toThrow();
    expect(() => userKeys.customerNo(S1, 1.5)).toThrow();
  });

  it('keep a membership under its group and a relation under its legal entity', () => {
    expect(rbacKeys.rbacMember(S1, 'g1', 'u1').pk).toBe(keys.rbacGroup(S1, 'g1').pk);
    expect(markupKeys.leRelation(S1, 'le').pk).toBe(userKeys.legalEntity(S1, 'le').pk);
    expect(userKeys.legalEntityMember(S1, 'le', 'u1').pk).toBe(userKeys.legalEntityPk(S1, 'le'));
  });
});
