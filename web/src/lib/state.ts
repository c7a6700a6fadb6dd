import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import type { TUser } from '@tp/contracts/endpoints/users';
import type { TOperator } from '@tp/contracts/endpoints/console';
import { persisted, usePersisted } from './storage.ts';

/**
 * The two values the whole shell shares. The session itself is an HttpOnly cookie JS cannot read:
 * "logged in" means we hold a copy of the user, re-checked with getUserBySessionId at load.
 */
export const siteStore = persisted<TSiteDetails>('site', { keepOnLogout: true });
export const userStore = persisted<TUser>('user');

export const useStoredSite = () => usePersisted(siteStore);
export const useUser = () => usePersisted(userStore);

/**
 * User permission state (spec 000 §3): the keys the user's permission group grants, loaded with the
 * session check. The server enforces them; the shell only hides what it would refuse.
 */
export interface PermissionState {
  permissions: string[];
  isUserSuperAdmin: boolean;
}
export const permissionStore = persisted<PermissionState>('permissions');
export const usePermissionState = () => usePersisted(permissionStore);

/**
 * The platform console's signed-in operator (console host only; a site's pages never read it). Like the user, a
 * copy: the session is the console's HttpOnly cookie, checked with console/session at load.
 */
export const operatorStore = persisted<TOperator>('operator');
export const useOperator = () => usePersisted(operatorStore);
