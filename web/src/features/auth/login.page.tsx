import { lazy, Suspense } from 'react';
import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router-dom';
import { login } from '@tp/contracts/endpoints/users';
import { ZLogin } from '@tp/contracts/users';
import { useApiMutation } from '#api/hooks.ts';
import { useCurrentRoute } from '#app/route-context.ts';
import { brandName, useSite } from '#app/site.tsx';
import { FormCard } from '#shared/FormCard.tsx';
import { applyServerErrors } from '#shared/forms.ts';
import { FLIGHT_HOME_PATH, FLIGHT_LOGIN_PATH, safeRedirect } from '#shared/redirects.ts';
import { userStore } from '#shared/state.ts';
import { EMAIL_VERIFIED, useLoginLinks } from './login-links.ts';

// Provider code (and Google's script) loads only on sites that configured a provider.
const SocialLogin = lazy(() => import('./social/SocialLogin.tsx'));
// The dialog (Modal, focus trap, floating UI) loads when first opened, not with the login screen.
const ForgotPasswordDialog = lazy(() =>
  import('./ForgotPasswordDialog.tsx').then((m) => ({ default: m.ForgotPasswordDialog })),
);

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
  const { trigger, isMutating } = useApiMutation(login);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(ZLogin, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      userStore.set(await trigger(values));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

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
      <form onSubmit={submit} noValidate>
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
          <Button type="submit" loading={isMutating} fullWidth>
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
