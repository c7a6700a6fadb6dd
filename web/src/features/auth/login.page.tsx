import { lazy, Suspense, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router-dom';
import { login } from '#api/boot.ts';
import { useAction } from '#api/action.ts';
import { useCurrentRoute } from '#shared/route-context.ts';
import { brandName, useSite } from '#shared/site.tsx';
import { FormCard } from '#shared/FormCard.tsx';
import { FLIGHT_HOME_PATH, FLIGHT_LOGIN_PATH, safeRedirect } from '#lib/redirects.ts';
import { userStore } from '#lib/state.ts';
import { EMAIL_VERIFIED, useLoginLinks } from './login-links.ts';

// Provider code (and Google's script) loads only on sites that configured a provider.
const SocialLogin = lazy(() => import('./social/SocialLogin.tsx'));
// The dialog (Modal, focus trap, floating UI) loads when first opened, not with the login screen.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })),
);

type LoginValues = { email: string; password: string };
let loginRules: ((values: LoginValues) => FormErrors) | undefined;
let loadingRules: Promise<unknown> | undefined;
/**
 * The form's rules (ZLogin) live in the users contract, which brings zod and the phone metadata: they
 * load once the visitor starts on the form (or submits), not before the screen's first paint. If they
 * cannot load, the submit goes ahead and the server's field errors show instead.
 */
const loadLoginRules = () =>
  (loadingRules ??= import('@tp/contracts/endpoints/users').then(
    ({ ZLogin }) => {
      loginRules = schemaResolver(ZLogin, { sync: true });
    },
    () => {
      loadingRules = undefined;
    },
  ));

/**
 * /login and /flight/login. A successful sign-in only stores the user: the route guard then sends
 * a signed-in visitor of a login page to redirectTo (or / , or /flight for the flight login).
 */
export default function LoginPage() {
  const site = useSite();
  const route = useCurrentRoute();
  const [search] = useSearchParams();
  const [forgotOpen, forgot] = useDisclosure(false);
  const emailVerified = useLoginLinks();
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: (values) => loginRules?.(values) ?? {},
  });
  const signIn = useAction(login, { form, onSuccess: (user) => userStore.set(user) });

  const submitValid = form.onSubmit((values) => void signIn.run(values));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void loadLoginRules().then(() => submitValid());
  };

  const googleClientId = site?.wlMeta.googleAuthClientId;
  const facebookAppId = site?.wlMeta.facebookAppId;
  const redirectTo =
    safeRedirect(search.get('redirectTo')) ?? (route?.path === FLIGHT_LOGIN_PATH ? FLIGHT_HOME_PATH : null);

  return (
    <FormCard title={`Login to ${brandName(site)}`}>
      {emailVerified && (
        <Alert color="green" role="status" title={EMAIL_VERIFIED}>
          Please sign in to continue.
        </Alert>
      )}
      <form onSubmit={submit} onFocus={() => void loadLoginRules()} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Anchor component="button" type="button" size="sm" onClick={forgot.open} style={{ alignSelf: 'flex-end' }}>
            Forgot password?
          </Anchor>
          <Button type="submit" loading={signIn.busy} fullWidth>
            Login
          </Button>
        </Stack>
      </form>
      {(googleClientId || facebookAppId) && (
        <>
          <Divider label="or" labelPosition="center" />
          <Suspense fallback={null}>
            <SocialLogin googleClientId={googleClientId} facebookAppId={facebookAppId} redirectTo={redirectTo} />
          </Suspense>
        </>
      )}
      <Text size="sm" ta="center">
        New here?{' '}
        <Anchor component={Link} to="/signup">
          Create an account
        </Anchor>
      </Text>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog opened onClose={forgot.close} initialEmail={form.values.email} />
        </Suspense>
      )}
    </FormCard>
  );
}
