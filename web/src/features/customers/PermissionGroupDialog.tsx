import { Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSWRConfig } from 'swr';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import type { RequestOf } from '@tp/contracts/endpoint';
import { addUserToRbacUserGroup, getRbacUserGroupList, getUserGroupByUserId } from '@tp/contracts/endpoints/rbac';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { apiKey, useApi } from '#api/hooks.ts';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { useCustomerCache } from './cache.ts';
import { displayName } from './format.ts';
import { Modal } from '#shared/Modal.tsx';

/** The radio value of "No group" (the request sends null). */
const NONE = '';

/** Select Permission Group: puts a staff user in an RBAC group, or takes them out ("No group"). */
export function PermissionGroupDialog({ customer, onClose }: { customer: TCustomer | null; onClose: () => void }) {
  const small = useSmallScreen();
  return (
    <Modal opened={customer !== null} onClose={onClose} title="Select Permission Group" fullScreen={small}>
      {customer && <PermissionGroupBody key={customer.id} customer={customer} onClose={onClose} />}
    </Modal>
  );
}

function PermissionGroupBody({ customer, onClose }: { customer: TCustomer; onClose: () => void }) {
  const groups = useApi(getRbacUserGroupList, {});
  const current = useApi(getUserGroupByUserId, { userId: customer.id });
  const loading = (groups.isLoading && !groups.data) || (current.isLoading && !current.data);
  return (
    <Stack gap="md">
      <Text size="sm">
        Permission group of{' '}
        <Text span fw={600}>
          {displayName(customer)}
        </Text>
      </Text>
      {loading ? (
        <>
          <Stack gap="xs" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={24} />
            ))}
          </Stack>
          <Buttons onClose={onClose} />
        </>
      ) : (
        // Mounted once the current group is known: it is the form's initial value (Save waits for a change).
        <PermissionGroupForm
          userId={customer.id}
          currentId={current.data?.group?.id ?? null}
          groups={groups.data ?? []}
          onClose={onClose}
        />
      )}
    </Stack>
  );
}

function PermissionGroupForm({
  userId,
  currentId,
  groups,
  onClose,
}: {
  userId: string;
  currentId: string | null;
  groups: readonly { id: string; groupName: string }[];
  onClose: () => void;
}) {
  const { mutate } = useSWRConfig();
  const cache = useCustomerCache();
  const form = useForm<RequestOf<typeof addUserToRbacUserGroup>>({
    initialValues: { userId, userGroupId: currentId },
    validate: schemaResolver(addUserToRbacUserGroup.request, { sync: true }),
  });
  const add = useAction(addUserToRbacUserGroup, {
    success: MSG.groupChanged,
    form,
    onSuccess: async (saved) => {
      await mutate(apiKey(getUserGroupByUserId, { userId }), saved, { revalidate: false });
      cache.patch(
        (c) => c.id === saved.userId,
        (c) => ({ ...c, rbacUserGroupId: saved.group?.id ?? null, userGroupName: saved.group?.groupName ?? '' }),
      );
      onClose();
    },
  });
  const submit = form.onSubmit((values) => void add.run(values));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group
          label="Permission group"
          {...form.getInputProps('userGroupId')}
          value={form.values.userGroupId ?? NONE}
          onChange={(v) => form.setFieldValue('userGroupId', v === NONE ? null : v)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value={NONE} label="No group" />
            {groups.map((g) => (
              <Radio key={g.id} value={g.id} label={g.groupName} />
            ))}
          </Stack>
        </Radio.Group>
        <Buttons onClose={onClose} busy={add.busy} changed={form.isDirty()} />
      </Stack>
    </form>
  );
}

/** Cancel and Save; Save submits the form, and stays disabled while loading or unchanged. */
function Buttons({
  onClose,
  busy = false,
  changed = false,
}: {
  onClose: () => void;
  busy?: boolean;
  changed?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" loading={busy} disabled={!changed}>
        Save
      </Button>
    </Group>
  );
}
