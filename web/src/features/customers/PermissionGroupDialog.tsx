import { useState } from 'react';
import { Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useSWRConfig } from 'swr';
import type { TCustomer } from '@tp/contracts/customers';
import { addUserToRbacUserGroup, getRbacUserGroupList, getUserGroupByUserId } from '@tp/contracts/endpoints/rbac';
import { MSG } from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { apiKey, useApi } from '#api/hooks.ts';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { useCustomerCache } from './cache.ts';
import { displayName } from './format.ts';

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
  const { mutate } = useSWRConfig();
  const cache = useCustomerCache();
  const groups = useApi(getRbacUserGroupList, {});
  const current = useApi(getUserGroupByUserId, { userId: customer.id });
  const [choice, setChoice] = useState<string | null>(null);
  const currentId = current.data ? (current.data.group?.id ?? NONE) : null;
  const value = choice ?? currentId;

  const add = useAction(addUserToRbacUserGroup, {
    success: MSG.groupChanged,
    onSuccess: async (saved) => {
      await mutate(apiKey(getUserGroupByUserId, { userId: customer.id }), saved, { revalidate: false });
      cache.patch(
        (c) => c.id === saved.userId,
        (c) => ({ ...c, rbacUserGroupId: saved.group?.id ?? null, userGroupName: saved.group?.groupName ?? '' }),
      );
      onClose();
    },
  });
  const save = () => {
    if (value !== null) void add.run({ userId: customer.id, userGroupId: value === NONE ? null : value });
  };

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
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={24} />
          ))}
        </Stack>
      ) : (
        <Radio.Group label="Permission group" value={value ?? NONE} onChange={setChoice}>
          <Stack gap="xs" mt="xs">
            <Radio value={NONE} label="No group" />
            {(groups.data ?? []).map((g) => (
              <Radio key={g.id} value={g.id} label={g.groupName} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={add.busy} disabled={loading || value === currentId}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
