/** The job sheet's inline edits of one transfer: the driver's charges and done / not done / reopen. */
import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import {
  DMC_OPS_MSG,
  getTransferJobSheet,
  updateTransferDriverCharges,
  updateTransferStatusByStaff,
  type TJobSheetRow,
} from '@tp/contracts/endpoints/dmc-operations';
import { useAction } from '#api/action.ts';
import { transferName } from './assign.tsx';
import { TransferStatusBadge } from './labels.tsx';

const revalidate = [getTransferJobSheet];

export function ChargesInput({ row }: { row: TJobSheetRow }) {
  const saved = row.internalDriverCharges === null ? '' : String(row.internalDriverCharges);
  const [text, setText] = useState(saved);
  const save = useAction(updateTransferDriverCharges, { success: DMC_OPS_MSG.chargesSaved, revalidate });
  const dirty = text.trim() !== saved && text.trim() !== '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty) void save.run({ id: row.id, charges: text.trim() });
      }}
    >
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          w={90}
          inputMode="decimal"
          aria-label={`Driver charges for ${transferName(row)}`}
          value={text}
          disabled={row.status === 'cancelled'}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {dirty && (
          <Button size="xs" type="submit" loading={save.busy}>
            Save
          </Button>
        )}
      </Group>
    </form>
  );
}

export function StatusControls({ row }: { row: TJobSheetRow }) {
  const set = useAction(updateTransferStatusByStaff, { success: DMC_OPS_MSG.statusSaved, revalidate });
  const subject = transferName(row);
  const busyWith = (key: string) => set.busy && JSON.stringify(set.pending) === key;
  const button = (label: string, input: Parameters<typeof set.run>[0], color?: string) => (
    <Button
      size="xs"
      variant="light"
      color={color}
      aria-label={`${label}: ${subject}`}
      loading={busyWith(JSON.stringify(input))}
      disabled={set.busy}
      onClick={() => void set.run(input)}
    >
      {label}
    </Button>
  );
  const open = row.status === 'pending' || row.status === 'assigned';
  return (
    <Group gap={4} wrap="wrap">
      <TransferStatusBadge status={row.status} />
      {open && row.driverId !== null && button('Done', { transferid: row.id, isCompleted: true }, 'green')}
      {open && button('Not done', { transferid: row.id, isCompleted: false }, 'orange')}
      {(row.status === 'done' || row.status === 'notDone') && button('Reopen', { transferid: row.id, reopen: true })}
    </Group>
  );
}
