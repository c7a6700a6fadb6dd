import { ActionIcon, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { changeMyPhoneDetails, PHONE_LABELS, type TPhoneEntry, type TUser } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { hasValidCountryCode, PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { useAction } from '#api/action.ts';
import { toastError } from '#lib/notify.ts';
import { PhoneInput } from '#shared/PhoneInput.tsx';
import { userStore } from '#lib/state.ts';
import { Modal } from '#shared/Modal.tsx';

type Label = TPhoneEntry['label'];
type Row = TPhoneEntry & { key: string };

const row = (label: Label, p?: TPhoneEntry): Row => ({
  key: randomId(),
  label,
  phoneNumber: p?.phoneNumber ?? '',
  // 'INVALID' (or an excluded country) means none: start from India, listed first.
  phoneCountryCode: p && hasValidCountryCode(p.phoneCountryCode) ? p.phoneCountryCode : PREFERRED_PHONE_COUNTRY,
});

/** The Primary number first (the server needs one), then the others in label order; each label once. */
function initialRows(phones: readonly TPhoneEntry[]): Row[] {
  return PHONE_LABELS.flatMap((label) => {
    const p = phones.find((x) => x.label === label);
    return p || label === 'Primary' ? [row(label, p)] : [];
  });
}

/**
 * Edits the signed-in user's phone numbers (user/changeMyPhoneDetails replaces them all): Primary is
 * required and always first; Secondary and Emergency are optional. Every number must be valid for
 * its country (the contract's rule), checked before the call.
 */
export default function PhoneNumbersDialog({ user, onClose }: { user: TUser; onClose: () => void }) {
  const form = useForm<{ phoneNumbers: Row[] }>({
    initialValues: { phoneNumbers: initialRows(user.phoneNumbers) },
    validate: schemaResolver(changeMyPhoneDetails.request, { sync: true }),
  });
  const rows = form.values.phoneNumbers;
  const used = new Set(rows.map((r) => r.label));
  const unused = PHONE_LABELS.filter((l) => !used.has(l));

  // This screen says its own failure message: the catalogue only navigates (401 and the like).
  const save = useAction(changeMyPhoneDetails, {
    call: { handling: 'navigation' },
    success: MSG.phoneUpdated,
    form,
    onSuccess: (updated) => {
      userStore.set(updated);
      onClose();
    },
    onError: () => toastError(MSG.phoneUpdateFailed),
  });
  const submit = form.onSubmit(
    ({ phoneNumbers }) => void save.run({ phoneNumbers: phoneNumbers.map(({ key: _key, ...p }) => p) }),
  );

  return (
    <Modal opened onClose={onClose} title="Phone numbers" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {rows.map((r, i) => (
            <Paper key={r.key} withBorder p="sm">
              <Stack gap="xs">
                {r.label === 'Primary' ? (
                  <Text size="sm" fw={600}>
                    Primary
                  </Text>
                ) : (
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Select
                      aria-label={`Label of the ${r.label} phone`}
                      data={PHONE_LABELS.filter((l) => l !== 'Primary' && (l === r.label || !used.has(l)))}
                      allowDeselect={false}
                      w={160}
                      size="xs"
                      {...form.getInputProps(`phoneNumbers.${i}.label`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove the ${r.label} phone`}
                      onClick={() => form.removeListItem('phoneNumbers', i)}
                    >
                      <svg
                        width="18"
                        height="18"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        aria-hidden
                      >
                        <path d="M6 6l12 12M18 6L6 18" />
                      </svg>
                    </ActionIcon>
                  </Group>
                )}
                <PhoneInput
                  label={`${r.label} phone`}
                  required
                  autoFocus={i === 0}
                  code={form.getInputProps(`phoneNumbers.${i}.phoneCountryCode`)}
                  number={form.getInputProps(`phoneNumbers.${i}.phoneNumber`)}
                />
              </Stack>
            </Paper>
          ))}
          {unused.length > 0 && (
            <Button
              variant="subtle"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => form.insertListItem('phoneNumbers', row(unused[0]!))}
            >
              Add {unused[0]} phone
            </Button>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.busy}>
              Save phone numbers
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
