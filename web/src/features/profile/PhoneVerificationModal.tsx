import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { changeMyPhoneDetails } from '@tp/contracts/endpoints/users';
import { MSG } from '@tp/contracts/messages';
import { ZValidPhoneEntry, type TPhoneEntry, type TUser } from '@tp/contracts/users';
import { hasValidCountryCode, isValidPhone, PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { call } from '#api/client.ts';
import { applyServerErrors } from '#shared/forms.ts';
import { toastError, toastSuccess } from '#shared/notify.ts';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { LOGOUT_PATH } from '#shared/redirects.ts';
import { userStore } from '#shared/state.ts';
import { needsPhoneUpdate, primaryPhone } from './phone-check.ts';

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

  if (!needsPhoneUpdate(user)) return null;

  const submit = form.onSubmit(async (primary) => {
    // The call replaces every number; keep the other numbers that are still valid.
    const others = user.phoneNumbers.filter(
      (p) => p.label !== 'Primary' && isValidPhone(p.phoneNumber, p.phoneCountryCode),
    );
    try {
      const updated = await call(
        changeMyPhoneDetails,
        { phoneNumbers: [primary, ...others] },
        { handling: 'navigation' },
      );
      userStore.set(updated);
      toastSuccess(MSG.phoneUpdated);
    } catch (error) {
      applyServerErrors(form, error, (field) =>
        field.startsWith('phoneNumbers.0.') ? field.slice('phoneNumbers.0.'.length) : field,
      );
      toastError(MSG.phoneUpdateFailed);
    }
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
          <Button type="submit" loading={form.submitting}>
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
