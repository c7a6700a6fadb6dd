import { useEffect, useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
// Schema-free copies: the users contract (zod, phone metadata) stays off the login screen.
import { facebookLogin, googleLogin } from '#api/boot.ts';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { toastError } from '#lib/notify.ts';
import { LOGIN_PATH } from '#lib/redirects.ts';
import { userStore } from '#lib/state.ts';
import { finishFacebookLogin, isFacebookReturn, startFacebookLogin } from './facebook.ts';
import { loadGoogleIdentity } from './google.ts';

function GoogleButton({ clientId }: { clientId: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { run: signIn } = useAction(googleLogin, { onSuccess: (user) => userStore.set(user) });
  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active || !holder.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          // The credential is Google's ID token; the server verifies it and signs the user in.
          callback: ({ credential }) => void signIn({ credential }),
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
  }, [clientId, signIn]);
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
  // Back from Facebook: Facebook's answer, then our sign-in, as one step; any failure returns to the plain login.
  const finish = useAction(
    async (returned: URLSearchParams) => {
      const done = await finishFacebookLogin(appId, returned).catch(() => null);
      if (!done) {
        if (returned.has('code')) toastError(MSG.socialLoginFailed);
        return null;
      }
      const user = await call(facebookLogin, { credential: done.idToken });
      // Put redirectTo back on the URL first: the login guard reads it once the user is stored.
      await navigate(
        done.redirectTo ? `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: done.redirectTo })}` : LOGIN_PATH,
        { replace: true },
      );
      userStore.set(user);
      return user;
    },
    {
      onSuccess: (user) => {
        if (!user) void navigate(LOGIN_PATH, { replace: true });
      },
      onError: () => void navigate(LOGIN_PATH, { replace: true }),
    },
  );
  const returning = isFacebookReturn(search);
  const handled = useRef(false);
  const { run } = finish;
  useEffect(() => {
    if (handled.current || !returning) return;
    handled.current = true;
    void run(search);
  }, [returning, run, search]);
  return (
    <Button
      variant="default"
      fullWidth
      loading={finish.busy || returning}
      onClick={() => void startFacebookLogin(appId, redirectTo)}
    >
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
