import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { TMarkupSetting } from '@tp/contracts/endpoints/markup';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useCursorList } from '#shared/cursor-pages.tsx';
import { DataTable, useSmallScreen, type Column } from '#shared/DataTable.tsx';
import { ActionButton } from '#shared/ActionButton.tsx';
import { amountLabel, ruleSubject, type KindConfig } from './kinds.ts';
import { MarkupForm } from './MarkupForm.tsx';
import { Modal } from '#shared/Modal.tsx';

export const NO_MARKUPS = 'No markup set for this group yet.';

/** One tab of the Manage Markup screen: the chosen group's rules of a kind, add / edit / delete. */
export function MarkupRules({
  config,
  groupId,
  groupName,
}: {
  config: KindConfig;
  groupId: string;
  groupName: string;
}) {
  const small = useSmallScreen();
  // A group's rules of one kind, page after page ("Load more"): rules per group are usually few.
  const { records: rows, isLoading, hasMore, more, reload } = useCursorList(config.list, { groupId });
  // undefined: closed; null: adding; a rule: editing it.
  const [editing, setEditing] = useState<TMarkupSetting | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  const remove = useAction(config.remove, { success: MSG.settingSaved, onSuccess: () => reload() });

  const columns: Column<TMarkupSetting>[] = [
    ...(config.target
      ? [{ key: 'target', header: config.target.header, render: config.target.render, nowrap: true }]
      : []),
    {
      key: 'markup',
      header: 'Markup',
      render: (r) => amountLabel(r.markupType, r.markupValue, r.applyPer),
    },
    {
      key: 'discount',
      header: 'Discount',
      render: (r) => amountLabel(r.discountType, r.discountValue, r.applyPer),
    },
    {
      key: 'actions',
      header: '',
      render: (r) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(r)} aria-label={`Edit ${ruleSubject(config, r)}`}>
            Edit
          </Button>
          <ActionButton
            label="Delete"
            subject={ruleSubject(config, r)}
            color="red"
            variant="subtle"
            confirm="The markup and discount stop applying from the next search."
            run={() => remove.run({ markupId: r.markupId })}
          />
        </Group>
      ),
    },
  ];

  const canAdd = !config.single || (rows !== undefined && rows.length === 0);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {config.single
            ? `Applies to airlines without their own rule, for customers in ${groupName}.`
            : `Customers in ${groupName}.`}
        </Text>
        {canAdd && (
          <Button onClick={() => setEditing(null)} disabled={rows === undefined}>
            Add markup
          </Button>
        )}
      </Group>
      <DataTable
        label={`${config.tab} of ${groupName}`}
        rows={rows}
        columns={columns}
        rowKey={(r) => r.markupId}
        loading={isLoading}
        empty={NO_MARKUPS}
        minWidth={480}
      />
      {hasMore && (
        <Button variant="default" onClick={more} style={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
      <Modal
        opened={editing !== undefined}
        onClose={close}
        title={editing ? `Edit ${config.tab}` : `Add ${config.tab}`}
        fullScreen={small}
      >
        {editing !== undefined && (
          <MarkupForm
            config={config}
            groupId={groupId}
            rule={editing ?? undefined}
            onCancel={close}
            onSaved={() => {
              close();
              void reload();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
