import { useState, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { Column } from '#shared/DataTable.tsx';
import { HistoryButton, type AuditEntity } from './history.tsx';
import { ServerTable, type ServerList } from './list.tsx';
import { DmcDialog } from './page.tsx';

/**
 * One master (of /staff/dmc_master, or the areas): its server-searched, paged list with Edit and History per row, and the
 * create/edit dialog (`form` renders the fields for a record, or for a new one when given null).
 */
export function MasterSection<R>({
  noun,
  plural,
  list,
  columns,
  rowKey,
  subject,
  entity,
  form,
  searchLabel,
  filters,
  empty,
  rowActions,
}: {
  /** "market", "accommodation"…: the buttons and dialog titles. */
  noun: string;
  /** "Markets", "Activities": the list's accessible name. */
  plural: string;
  list: ServerList<R>;
  columns: Column<R>[];
  rowKey: (row: R) => string;
  subject: (row: R) => string;
  entity: AuditEntity;
  form: (record: R | null, done: () => void, cancel: () => void) => ReactNode;
  searchLabel: string;
  filters?: ReactNode;
  empty: string;
  /** More buttons in each row (Delete), before History. */
  rowActions?: (row: R) => ReactNode;
}) {
  // undefined: closed; null: adding; a record: editing it.
  const [editing, setEditing] = useState<R | null | undefined>(undefined);
  const close = () => setEditing(undefined);
  const actions: Column<R> = {
    key: 'actions',
    header: '',
    render: (r) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Button size="xs" variant="light" onClick={() => setEditing(r)} aria-label={`Edit ${subject(r)}`}>
          Edit
        </Button>
        {rowActions?.(r)}
        <HistoryButton entity={entity} id={rowKey(r)} subject={subject(r)} />
      </Group>
    ),
  };
  const title = `${editing ? 'Edit' : 'Add'} ${noun}`;
  return (
    <Stack gap="md">
      <ServerTable
        list={list}
        label={plural}
        columns={[...columns, actions]}
        rowKey={rowKey}
        empty={empty}
        searchLabel={searchLabel}
        filters={filters}
        action={<Button onClick={() => setEditing(null)}>Add {noun}</Button>}
      />
      <DmcDialog opened={editing !== undefined} onClose={close} title={title}>
        {editing !== undefined &&
          form(
            editing,
            () => {
              close();
              void list.reload();
            },
            close,
          )}
      </DmcDialog>
    </Stack>
  );
}
