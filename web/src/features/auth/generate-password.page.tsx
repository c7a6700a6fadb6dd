import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { generatePassword, verifyEmail } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { ApiError } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { FormCard } from '#shared/FormCard.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { LOGIN_PATH } from '#lib/redirects.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx';

const PASSWORD_SET = 'Your password has been set. Please log in.';

/**
 * A link that can no longer set a password (used, replaced by a newer one, the password changed since, or past its
 * hour): said plainly, with a way to ask for a new one instead of a form that cannot work.
 */
function DeadLink() {
  const [asking, ask] = useDisclosure(false);
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert" title="This link no longer works">
        {MSG.resetLinkInvalid}
      </Alert>
      <Button onClick={ask.open}>Ask for a new link</Button>
      <Button component={Link} to={LOGIN_PATH} variant="subtle">
        Go to login
      </Button>
      <ForgotPasswordDialog opened={asking} onClose={ask.close} initialEmail="" />
    </Stack>
  );
}

function SetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [dead, setDead] = useState(false);
  const { form, submit, busy } = useEndpointForm({
    endpoint: generatePassword,
    initialValues: { token, password: '', confirmPassword: '' },
    success: PASSWORD_SET,
    onSuccess: () => navigate(LOGIN_PATH, { replace: true }),
    onError: (err) => setDead(err instanceof ApiError && 'token' in err.fieldErrors),
  });
  if (dead) return <DeadLink />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NewPasswordFields password={form.getInputProps('password')} confirm={form.getInputProps('confirmPassword')} />
        <Button type="submit" loading={busy}>
          Set password
        </Button>
      </Stack>
    </form>
  );
}

/** The email-verification link: verifies once (SWR dedupes the call) and says how it went. */
function VerifyEmail({ token }: { token: string }) {
  const { data, error, isLoading } = useApi(verifyEmail, { token }, { revalidateIfStale: false });
  if (isLoading) return <PageLoader />;
  return (
    <Stack gap="sm">
      {data && <Alert color="green">Your email address is verified.</Alert>}
      {error && <Alert color="red">{error.envelope?.errorMessage || MSG.resetLinkInvalid}</Alert>}
      <Button component={Link} to={LOGIN_PATH}>
        Go to login
      </Button>
    </Stack>
  );
}

/** /generate_password?token= sets a password from an emailed link; ?verify= verifies an email address. */
export default function GeneratePasswordPage() {
  const [search] = useSearchParams();
  const verify = search.get('verify');
  const token = search.get('token');
  if (verify) {
    return (
      <FormCard title="Verify email">
        <VerifyEmail token={verify} />
      </FormCard>
    );
  }
  return <FormCard title="Set your password">{token ? <SetPasswordForm token={token} /> : <DeadLink />}</FormCard>;
}
