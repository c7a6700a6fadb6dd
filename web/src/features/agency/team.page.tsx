import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { ACCOUNT_ROLE_LABELS, INVITABLE_ROLES, type AccountRole } from '@tp/contracts/account-roles';
import {
  AGENCY_MSG,
  deactivateMember,
  getMembers,
  inviteMember,
  reactivateMember,
  resendInvite,
  type MemberStatus,
  type TMember,
} from '@tp/contracts/endpoints/agency';
import { useAction } from '#api/action.ts';
import { useUser } from '#lib/state.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable, type Column } from '#shared/DataTable.tsx';
import { FormDialog } from '#shared/FormDialog.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { formatDate } from '#shared/format.ts';
import { StatusBadge } from '#shared/StatusBadge.tsx';

const STATUS_COLOR: Record<MemberStatus, string> = { invited: 'yellow', active: 'green', deactivated: 'gray' };
const STATUS_LABEL: Record<MemberStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  deactivated: 'Deactivated',
};

const fullName = (m: Pick<TMember, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();

/** The invitation: who, and their role when the account has more than one to give (a company's). */
function InviteForm({ roles, onDone }: { roles: readonly AccountRole[]; onDone: () => void }) {
  const { form, submit, busy } = useEndpointForm({
    endpoint: inviteMember,
    initialValues: { email: '', name: '', role: roles[0] ?? 'booker' },
    success: AGENCY_MSG.invited,
    revalidate: [getMembers],
    onSuccess: onDone,
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Invite a member">
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('email')}
        />
        <TextInput label="Full name" required autoComplete="off" {...form.getInputProps('name')} />
        {roles.length > 1 && (
          <Select
            label="Role"
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: r, label: ACCOUNT_ROLE_LABELS[r] }))}
            {...form.getInputProps('role')}
          />
        )}
        <Text size="sm" c="dimmed">
          They get a mail with a link to set their password. They book with your account&apos;s wallet and credit line.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the admin may do with one member: resend a pending invitation, deactivate, reactivate. */
function MemberActions({ member }: { member: TMember }) {
  const options = { revalidate: [getMembers] } as const;
  const resend = useAction(resendInvite, { ...options, success: AGENCY_MSG.inviteResent });
  const deactivate = useAction(deactivateMember, { ...options, success: AGENCY_MSG.deactivated });
  const reactivate = useAction(reactivateMember, { ...options, success: AGENCY_MSG.reactivated });
  if (member.role === 'admin')
    return (
      <Text size="sm" c="dimmed">
        Account admin
      </Text>
    );
  const name = fullName(member) || member.email;
  return (
    <Group gap="xs" wrap="wrap">
      {member.status === 'invited' && (
        <ActionButton
          label="Resend invitation"
          subject={name}
          variant="light"
          run={() => resend.run({ userId: member.userId })}
        />
      )}
      {member.status === 'deactivated' ? (
        <ActionButton
          label="Reactivate"
          subject={name}
          variant="light"
          run={() => reactivate.run({ userId: member.userId })}
        />
      ) : (
        <ActionButton
          label="Deactivate"
          subject={name}
          color="red"
          variant="light"
          confirm={`${name} will be signed out at once and cannot sign in until you reactivate them. Their bookings stay with your account.`}
          run={() => deactivate.run({ userId: member.userId })}
        />
      )}
    </Group>
  );
}

const COLUMNS: Column<TMember>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (m) => (
      <div>
        <Text size="sm" fw={500}>
          {fullName(m) || '—'}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {m.email}
        </Text>
      </div>
    ),
  },
  { key: 'role', header: 'Role', render: (m) => ACCOUNT_ROLE_LABELS[m.role] },
  {
    key: 'status',
    header: 'Status',
    render: (m) => <StatusBadge status={STATUS_LABEL[m.status]} color={STATUS_COLOR[m.status]} />,
  },
  { key: 'since', header: 'Added on', nowrap: true, render: (m) => formatDate(m.createdAt) },
  { key: 'actions', header: 'Actions', render: (m) => <MemberActions member={m} /> },
];

/**
 * /my-team: the admin of an agency or company account sees its members (who share its wallet, credit line and
 * invoices), invites new ones by mail, and deactivates or reactivates them.
 */
export default function TeamPage() {
  const user = useUser();
  const roles = (user && INVITABLE_ROLES[user.userType]) ?? [];
  const [inviting, setInviting] = useState(false);
  const list = useCursorPages(getMembers, { limit: 20 });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            My team
          </Title>
          <Text size="sm" c="dimmed">
            Everyone here books as your account: one wallet, one credit line, one set of invoices.
          </Text>
        </div>
        {roles.length > 0 && <Button onClick={() => setInviting(true)}>Invite member</Button>}
      </Group>
      <DataTable
        label="Team members"
        rows={list.data?.records}
        loading={list.isLoading}
        columns={COLUMNS}
        rowKey={(m) => m.userId}
        empty="Nobody in your team yet"
        minWidth={640}
      />
      <CursorPager pages={list} />
      <FormDialog opened={inviting} onClose={() => setInviting(false)} title="Invite a member">
        <InviteForm roles={roles} onDone={() => setInviting(false)} />
      </FormDialog>
    </Stack>
  );
}
