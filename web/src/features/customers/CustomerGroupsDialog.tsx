import { useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { getLeGroups, saveLeGroup, setDefaultLeGroup } from '@tp/contracts/endpoints/groups';
import type { TLeGroup } from '@tp/contracts/endpoints/groups';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { useSmallScreen } from '#shared/DataTable.tsx';
import { useEndpointForm } from '#shared/form.ts';
import { useConsumerCache, useCustomerCache } from './cache.ts';
import { Modal } from '#shared/Modal.tsx';

/** Creates a group (no id) or renames one. */
function GroupNameForm({ group, onDone, onCancel }: { group?: TLeGroup; onDone: () => void; onCancel?: () => void }) {
  const customers = useCustomerCache();
  const consumers = useConsumerCache();
  const { form, submit, busy } = useEndpointForm({
    endpoint: saveLeGroup,
    initialValues: { groupName: group?.groupName ?? '' },
    toRequest: ({ groupName }) => (group ? { id: group.id, groupName } : { groupName }),
    success: MSG.groupSaved,
    revalidate: [getLeGroups],
    onSuccess: () => {
      // A rename shows in every row of that group.
      if (group) {
        customers.refresh();
        consumers.refresh();
      }
      form.reset();
      onDone();
    },
  });
  const label = group ? `New name for ${group.groupName}` : 'New group name';
  return (
    <form onSubmit={submit} noValidate aria-label={group ? `Rename ${group.groupName}` : 'Add group'}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          required
          style={{ flex: 1 }}
          data-autofocus={group ? true : undefined}
          {...form.getInputProps('groupName')}
        />
        <Button type="submit" loading={busy}>
          {group ? 'Save' : 'Add group'}
        </Button>
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </form>
  );
}

function GroupItem({ group }: { group: TLeGroup }) {
  const [renaming, setRenaming] = useState(false);
  const makeDefault = useAction(setDefaultLeGroup, { success: MSG.groupSetDefault, revalidate: [getLeGroups] });
  return (
    <Paper withBorder p="sm" component="li">
      {renaming ? (
        <GroupNameForm group={group} onDone={() => setRenaming(false)} onCancel={() => setRenaming(false)} />
      ) : (
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={500}>{group.groupName}</Text>
            {group.isDefault && (
              <Badge variant="light" color="green">
                Default
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setRenaming(true)}
              aria-label={`Rename ${group.groupName}`}
            >
              Rename
            </Button>
            {!group.isDefault && (
              <Button
                size="xs"
                variant="light"
                loading={makeDefault.busy}
                onClick={() => void makeDefault.run({ groupId: group.id })}
                aria-label={`Set ${group.groupName} as default`}
              >
                Set as default
              </Button>
            )}
          </Group>
        </Group>
      )}
    </Paper>
  );
}

/**
 * The site's customer groups, the default one marked, with add / rename / set default: in the
 * Customer Groups dialog here and on the Manage Markup screen's Customer Groups tab.
 */
export function CustomerGroupsPanel({ active = true }: { active?: boolean }) {
  const { data, isLoading } = useApi(getLeGroups, active ? {} : null);
  return (
    <Stack gap="md">
      <GroupNameForm onDone={() => undefined} />
      {isLoading && !data ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Stack>
      ) : data?.length ? (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Customer groups"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.map((g) => (
            <GroupItem key={g.id} group={g} />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" ta="center" role="status">
          {MSG.noResults}
        </Text>
      )}
    </Stack>
  );
}

/** Customer Groups (the "Markup Groups" button): the site's groups, the default one marked. */
export function CustomerGroupsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const small = useSmallScreen();
  return (
    <Modal opened={opened} onClose={onClose} title="Customer Groups" size="lg" fullScreen={small}>
      <CustomerGroupsPanel active={opened} />
    </Modal>
  );
}
