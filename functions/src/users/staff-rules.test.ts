import { describe, expect, it } from 'vitest';
import { STAFF_MSG } from '@tp/contracts/endpoints/staff';
import { staffChangeRefusal, staffStatus } from './staff-rules.ts';

describe('staffStatus', () => {
  it('is invited until a password is set, deactivated while blocked, else active', () => {
    expect(staffStatus({ isBlocked: false, invitedAt: '2026-11-28T10:00:00.000Z' })).toBe('invited');
    expect(staffStatus({ isBlocked: false, invitedAt: '2026-11-28T10:00:00.000Z', passwordHash: 'h' })).toBe('active');
    expect(staffStatus({ isBlocked: true, invitedAt: '2026-11-28T10:00:00.000Z' })).toBe('deactivated');
    expect(staffStatus({ isBlocked: true, passwordHash: 'h' })).toBe('deactivated');
    // Seeded staff were never invited.
    expect(staffStatus({ isBlocked: false, passwordHash: 'h' })).toBe('active');
  });
});

describe('staffChangeRefusal', () => {
  const admin = { userId: 'a', isSuperAdmin: true };
  const manager = { userId: 'm', isSuperAdmin: false };
  it('refuses a change of one’s own access', () => {
    expect(staffChangeRefusal(admin, { userId: 'a', isUserSuperAdmin: true })).toBe(STAFF_MSG.cannotManageSelf);
    expect(staffChangeRefusal(manager, { userId: 'm', isUserSuperAdmin: false })).toBe(STAFF_MSG.cannotManageSelf);
  });
  it('leaves super admins to super admins', () => {
    expect(staffChangeRefusal(manager, { userId: 'a', isUserSuperAdmin: true })).toBe(
      STAFF_MSG.onlySuperAdminsManageSuperAdmins,
    );
    expect(staffChangeRefusal(admin, { userId: 'b', isUserSuperAdmin: true })).toBeNull();
    expect(staffChangeRefusal(manager, { userId: 's', isUserSuperAdmin: false })).toBeNull();
  });
});
