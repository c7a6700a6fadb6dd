import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  CONSOLE_MSG,
  inviteResellerAdmin,
  resendResellerAdminInvite,
  revokeResellerAdminInvite,
  type TReseller,
} from '@tp/contracts/endpoints/console';
import { ActionButton } from '#shared/ActionButton.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { formatDateTime } from '#shared/format.ts';
import { useAction } from '#api/action.ts';
import { InviteBadge } from './shared.tsx';

/** After a write: the page shows the reseller the call answered, and the trail its entry. */
export type Written = (reseller: TReseller) => void;

function InviteForm({ reseller, onWritten }: { reseller: TReseller; onWritten: Written }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: inviteResellerAdmin,
    initialValues: { name: '', email: '' },
    toRequest: (values) => ({ ...values, siteId: reseller.siteId }),
    success: (_r, input) => CONSOLE_MSG.adminInvited(input.email),
    onSuccess: (r) => {
      form.reset();
      onWritten(r);
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={busy}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The reseller's first super admin: invited by mail (a single-use, expiring link to set their own password),
 * sent again (the old link stops working) or revoked until they have set it. Nobody types their password here.
 */
export function AdminInvite({ reseller, onWritten }: { reseller: TReseller; onWritten: Written }) {
  const admin = reseller.admin;
  const siteId = reseller.siteId;
  const [inviting, setInviting] = useState(false);
  const resend = useAction(resendResellerAdminInvite, {
    success: () => CONSOLE_MSG.adminInviteResent(admin?.email ?? ''),
    onSuccess: onWritten,
  });
  const revoke = useAction(revokeResellerAdminInvite, {
    success: CONSOLE_MSG.adminInviteRevoked,
    onSuccess: onWritten,
  });

  if (!admin || (admin.state === 'revoked' && inviting))
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Invite the person who will run this reseller&apos;s site: they get a mail with a link to set their password,
          then sign in on the reseller&apos;s own domain.
        </Text>
        <InviteForm
          reseller={reseller}
          onWritten={(r) => {
            setInviting(false);
            onWritten(r);
          }}
        />
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{admin.name}</Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {admin.email}
        </Text>
        <InviteBadge state={admin.state} />
      </Group>
      <Text size="xs" c="dimmed">
        {admin.state === 'active'
          ? 'Has set a password and signs in on the reseller’s site.'
          : `Invited ${formatDateTime(admin.invitedAt)}`}
      </Text>
      {admin.state === 'invited' && (
        <Group gap="xs">
          <Button size="xs" variant="default" loading={resend.busy} onClick={() => void resend.run({ siteId })}>
            Send again
          </Button>
          <ActionButton
            label="Revoke invitation"
            subject={`of ${admin.email}`}
            variant="light"
            color="red"
            confirm="The link in the invitation stops working at once. You can invite someone afterwards."
            run={() => revoke.run({ siteId })}
          />
        </Group>
      )}
      {admin.state === 'revoked' && (
        <Group>
          <Button size="xs" onClick={() => setInviting(true)}>
            Invite someone
          </Button>
        </Group>
      )}
    </Stack>
  );
}
