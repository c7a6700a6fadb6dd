import { useEffect } from 'react';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgetPassword } from '@tp/contracts/endpoints/users';
import { MSG } from '@tp/contracts/messages';
import { useApiMutation } from '#api/hooks.ts';
import { applyServerErrors } from '#shared/forms.ts';
import { toastSuccess } from '#shared/notify.ts';

/** "Forgot password?": mails a password link (users.forgetPassword). */
export function ForgotPasswordDialog({ opened, onClose, initialEmail }: { opened: boolean; onClose: () => void; initialEmail: string }) {
  const { trigger, isMutating } = useApiMutation(forgetPassword);
  const form = useForm({ initialValues: { email: '' }, validate: schemaResolver(forgetPassword.request, { sync: true }) });
  const { setFieldValue } = form;
  useEffect(() => {
    if (opened) setFieldValue('email', initialEmail);
  }, [opened, initialEmail, setFieldValue]);

  const submit = form.onSubmit(async (values) => {
    try {
      await trigger(values);
      toastSuccess(MSG.resetMailSent);
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Forgot password?" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Enter the email address of your account and we will send you a link to set a new password.
          </Text>
          <TextInput label="Email" type="email" autoComplete="email" required data-autofocus {...form.getInputProps('email')} />
          <Button type="submit" loading={isMutating}>
            Send link
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
