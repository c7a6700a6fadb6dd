import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { getRbacUserGroupList } from '@tp/contracts/endpoints/rbac';
import {
  changeStaffGroup,
  inviteStaff,
  listStaff,
  resendStaffInvite,
  revokeStaffInvite,
  setStaffActive,
  STAFF_MSG,
  STAFF_STATUS_LABELS,
  type TStaffMember,
  type TStaffStatus,
} from '@tp/contracts/endpoints/staff';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { usePermissionState, useUser } from '#lib/state.ts';
import { ActionButton } from '#shared/ActionButton.tsx';
import { CursorPager, useCursorPages } from '#shared/cursor-pages.tsx';
import { DataTable } from '#shared/DataTable.tsx';
import { FormDialog } from '#shared/FormDialog.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { formatDateTime } from '#shared/format.ts';
import { PermissionPage } from '#shared/PermissionPage.tsx';
import { useSite } from '#shared/site.tsx';
import { usePermission } from '#shared/usePermission.ts';
import { LoadFailed } from '#shared/LoadFailed.tsx';

const STATUS_COLOR: Record<TStaffStatus, string> = { invited: 'yellow', active: 'green', deactivated: 'gray' };
/** The Select's value for "no group": the staff defaults (the request sends null). */
const DEFAULTS = '';

const fullName = (m: Pick<TStaffMember, 'firstName' | 'lastName' | 'email'>) =>
  `${m.firstName} ${m.lastName}`.trim() || m.email;

function useGroups(enabled: boolean) {
  const groups = useApi(getRbacUserGroupList, enabled ? {} : null);
  return [
    { value: DEFAULTS, label: 'Staff defaults (no group)' },
    ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.groupName })),
  ];
}

