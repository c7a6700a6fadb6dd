import { useState } from 'react';
import { Badge, Button, Grid, Group, NavLink, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import * as z from 'zod/mini';
import {
  getPermissionGroup,
  getRbacUserGroupList,
  getUsersByRbacUserGroup,
  savePermissionGroup,
  ZSavePermissionGroup,
} from '@tp/contracts/endpoints/rbac';
import * as MSG from '@tp/contracts/messages';
import type { ModuleState } from '@tp/domain/permissions';
import { useAction } from '#api/action.ts';
import { apiKey, useApi } from '#api/hooks.ts';
import { emptyModules, fromServer, PermissionEditor, toEdits } from './PermissionEditor.tsx';

/** The `group` search parameter of a group not saved yet. */
const NEW = 'new';
const ZGroupName = z.pick(ZSavePermissionGroup, { groupName: true });

function GroupForm({
  id,
  initialName,
  initialModules,
  onSaved,
}: {
  id: string | null;
  initialName: string;
  initialModules: ModuleState[];
  onSaved: (id: string) => void;
}) {
  const { mutate } = useSWRConfig();
  const [modules, setModules] = useState(initialModules);
  const form = useForm({
    initialValues: { groupName: initialName },
    validate: schemaResolver(ZGroupName, { sync: true }),
  });
  const save = useAction(savePermissionGroup, {
    success: MSG.groupSaved,
    form,
    revalidate: [getRbacUserGroupList],
    onSuccess: async (saved) => {
      await mutate(apiKey(getPermissionGroup, { id: saved.id }), saved, { revalidate: false });
      onSaved(saved.id);
    },
  });
  const submit = form.onSubmit(
    ({ groupName }) => void save.run({ ...(id ? { id } : {}), groupName, modules: toEdits(modules) }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={id ? `Edit ${initialName}` : 'New permission group'}>
      <Stack gap="md">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Group name"
            required
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('groupName')}
          />
          <Button type="submit" loading={save.busy}>
            {id ? 'Save group' : 'Create group'}
          </Button>
        </Group>
        <PermissionEditor modules={modules} onChange={setModules} />
      </Stack>
    </form>
  );
}

function Members({ groupId }: { groupId: string }) {
  const { data, isLoading } = useApi(getUsersByRbacUserGroup, { rbacUserGroupId: groupId });
  return (
    <Paper withBorder p="md" component="section" aria-label="Users in this group">
      <Title order={3} size="h5" mb="sm">
        Users in this group
      </Title>
      {isLoading && !data ? (
        <Stack gap={6} aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={18} />
          ))}
        </Stack>
      ) : data?.length ? (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((u) => (
            <Group key={u.id} component="li" gap="xs" wrap="wrap">
              <Text size="sm" fw={500}>
                {`${u.firstName} ${u.lastName}`.trim() || u.email}
              </Text>
              <Text size="sm" c="dimmed">
                {u.email}
              </Text>
              {u.isUserSuperAdmin && (
                <Badge size="xs" variant="light">
                  Super admin
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" role="status">
          {MSG.noResults}
        </Text>
      )}
    </Paper>
  );
}

function ExistingGroup({ id, onSaved }: { id: string; onSaved: (id: string) => void }) {
  const { data } = useApi(getPermissionGroup, { id });
  if (!data)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={36} />
        <Skeleton height={180} />
        <Skeleton height={180} />
      </Stack>
    );
  return (
    <Stack gap="md">
      <GroupForm
        key={`${data.id}:${data.permissions.join(',')}`}
        id={data.id}
        initialName={data.groupName}
        initialModules={fromServer(data.modules)}
        onSaved={onSaved}
      />
      <Members groupId={data.id} />
    </Stack>
  );
}

/** /staff/setting/permission-groups: RBAC permission groups, their permissions and their users. */
export default function PermissionGroupsPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('group');
  const { data: groups, isLoading } = useApi(getRbacUserGroupList, {});
  const select = (group: string) => setParams({ group }, { replace: true });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Permission Groups
        </Title>
        <Button onClick={() => select(NEW)}>New group</Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
          <Paper withBorder p="xs" component="nav" aria-label="Permission groups">
            {isLoading && !groups ? (
              <Stack gap={6} aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} height={32} />
                ))}
              </Stack>
            ) : groups?.length ? (
              groups.map((g) => (
                <NavLink
                  key={g.id}
                  component="button"
                  type="button"
                  label={g.groupName}
                  description={`${g.permissions.length} permissions`}
                  active={g.id === selected}
                  aria-current={g.id === selected ? 'true' : undefined}
                  onClick={() => select(g.id)}
                />
              ))
            ) : (
              <Text size="sm" c="dimmed" p="xs" role="status">
                {MSG.noResults}
              </Text>
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
          {selected === NEW ? (
            <GroupForm key={NEW} id={null} initialName="" initialModules={emptyModules()} onSaved={select} />
          ) : selected ? (
            <ExistingGroup key={selected} id={selected} onSaved={select} />
          ) : (
            <Text c="dimmed">Choose a group to see and change its permissions and users, or create a new one.</Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
