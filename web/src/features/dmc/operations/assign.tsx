/**
 * Driver assignment with the conflict check first: `dmc/checkTransferAssignment` says what the
 * assignment would raise (overlaps, capacity: the domain's `assignmentConflicts` messages) and refuse; with
 * nothing to say it saves at once, otherwise the office reads the warnings and saves anyway or not. The API
 * saves despite warnings (they are warnings, not refusals), so "Assign anyway" is offered.
 */
import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import {
  assignTransfersToDriver,
  checkTransferAssignment,
  DMC_OPS_MSG,
  getTransferJobSheet,
  updateTransferDriver,
  type TAssignment,
  type TJobSheetRow,
} from '@tp/contracts/endpoints/dmc-operations';
import { useAction } from '#api/action.ts';
import { formatDate } from '#shared/format.ts';

interface Proposal {
  ids: string[];
  driverId: string;
  driverName: string;
  check: TAssignment;
}

/** "Asha Rao, 01 May 2030 09:00": how a transfer is named in a warning list. */
export const transferName = (t: Pick<TJobSheetRow, 'customerName' | 'date' | 'time'>): string =>
  [t.customerName, t.date ? formatDate(t.date) : '', t.time ?? '']
    .filter(Boolean)
    .join(', ')
    .replace(/, (\d\d:\d\d)$/, ' $1');

export function useAssignment({ rows, onAssigned }: { rows: TJobSheetRow[]; onAssigned: () => void }) {
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const check = useAction(checkTransferAssignment);
  const revalidate = [getTransferJobSheet];
  const one = useAction(updateTransferDriver, { success: DMC_OPS_MSG.driverAssigned, revalidate });
  const many = useAction(assignTransfersToDriver, {
    success: (r) => DMC_OPS_MSG.driversAssigned(r.assigned.length),
    onSuccess: onAssigned,
    revalidate,
  });
  const save = (ids: string[], driverId: string) =>
    ids.length === 1 ? one.run({ id: ids[0]!, driverId }) : many.run({ ids, driverId });

  /** Checks, then saves at once when nothing is to be said, else opens the confirm dialog. */
  const propose = async (ids: string[], driverId: string, driverName: string) => {
    const result = await check.run({ ids, driverId });
    if (!result) return;
    if (result.refused.length === 0 && Object.keys(result.warnings).length === 0) await save(ids, driverId);
    else setProposal({ ids, driverId, driverName, check: result });
  };
  const unassign = (id: string) => one.run({ id, driverId: null });

  const byId = new Map(rows.map((r) => [r.id, r]));
  const name = (id: string) => {
    const row = byId.get(id);
    return row ? transferName(row) : id;
  };
  const savable = proposal ? proposal.ids.filter((id) => !proposal.check.refused.some((r) => r.transferId === id)) : [];
  const dialog = (
    <Modal
      opened={proposal !== null}
      onClose={() => setProposal(null)}
      title={proposal ? `Assign ${proposal.driverName}?` : ''}
      size="lg"
    >
      {proposal && (
        <Stack gap="md">
          {Object.keys(proposal.check.warnings).length > 0 && (
            <Alert color="orange" title="Check before saving" role="alert">
              <List size="sm" spacing={4}>
                {Object.entries(proposal.check.warnings).flatMap(([id, warnings]) =>
                  warnings.map((w, i) => (
                    <List.Item key={`${id}-${i}`}>
                      <Text span fw={600} size="sm">
                        {name(id)}:
                      </Text>{' '}
                      {w.message}
                    </List.Item>
                  )),
                )}
              </List>
            </Alert>
          )}
          {proposal.check.refused.length > 0 && (
            <Alert color="red" title="Cannot take this driver" role="alert">
              <List size="sm" spacing={4}>
                {proposal.check.refused.map((r) => (
                  <List.Item key={r.transferId}>
                    <Text span fw={600} size="sm">
                      {name(r.transferId)}:
                    </Text>{' '}
                    {r.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setProposal(null)}>
              Cancel
            </Button>
            {savable.length > 0 && (
              <Button
                color="orange"
                loading={one.busy || many.busy}
                onClick={async () => {
                  await save(savable, proposal.driverId);
                  setProposal(null);
                }}
              >
                Assign anyway
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
  return { propose, unassign, busy: check.busy || one.busy || many.busy, dialog };
}
