import { useState } from 'react';
import { Button, Dialog, Group, Text, getDefaultZIndex } from '@mantine/core';
import { getPushKey } from '@tp/contracts/endpoints/notifications';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { ApiError } from '#api/client.ts';
import { toastError } from '#lib/notify.ts';
import { enablePush, shouldOfferPush } from './push.ts';

const DISMISSED_KEY = 'tp.pushPromptDismissed';

export default function PushPrompt() {
  const [wanted, setOpen] = useState(() => shouldOfferPush() && !sessionStorage.getItem(DISMISSED_KEY));
  // The stage's key, read at run time: only asked when the prompt could be shown; none = no prompt.
  const key = useApi(getPushKey, wanted ? {} : null);
  const publicKey = key.data?.publicKey ?? null;
  const open = wanted && !!publicKey;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setOpen(false);
  };
  const enable = useAction(enablePush, {
    onSuccess: dismiss,
    onError: (error) => {
      // API failures were already reported by the client; browser refusals end here.
      if (!(error instanceof ApiError)) toastError('Notifications could not be enabled in this browser.');
      console.error(error);
      dismiss();
    },
  });
  const busy = enable.busy;
  const accept = () => publicKey && enable.run(publicKey);
  return (
    <Dialog
      opened={open}
      onClose={dismiss}
      // "Not now" closes it: Mantine's close icon here has no accessible name (axe: button-name).
      withCloseButton={false}
      position={{ bottom: 20, right: 20 }}
      // Under any modal (Mantine's sits at 200, a Dialog at 300): an open form's Save is never covered by it.
      zIndex={getDefaultZIndex('modal') - 1}
      size="md"
      role="dialog"
      aria-labelledby="push-prompt-title"
    >
      <Text id="push-prompt-title" fw={600} mb={4}>
        Enable notifications?
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Get notified about new bookings, change requests and payments even when this tab is in the background.
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={dismiss}>
          Not now
        </Button>
        <Button size="xs" loading={busy} onClick={() => void accept()}>
          Enable
        </Button>
      </Group>
    </Dialog>
  );
}
