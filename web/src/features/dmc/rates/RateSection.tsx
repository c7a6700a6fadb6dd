import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { KeyedMutator } from 'swr';
import {
  DMC_MSG,
  type changeTourOptionTicketRatePriority,
  type changeTourOptionTransferRatePriority,
  type deleteTourOptionTicketRates,
  type deleteTourOptionTransferRates,
} from '@tp/contracts/endpoints/dmc';
import { dragToNewPriority, reorder } from '@tp/domain/dmc';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import type { Column } from '#shared/DataTable.tsx';
import { ActionButton } from '#shared/ActionButton.tsx';
import { HistoryButton, type AuditEntity } from '../shared/history.tsx';
import { DmcDialog } from '../shared/page.tsx';
import { PriorityTable } from './PriorityTable.tsx';

interface Rate {
  id: string;
  marketId: string;
}

type Reorder = typeof changeTourOptionTicketRatePriority | typeof changeTourOptionTransferRatePriority;
type Remove = typeof deleteTourOptionTicketRates | typeof deleteTourOptionTransferRates;

/**
 * One kind of rate of a tour option (ticket or transfer): the whole list in priority order, reordered by drag
 * or Move up/down (`newPriority` sent bottom first, §4, through the domain's dragToNewPriority), created,
 * edited, deleted, with each rate's history. With a market chosen only its rates show; a move then swaps a
 * rate with the shown neighbour, and the other markets' rates keep their places.
 */
export function RateSection<R extends Rate>({
  title,
  noun,
  entity,
  tourOptionId,
  rates,
  mutate,
  marketId,
  columns,
  subject,
  reorderEndpoint,
  removeEndpoint,
  form,
  minWidth,
}: {
  title: string;
  noun: string;
  entity: AuditEntity;
  tourOptionId: string;
  /** Every rate of the tour option, highest priority first; undefined while loading. */
  rates: R[] | undefined;
  mutate: KeyedMutator<R[]>;
  marketId: string | null;
  columns: Column<R>[];
  subject: (rate: R) => string;
  reorderEndpoint: Reorder;
  removeEndpoint: Remove;
  form: (rate: R | null, all: R[], done: () => void, cancel: () => void) => ReactNode;
  minWidth?: number;
}) {
  const [editing, setEditing] = useState<R | null | undefined>(undefined);
  const all = rates ?? [];
  const shown = marketId ? all.filter((r) => r.marketId === marketId) : all;
  const close = () => setEditing(undefined);

  // The new order shows at once and is put back if the server refuses it (the client has said why). The
  // endpoint answers the rates of the kind this section lists, in their new order.
  const saveOrder = (from: number, to: number) =>
    call(reorderEndpoint, {
      tourOptionId,
      newPriority: dragToNewPriority(
        all.map((r) => r.id),
        from,
        to,
      ),
    }) as unknown as Promise<R[]>;
  const reorderRates = useAction(
    ({ from, to }: { from: number; to: number }) =>
      mutate(saveOrder(from, to), {
        optimisticData: reorder(all, from, to),
        rollbackOnError: true,
        populateCache: true,
        revalidate: false,
      }),
    { success: DMC_MSG.priorityChanged },
  );
  const move = (from: number, to: number) => {
    const ids = all.map((r) => r.id);
    void reorderRates.run({ from: ids.indexOf(shown[from]!.id), to: ids.indexOf(shown[to]!.id) });
  };
  const remove = useAction(removeEndpoint, { success: DMC_MSG.rateDeleted, onSuccess: () => mutate() });

  return (
    <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Button size="sm" onClick={() => setEditing(null)} disabled={!rates}>
            Add {noun}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Tried from the top: the first rate matching the market, date and party size prices. Drag a row, or use the
          arrows, to change the order.
        </Text>
        {rates ? (
          <PriorityTable
            label={title}
            rows={shown}
            columns={columns}
            subject={subject}
            moving={reorderRates.busy}
            onMove={move}
            empty={`No ${noun}s yet.`}
            {...(minWidth ? { minWidth } : {})}
            actions={(r) => (
              <>
                <Button size="xs" variant="light" onClick={() => setEditing(r)} aria-label={`Edit ${subject(r)}`}>
                  Edit
                </Button>
                <ActionButton
                  label="Delete"
                  subject={subject(r)}
                  color="red"
                  variant="subtle"
                  confirm="Quotations stop using this rate at once."
                  run={() => remove.run({ id: r.id })}
                />
                <HistoryButton entity={entity} id={r.id} subject={subject(r)} />
              </>
            )}
          />
        ) : (
          <Alert color="gray" variant="light" aria-busy="true">
            Loading {noun}s…
          </Alert>
        )}
      </Stack>
      <DmcDialog opened={editing !== undefined} onClose={close} title={`${editing ? 'Edit' : 'Add'} ${noun}`}>
        {editing !== undefined &&
          form(
            editing,
            all,
            () => {
              close();
              void mutate();
            },
            close,
          )}
      </DmcDialog>
    </Paper>
  );
}
