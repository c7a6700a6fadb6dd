import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import * as MSG from '@tp/contracts/messages';

/** A new password and its confirmation, with the password rules as the hint (set and change password). */
export function NewPasswordFields({
  password,
  confirm,
  confirmLabel = 'Confirm password',
}: {
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        required
        description={MSG.passwordRules}
        {...password}
      />
      <PasswordInput label={confirmLabel} autoComplete="new-password" required {...confirm} />
    </>
  );
}
