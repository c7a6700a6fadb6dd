import { Anchor, Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { changeMyPhoneDetails, type TPhoneEntry, type TUser, ZValidPhoneEntry } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { hasValidCountryCode, isValidPhone, PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { useAction } from '#api/action.ts';
import { toastError } from '#lib/notify.ts';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { LOGOUT_PATH } from '#lib/redirects.ts';
import { userStore } from '#lib/state.ts';
import { needsPhoneUpdate, primaryPhone } from './phone-check.ts';
import { Modal } from '#shared/Modal.tsx';

/** A required dialog: the primary phone with a valid country code (users.changeMyPhoneDetails). */
export default function PhoneVerificationModal({ user }: { user: TUser }) {
  const current = primaryPhone(user);
  const form = useForm<TPhoneEntry>({
    initialValues: {
      label: 'Primary',
      phoneNumber: current?.phoneNumber ?? '',
      phoneCountryCode:
        current && hasValidCountryCode(current.phoneCountryCode) ? current.phoneCountryCode : PREFERRED_PHONE_COUNTRY,
    },
    validate: schemaResolver(ZValidPhoneEntry, { sync: true }),
  });

  // This screen says its own failure message: the catalogue only navigates (401 and the like).
  const save = useAction(changeMyPhoneDetails, {
    call: { handling: 'navigation' },
    success: MSG.phoneUpdated,
    form,
    field: (field) => (field.startsWith('phoneNumbers.0.') ? field.slice('phoneNumbers.0.'.length) : field),
    onSuccess: (updated) => userStore.set(updated),
    onError: () => toastError(MSG.phoneUpdateFailed),
  });

  if (!needsPhoneUpdate(user)) return null;

  const submit = form.onSubmit((primary) => {
    // The call replaces every number; keep the other numbers that are still valid.
    const others = user.phoneNumbers.filter(
      (p) => p.label !== 'Primary' && isValidPhone(p.phoneNumber, p.phoneCountryCode),
    );
    void save.run({ phoneNumbers: [primary, ...others] });
  });

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Verify your phone number"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Please confirm your primary phone number with its country code to continue.</Text>
          <PhoneInput
            label="Primary phone"
            required
            autoFocus
            code={form.getInputProps('phoneCountryCode')}
            number={form.getInputProps('phoneNumber')}
          />
          <Button type="submit" loading={save.busy}>
            Save phone number
          </Button>
          <Anchor component={Link} to={LOGOUT_PATH} size="sm" ta="center">
            Logout
          </Anchor>
        </Stack>
      </form>
    </Modal>
  );
}
