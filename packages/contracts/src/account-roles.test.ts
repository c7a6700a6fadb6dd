import { describe, expect, it } from 'vitest';
import { accountRoleOf, isAccountAdmin, readsOwnRecordsOnly, seesWholeAccount } from './account-roles.ts';

describe('roles inside an agency or company account', () => {
  it('reads a user without a role as the admin of a one-member account', () => {
    expect(accountRoleOf({})).toBe('admin');
    expect(isAccountAdmin({ userType: 'travelAgent' })).toBe(true);
    expect(isAccountAdmin({ userType: 'corporate' })).toBe(true);
  });

  it('gives member management to agency and company admins only', () => {
    expect(isAccountAdmin({ userType: 'travelAgent', accountRole: 'booker' })).toBe(false);
    expect(isAccountAdmin({ userType: 'corporate', accountRole: 'approver' })).toBe(false);
    expect(isAccountAdmin({ userType: 'retail' })).toBe(false);
    expect(isAccountAdmin({ userType: 'staff' })).toBe(false);
  });

  it('lets the admin and an approver see the whole account, a booker or traveller their own records', () => {
    expect(seesWholeAccount({ userType: 'travelAgent' })).toBe(true);
    expect(seesWholeAccount({ userType: 'corporate', accountRole: 'approver' })).toBe(true);
    expect(seesWholeAccount({ userType: 'travelAgent', accountRole: 'booker' })).toBe(false);
    expect(seesWholeAccount({ userType: 'corporate', accountRole: 'traveller' })).toBe(false);
    expect(seesWholeAccount({ userType: 'retail' })).toBe(false);
    expect(readsOwnRecordsOnly({ accountRole: 'booker' })).toBe(true);
    expect(readsOwnRecordsOnly({ accountRole: 'traveller' })).toBe(true);
    expect(readsOwnRecordsOnly({ accountRole: 'approver' })).toBe(false);
    expect(readsOwnRecordsOnly({})).toBe(false);
  });
});
