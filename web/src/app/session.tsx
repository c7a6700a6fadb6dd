import useSWR from 'swr';
import { useLocation, useNavigate } from 'react-router-dom';
import { getUserBySessionId } from '#api/boot.ts';
import { call } from '#api/client.ts';
import { userStore, useUser } from '#shared/state.ts';
import { LOGOUT_PATH } from '#shared/redirects.ts';

// The schema-free copy of the endpoint: the users contract (zod, phone metadata) stays off this path.
const fetchSessionUser = () => call(getUserBySessionId, {}, { handling: 'none' });

/**
 * Once per page load, a stored user is checked against the session cookie. A fresh copy replaces
 * the stored one; any answer but "no network" means the session is gone, and the spec sends the
 * browser to logout (which clears the data and lands on login with redirectTo).
 */
export function SessionCheck() {
  const user = useUser();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const onLogout = pathname === LOGOUT_PATH;
  useSWR(user && !onLogout ? 'session-check' : null, fetchSessionUser, {
    revalidateOnMount: true,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    onSuccess: (fresh) => userStore.set(fresh),
    onError: (error: { status?: number }) => {
      if (error.status === 0) return;
      navigate(`${LOGOUT_PATH}?${new URLSearchParams({ redirectTo: pathname + search })}`, { replace: true });
    },
  });
  return null;
}
