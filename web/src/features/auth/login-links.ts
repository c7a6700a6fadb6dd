import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { call } from '#api/client.ts';
import { withLoading } from '#shared/loading.tsx';
import { toastSuccess } from '#lib/notify.ts';
import { userStore } from '#lib/state.ts';

/** Our own wording: the specs quote no text for a verified address. */
export const EMAIL_VERIFIED = 'Your email address is verified.';

// Only a link needs the users contract (zod, phone metadata): the plain login screen loads without it.
const users = () => import('@tp/contracts/endpoints/users');

// One-time tokens: a token is used once per page load even when effects run twice (StrictMode).
const used = new Set<string>();
const firstUse = (token: string) => !used.has(token) && !!used.add(token);

/**
 * The one-time links that land on /login: `?sessionId=` (a jump-login hand-off from another site,
 * users.loginBySessionId) signs in and then continues as a normal login (the route guard sends a
 * signed-in visitor to redirectTo or /); `?verifyEmailToken=` (the verification mail) verifies the
 * address. The parameter leaves the address bar at once, so a reload or a shared URL never replays
 * it; failures are toasted by the error catalogue. Returns true once the address is verified.
 */
export function useLoginLinks(): boolean {
  const [search, setSearch] = useSearchParams();
  const [verified, setVerified] = useState(false);
  const sessionId = search.get('sessionId');
  const verifyToken = search.get('verifyEmailToken');

  useEffect(() => {
    if (!sessionId && !verifyToken) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('sessionId');
        next.delete('verifyEmailToken');
        return next;
      },
      { replace: true },
    );
    if (sessionId && firstUse(sessionId)) {
      withLoading(users().then(({ loginBySessionId }) => call(loginBySessionId, { sessionId })))
        .then((user) => userStore.set(user))
        .catch(() => undefined);
    }
    if (verifyToken && firstUse(verifyToken)) {
      users()
        .then(async ({ verifyEmail, getUserBySessionId }) => {
          await call(verifyEmail, { token: verifyToken });
          setVerified(true);
          // A signed-in visitor leaves the login page at once: tell them by toast, and refresh the stored user.
          if (userStore.get()) {
            toastSuccess(EMAIL_VERIFIED);
            userStore.set(await call(getUserBySessionId, {}, { handling: 'none' }));
          }
        })
        .catch(() => undefined);
    }
  }, [sessionId, verifyToken, setSearch]);

  return verified;
}