/** Invite staff: name, address and, where the site has permission groups, the group they start in. */
function InviteForm({
  withGroups,
  superAdmin,
  onClose,
}: {
  withGroups: boolean;
  superAdmin: boolean;
  onClose: () => void;
}) {
  const groups = useGroups(withGroups);
  const { form, submit, busy } = useEndpointForm({
    endpoint: inviteStaff,
    initialValues: { name: '', email: '', role: 'staff', groupId: DEFAULTS },
    toRequest: (v) => ({
      name: v.name,
      email: v.email,
      role: v.role as 'staff' | 'superAdmin',
      ...(v.groupId ? { groupId: v.groupId } : {}),
    }),
    success: STAFF_MSG.invited,
    revalidate: [listStaff],
    onSuccess: onClose,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          They get a mail with a link to set their own password. The link works once and expires after three days.
        </Text>
        <TextInput label="Full name" required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        {superAdmin && (
          <Select
            label="Role"
            data={[
              { value: 'staff', label: 'Staff' },
              { value: 'superAdmin', label: 'Super admin (all rights)' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
        )}
        {withGroups && form.values.role === 'staff' && (
          <Select label="Permission group" data={groups} allowDeselect={false} {...form.getInputProps('groupId')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
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

function GroupForm({ member, onClose }: { member: TStaffMember; onClose: () => void }) {
  const groups = useGroups(true);
  const { form, submit, busy } = useEndpointForm({
    endpoint: changeStaffGroup,
    initialValues: { groupId: member.group?.id ?? DEFAULTS },
    toRequest: (v) => ({ userId: member.userId, groupId: v.groupId || null }),
    success: MSG.groupChanged,
    revalidate: [listStaff],
    onSuccess: onClose,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Permission group of{' '}
          <Text span fw={600}>
            {fullName(member)}
          </Text>
        </Text>
        <Select
          label="Permission group"
          data={groups}
          allowDeselect={false}
          data-autofocus
          {...form.getInputProps('groupId')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the caller may do with one member: nothing with their own access, nothing with a super admin's unless one. */
function MemberActions({
  member,
  withGroups,
  onGroup,
}: {
  member: TStaffMember;
  withGroups: boolean;
  onGroup: (m: TStaffMember) => void;
}) {
  const user = useUser();
  const superAdmin = usePermissionState()?.isUserSuperAdmin === true;
  const options = { revalidate: [listStaff] };
  const resend = useAction(resendStaffInvite, { ...options, success: STAFF_MSG.inviteResent });
  const revoke = useAction(revokeStaffInvite, { ...options, success: STAFF_MSG.inviteRevoked });
  // The server's message says which (deactivated or reactivated); this text stands in only without one.
  const activate = useAction(setStaffActive, { ...options, success: STAFF_MSG.deactivated });
  const name = fullName(member);
  if (member.userId === user?.id)
    return (
      <Text size="xs" c="dimmed">
        You
      </Text>
    );
  if (member.role === 'superAdmin' && !superAdmin)
    return (
      <Text size="xs" c="dimmed">
        Super admin
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {member.status === 'invited' && (
        <>
          <ActionButton
            label="Resend invite"
            subject={name}
            variant="light"
            run={() => resend.run({ userId: member.userId })}
          />
          <ActionButton
            label="Revoke invite"
            subject={name}
            variant="light"
            color="red"
            confirm={`${name} will not be able to use the invitation link, and the pending account is removed.`}
            run={() => revoke.run({ userId: member.userId })}
          />
        </>
      )}
      {withGroups && member.role === 'staff' && member.status !== 'deactivated' && (
        <Button size="xs" variant="light" aria-label={`Change group of ${name}`} onClick={() => onGroup(member)}>
          Change group
        </Button>
      )}
      {member.status === 'active' && (
        <ActionButton
          label="Deactivate"
          subject={name}
          variant="light"
          color="red"
          confirm={`${name} is signed out everywhere at once and cannot sign in until reactivated. Their history stays.`}
          run={() => activate.run({ userId: member.userId, active: false })}
        />
      )}
      {member.status === 'deactivated' && (
        <ActionButton
          label="Reactivate"
          subject={name}
          variant="light"
          run={() => activate.run({ userId: member.userId, active: true })}
        />
      )}
    </Group>
  );
}

/** A reseller's own team: who works on the site, in which group, when they last signed in. */
export default function StaffTeamPage() {
  const site = useSite();
  const allowed = usePermission('users.manage');
  const superAdmin = usePermissionState()?.isUserSuperAdmin === true;
  const withGroups = site?.wlMeta.canShowPermissionMenu === true;
  const list = useCursorPages(listStaff, allowed ? {} : null, { keepPreviousData: true });
  const [inviting, setInviting] = useState(false);
  const [grouping, setGrouping] = useState<TStaffMember | null>(null);

  return (
    <PermissionPage
      title="Staff"
      permission="users.manage"
      staffOnly
      id="staff-team"
      intro="Your team on this site. Invite people by mail (they choose their own password), deactivate someone who leaves (signed out at once, their history kept) and reactivate them."
      actions={<Button onClick={() => setInviting(true)}>Invite staff</Button>}
    >
      {list.error && !list.data && <LoadFailed onRetry={() => void list.mutate()} />}
      <DataTable<TStaffMember>
        label="Staff"
        rows={list.data?.records}
        loading={list.isLoading}
        empty="No staff yet. Invite your first team member."
        rowKey={(m) => m.userId}
        minWidth={880}
        columns={[
          {
            key: 'name',
            header: 'Name',
            render: (m) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {fullName(m)}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {m.email}
                </Text>
              </Stack>
            ),
          },
          { key: 'role', header: 'Role', render: (m) => (m.role === 'superAdmin' ? 'Super admin' : 'Staff') },
          {
            key: 'group',
            header: 'Permission group',
            render: (m) => (m.role === 'superAdmin' ? 'All rights' : (m.group?.groupName ?? 'Staff defaults')),
          },
          {
            key: 'status',
            header: 'Status',
            render: (m) => (
              <Stack gap={2}>
                <Badge color={STATUS_COLOR[m.status]} variant="light">
                  {STAFF_STATUS_LABELS[m.status]}
                </Badge>
                {m.inviteExpiresAt && (
                  <Text size="xs" c="dimmed">
                    Link valid until {formatDateTime(m.inviteExpiresAt)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'lastSignIn',
            header: 'Last sign-in',
            nowrap: true,
            render: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt) : 'Never'),
          },
          {
            key: 'actions',
            header: 'Actions',
            render: (m) => <MemberActions member={m} withGroups={withGroups} onGroup={setGrouping} />,
          },
        ]}
      />
      <CursorPager pages={list} />
      <FormDialog opened={inviting} onClose={() => setInviting(false)} title="Invite staff">
        <InviteForm withGroups={withGroups} superAdmin={superAdmin} onClose={() => setInviting(false)} />
      </FormDialog>
      <FormDialog opened={grouping !== null} onClose={() => setGrouping(null)} title="Change permission group">
        {grouping && <GroupForm member={grouping} onClose={() => setGrouping(null)} />}
      </FormDialog>
    </PermissionPage>
  );
}
