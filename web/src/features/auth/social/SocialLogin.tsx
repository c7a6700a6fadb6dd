import { useEffect, useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
// Schema-free copies: the users contract (zod, phone metadata) stays off the login screen.
import { facebookLogin, googleLogin } from '#api/boot.ts';
import { MSG } from '@tp/contracts/messages';
import { call } from '#api/client.ts';
import { toastError } from '#shared/notify.ts';
import { LOGIN_PATH } from '#shared/redirects.ts';
import { userStore } from '#shared/state.ts';
import { finishFacebookLogin, isFacebookReturn, startFacebookLogin } from './facebook.ts';
import { loadGoogleIdentity } from './google.ts';

function GoogleButton({ clientId }: { clientId: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active || !holder.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          // The credential is Google's ID token; the server verifies it and signs the user in.
          callback: ({ credential }) => {
            call(googleLogin, { credential })
              .then((user) => userStore.set(user))
              .catch(() => undefined);
          },
        });
        google.accounts.id.renderButton(holder.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          width: 300,
        });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [clientId]);
  if (failed) return null;
  return (
    <div
      ref={holder}
      aria-label="Sign in with Google"
      style={{ display: 'flex', justifyContent: 'center', minHeight: 44 }}
    />
  );
}

function FacebookButton({ appId, redirectTo }: { appId: string; redirectTo: string | null }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(() => isFacebookReturn(search));
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || !isFacebookReturn(search)) return;
    handled.current = true;
    (async () => {
      const done = await finishFacebookLogin(appId, search).catch(() => null);
      if (!done) {
        if (search.has('code')) toastError(MSG.socialLoginFailed);
        navigate(LOGIN_PATH, { replace: true });
        setBusy(false);
        return;
      }
      try {
        const user = await call(facebookLogin, { credential: done.idToken });
        // Put redirectTo back on the URL first: the login guard reads it once the user is stored.
        await navigate(
          done.redirectTo ? `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: done.redirectTo })}` : LOGIN_PATH,
          { replace: true },
        );
        userStore.set(user);
      } catch {
        navigate(LOGIN_PATH, { replace: true });
        setBusy(false);
      }
    })();
  }, [appId, search, navigate]);
  return (
    <Button variant="default" fullWidth loading={busy} onClick={() => void startFacebookLogin(appId, redirectTo)}>
      Continue with Facebook
    </Button>
  );
}

/** Google and Facebook sign-in, each shown only when the site configured it (wlMeta). */
export default function SocialLogin({
  googleClientId,
  facebookAppId,
  redirectTo,
}: {
  googleClientId?: string;
  facebookAppId?: string;
  redirectTo: string | null;
}) {
  return (
    <Stack gap="xs" align="stretch">
      {googleClientId && <GoogleButton clientId={googleClientId} />}
      {facebookAppId && <FacebookButton appId={facebookAppId} redirectTo={redirectTo} />}
    </Stack>
  );
}
