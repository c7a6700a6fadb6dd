import { Button, Modal, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { changePassword } from '@tp/contracts/endpoints/users';
import { MSG } from '@tp/contracts/messages';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useApiMutation } from '#api/hooks.ts';
import { applyServerErrors } from '#shared/forms.ts';
import { toastSuccess } from '#shared/notify.ts';
import { LOGIN_PATH } from '#shared/redirects.ts';
import { clearUserData } from '#shared/storage.ts';

/**
 * Change Password from the user menu. The server ends every session of the user on success, so the
 * stored copy goes too and the user signs in again (spec 000 §8 "Password Changed! Redirecting…").
 */
export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { trigger, isMutating } = useApiMutation(changePassword);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(changePassword.request, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await trigger(values);
      toastSuccess(MSG.passwordChanged);
      onClose();
      clearUserData();
      navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <Modal opened onClose={onClose} title="Change Password" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            password={form.getInputProps('newPassword')}
            confirm={form.getInputProps('confirmPassword')}
            confirmLabel="Confirm new password"
          />
          <Button type="submit" loading={isMutating}>
            Change Password
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
