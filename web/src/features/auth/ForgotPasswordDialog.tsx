import { Button, Stack, Text, TextInput } from '@mantine/core';
import { forgetPassword } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { useEndpointForm } from '#shared/form.ts';
import { Modal } from '#shared/Modal.tsx';

// Mounted only while the dialog is open, so each opening starts from the email typed on the login form.
function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: forgetPassword,
    initialValues: { email: initialEmail },
    success: MSG.resetMailSent,
    onSuccess: onDone,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we will send you a link to set a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={busy}>
          Send link
        </Button>
      </Stack>
    </form>
  );
}

/** "Forgot password?": mails a password link (users.forgetPassword). */
export function ForgotPasswordDialog({
  opened,
  onClose,
  initialEmail,
}: {
  opened: boolean;
  onClose: () => void;
  initialEmail: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Forgot password?" centered>
      {opened && <ForgotPasswordForm initialEmail={initialEmail} onDone={onClose} />}
    </Modal>
  );
}
