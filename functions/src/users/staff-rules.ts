/** Staff management's rules, without I/O. */
import { STAFF_MSG, type TStaffStatus } from '@tp/contracts/endpoints/staff';
import type { UserRecord } from './record.ts';

/** Invited until the link sets a password; deactivated while blocked; active otherwise. */
export function staffStatus(u: Pick<UserRecord, 'isBlocked' | 'passwordHash' | 'invitedAt'>): TStaffStatus {
  if (u.isBlocked) return 'deactivated';
  return u.invitedAt && !u.passwordHash ? 'invited' : 'active';
}

/**
 * Why `actor` may not change `target`'s access, or null. Nobody changes their own (a manager cannot lock
 * themselves out, nor widen their own rights); only a super admin changes a super admin's.
 */
export function staffChangeRefusal(
  actor: { userId: string; isSuperAdmin: boolean },
  target: Pick<UserRecord, 'userId' | 'isUserSuperAdmin'>,
): string | null {
  if (actor.userId === target.userId) return STAFF_MSG.cannotManageSelf;
  if (target.isUserSuperAdmin && !actor.isSuperAdmin) return STAFF_MSG.onlySuperAdminsManageSuperAdmins;
  return null;
}
