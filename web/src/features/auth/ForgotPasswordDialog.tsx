import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgetPassword } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { Modal } from '#shared/Modal.tsx';

// Mounted only while the dialog is open, so each opening starts from the email typed on the login form.
function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: schemaResolver(forgetPassword.request, { sync: true }),
  });
  const send = useAction(forgetPassword, { success: MSG.resetMailSent, onSuccess: onDone, form });
  const submit = form.onSubmit((values) => void send.run(values));
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
        <Button type="submit" loading={send.busy}>
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
