import { useState } from 'react';
import { Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { getLeGroups } from '@tp/contracts/endpoints/groups';
import { MARKUP_KINDS, type MarkupKind } from '@tp/contracts/endpoints/markup';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { CustomerGroupsPanel } from '#features/customers/index.ts';
import { KINDS } from './kinds.ts';
import { MarkupRules } from './MarkupRules.tsx';

type Tab = MarkupKind | 'groups';
const isTab = (v: string | null): v is Tab => v === 'groups' || (MARKUP_KINDS as readonly string[]).includes(v ?? '');

/** /flights/manage-markup: markup and discount rules per customer group (spec 000 §2, spec 001 §7). */
export default function ManageMarkupPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'default';
  const groups = useApi(getLeGroups, {});
  const [chosen, setChosen] = useState<string | null>(null);
  const group = groups.data?.find((g) => g.id === chosen) ?? groups.data?.find((g) => g.isDefault) ?? groups.data?.[0];

  const selectTab = (value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value && value !== 'default') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Manage Markup
      </Title>
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List>
          {MARKUP_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {KINDS[k].tab}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="groups">Customer Groups</Tabs.Tab>
        </Tabs.List>
        {MARKUP_KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <AsyncContent
              data={groups.data}
              error={groups.error}
              onRetry={() => void groups.mutate()}
              loadingLabel="Loading customer groups"
            >
              {() =>
                group ? (
                  <Stack gap="md">
                    <Select
                      label="Customer group"
                      data={(groups.data ?? []).map((g) => ({
                        value: g.id,
                        label: g.isDefault ? `${g.groupName} (Default)` : g.groupName,
                      }))}
                      value={group.id}
                      onChange={setChosen}
                      allowDeselect={false}
                      maw={360}
                    />
                    <MarkupRules
                      key={`${k}:${group.id}`}
                      config={KINDS[k]}
                      groupId={group.id}
                      groupName={group.groupName}
                    />
                  </Stack>
                ) : (
                  <Text c="dimmed" ta="center" py="lg" role="status">
                    Create a customer group first (Customer Groups tab).
                  </Text>
                )
              }
            </AsyncContent>
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="groups" pt="md">
          <CustomerGroupsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
