import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgetPassword } from '@tp/contracts/endpoints/users';
import { MSG } from '@tp/contracts/messages';
import { useApiMutation } from '#api/hooks.ts';
import { applyServerErrors } from '#shared/forms.ts';
import { toastSuccess } from '#shared/notify.ts';

// Mounted only while the dialog is open, so each opening starts from the email typed on the login form.
function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const { trigger, isMutating } = useApiMutation(forgetPassword);
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: schemaResolver(forgetPassword.request, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await trigger(values);
      toastSuccess(MSG.resetMailSent);
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
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
        <Button type="submit" loading={isMutating}>
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
