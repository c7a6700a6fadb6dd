import type { TUser } from '@tp/contracts/endpoints/users';
import { usePermissionState, useUser, type PermissionState } from '#lib/state.ts';

/**
 * Whether the user may use something guarded by a permission key, as the server decides it
 * (functions/src/lib/http.ts): permissions bind staff only, so customers pass (their own switches and
 * the endpoint's `auth` govern them). Staff pass only once their permissions are loaded and hold the key,
 * so a staff action is never offered just to answer 403.
 */
export function holdsPermission(
  user: Pick<TUser, 'userType'> | null,
  state: Pick<PermissionState, 'permissions'> | null,
  key: string,
): boolean {
  if (!user) return false;
  if (user.userType !== 'staff') return true;
  return !!state?.permissions.includes(key);
}

export function usePermission(key: string): boolean {
  return holdsPermission(useUser(), usePermissionState(), key);
}
