import useSWR from 'swr';
import { useLocation, useNavigate } from 'react-router-dom';
import { getPermissionsFromSession, getUserBySessionId } from '#api/boot.ts';
import { call } from '#api/client.ts';
import { nextTask } from '#lib/next-task.ts';
import { permissionStore, userStore, usePermissionState, useUser, type PermissionState } from '#lib/state.ts';
import { useAfterLoadIdle } from '#shared/idle.ts';
import { LOGOUT_PATH } from '#lib/redirects.ts';

// The schema-free copy of the endpoint: the users contract (zod, phone metadata) stays off this path.
// Both start in a task of their own, not the shell's commit (lib/next-task.ts).
const fetchSessionUser = () => nextTask().then(() => call(getUserBySessionId, {}, { handling: 'none' }));
// What the shell acts on. The catalogue's module tree is the permission editor's business, and the
// answer's `lastSyncAt` (a new time on every answer) is not kept: the same permissions stored again
// change nothing, so the shell is not rendered again on every page load.
const fetchPermissions = async (): Promise<PermissionState> => {
  await nextTask();
  const { permissions, isUserSuperAdmin } = await call(getPermissionsFromSession, {}, { handling: 'none' });
  return { permissions, isUserSuperAdmin };
};

/**
 * Once per page load, a stored user is checked against the session cookie. A fresh copy replaces
 * the stored one; any answer but "no network" means the session is gone, and the spec sends the
 * browser to logout (which clears the data and lands on login with redirectTo).
 */
export function SessionCheck() {
  const user = useUser();
  const stored = usePermissionState();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onLogout = pathname === LOGOUT_PATH;
  // The screen draws from the stored copies, so checking them waits until the opened screen has loaded and the
  // page is idle: on a phone their answers would otherwise share the connection and the main thread with the
  // screen's code and first read. Permissions not stored yet are what a staff screen waits for: asked at once.
  const settled = useAfterLoadIdle();
  useSWR(user && !onLogout && settled ? 'session-check' : null, fetchSessionUser, {
    revalidateOnMount: true,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    onSuccess: (fresh) => userStore.set(fresh),
    onError: (error: { status?: number }) => {
      if (error.status === 0) return;
      navigate(`${LOGOUT_PATH}?${new URLSearchParams({ redirectTo: pathname + search })}`, { replace: true });
    },
  });
  // Keyed by user: a sign-in as someone else (or a fresh copy after a group change) loads them again.
  // A failure keeps the stored state; the session check above handles a dead session.
  useSWR(user && !onLogout && (settled || !stored) ? ['session-permissions', user.id] : null, fetchPermissions, {
    revalidateOnMount: true,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    onSuccess: (state) => permissionStore.set(state),
  });
  return null;
}
