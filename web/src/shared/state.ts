import type { TSiteDetails } from '@tp/contracts/site';
import type { TUser } from '@tp/contracts/users';
import { persisted, usePersisted } from './storage.ts';

/**
 * The two values the whole shell shares. The session itself is an HttpOnly cookie JS cannot read:
 * "logged in" means we hold a copy of the user, re-checked with getUserBySessionId at load.
 */
export const siteStore = persisted<TSiteDetails>('site', { keepOnLogout: true });
export const userStore = persisted<TUser>('user');

export const useStoredSite = () => usePersisted(siteStore);
export const useUser = () => usePersisted(userStore);
