import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  getNotificationPreferences,
  getPushKey,
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  saveNotificationPreferences,
  type TNotificationPreference,
} from '@tp/contracts/endpoints/notifications';
import { useAction } from '#api/action.ts';
import { ApiError } from '#api/client.ts';
import { useApi } from '#api/hooks.ts';
import { toastError, toastSuccess } from '#lib/notify.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { enablePush, pushSupported } from './push.ts';

type Permission = NotificationPermission | 'unsupported';
const permissionNow = (): Permission => (pushSupported() ? Notification.permission : 'unsupported');

/** Whether this browser can show the pushes the user chose, and the button that turns it on when it can. */
function BrowserPush({ wanted }: { wanted: boolean }) {
  const key = useApi(getPushKey, {});
  const [permission, setPermission] = useState<Permission>(permissionNow);
  const enable = useAction(enablePush, {
    onSuccess: (granted) => {
      if (granted) toastSuccess('Push notifications are on in this browser');
      setPermission(permissionNow());
    },
    onError: (error) => {
      // API failures were already reported by the client; browser refusals end here.
      if (!(error instanceof ApiError)) toastError('Notifications could not be enabled in this browser.');
      setPermission(permissionNow());
    },
  });
  if (!wanted || !key.data) return null;
  const publicKey = key.data.publicKey;
  if (!publicKey)
    return (
      <Text size="sm" c="dimmed">
        Push notifications are not available on this site.
      </Text>
    );
  if (permission === 'unsupported')
    return (
      <Text size="sm" c="dimmed">
        This browser cannot receive push notifications; choose mail to be told.
      </Text>
    );
  if (permission === 'denied')
    return (
      <Alert color="orange" variant="light" title="Push is blocked in this browser">
        Allow notifications for this site in the browser&apos;s settings to receive pushes here.
      </Alert>
    );
  if (permission === 'granted')
    return (
      <Text size="sm" c="dimmed">
        This browser shows your push notifications.
      </Text>
    );
  return (
    <Group gap="xs">
      <Text size="sm">Pushes reach only browsers where you turn them on.</Text>
      <Button size="xs" variant="light" loading={enable.busy} onClick={() => void enable.run(publicKey)}>
        Turn on push in this browser
      </Button>
    </Group>
  );
}

function PreferencesForm({ initial }: { initial: TNotificationPreference[] }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: saveNotificationPreferences,
    initialValues: { preferences: initial },
    success: NOTIFICATION_MSG.preferencesSaved,
    // The saved choices come back through the read, and the form starts again from them (its key).
    revalidate: [getNotificationPreferences],
  });
  const rows = form.getValues().preferences;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Table verticalSpacing="xs" aria-label="How you are told about each event">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Event</Table.Th>
              <Table.Th scope="col" ta="center" w={70}>
                Mail
              </Table.Th>
              <Table.Th scope="col" ta="center" w={70}>
                Push
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p, i) => {
              const label = NOTIFICATION_KINDS[p.kind].label;
              return (
                <Table.Tr key={p.kind}>
                  <Table.Th scope="row" fw={400}>
                    {label}
                  </Table.Th>
                  <Table.Td>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={`${label}: mail`}
                      {...form.getInputProps(`preferences.${i}.mail`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      mx="auto"
                      w="fit-content"
                      aria-label={`${label}: push`}
                      {...form.getInputProps(`preferences.${i}.push`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <BrowserPush wanted={rows.some((p) => p.push)} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!form.isDirty()}>
            Save preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The profile's Notifications panel: per kind of event offered to this user, mail, push, both or neither. */
export function NotificationPreferences() {
  const prefs = useApi(getNotificationPreferences, {});
  return (
    <Paper withBorder p={{ base: 'sm', xs: 'lg' }} component="section" aria-labelledby="notification-preferences">
      <Stack gap="sm">
        <Title order={2} size="h4" id="notification-preferences">
          Notifications
        </Title>
        <Text size="sm" c="dimmed">
          Choose how you are told about each event: by mail, by push to your browser, both or neither.
        </Text>
        <AsyncContent
          data={prefs.data}
          error={prefs.error}
          onRetry={() => void prefs.mutate()}
          loadingLabel="Loading notification preferences"
        >
          {(d) => <PreferencesForm key={JSON.stringify(d.preferences)} initial={d.preferences} />}
        </AsyncContent>
      </Stack>
    </Paper>
  );
}
