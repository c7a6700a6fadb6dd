import { describe, expect, it } from 'vitest';
import { customerSees, seesAccountRecords } from './account-members.ts';
import type { Principal } from './principal.ts';
import type { SiteId } from './keys.ts';

const caller = (userType: Principal['userType'], accountRole?: string): Principal => ({
  userId: 'u1',
  siteId: 'site-a' as SiteId,
  userType,
  isSuperAdmin: false,
  isBlocked: false,
  legalEntityId: 'le1',
  email: 'u1@example.com',
  rbacUserGroupId: null,
  record: accountRole ? { accountRole } : {},
});

describe('whose records a customer reads', () => {
  const mine = { userId: 'u1', legalEntityId: 'le1' };
  const colleague = { userId: 'u2', legalEntityId: 'le1' };
  const stranger = { userId: 'u3', legalEntityId: 'le2' };

  it('an agency admin: every member of their legal entity, nobody outside it', () => {
    const admin = caller('travelAgent');
    expect(seesAccountRecords(admin)).toBe(true);
    expect([mine, colleague, stranger].map((o) => customerSees(admin, o))).toEqual([true, true, false]);
  });

  it('a booker or traveller: their own only', () => {
    for (const p of [caller('travelAgent', 'booker'), caller('corporate', 'traveller')])
      expect([mine, colleague, stranger].map((o) => customerSees(p, o))).toEqual([true, false, false]);
  });

  it("a company's approver reads the company's; a retail user their own", () => {
    expect(customerSees(caller('corporate', 'approver'), colleague)).toBe(true);
    const retail = caller('retail');
    expect(seesAccountRecords(retail)).toBe(false);
    expect([mine, colleague].map((o) => customerSees(retail, o))).toEqual([true, false]);
  });
});
