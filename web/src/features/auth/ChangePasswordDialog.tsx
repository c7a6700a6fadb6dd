import { Button, PasswordInput, Stack } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { changePassword } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { LOGIN_PATH } from '#lib/redirects.ts';
import { clearUserData } from '#lib/storage.ts';
import { Modal } from '#shared/Modal.tsx';

/**
 * Change Password from the user menu. The server ends every session of the user on success, so the
 * stored copy goes too and the user signs in again (spec 000 §8 "Password Changed! Redirecting…").
 */
export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { form, submit, busy } = useEndpointForm({
    endpoint: changePassword,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    success: MSG.passwordChanged,
    onSuccess: () => {
      onClose();
      clearUserData();
      navigate(LOGIN_PATH, { replace: true });
    },
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
          <Button type="submit" loading={busy}>
            Change Password
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
