import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { TPartyChange } from '@tp/contracts/endpoints/activities';
import { partyLabel } from '@tp/domain/activities';
import { formatMoney } from '#shared/format.ts';

/**
 * Adding an activity for other travellers than the cart's: every line of a cart is priced for
 * one party, so changing it is the user's explicit choice, shown with its effect on the cart's total (the server's
 * 409 `detail`). Keep adds it for the cart's travellers; Change prices the whole cart for the new ones.
 */
export function PartyChangeDialog({
  change,
  busy,
  onKeep,
  onChange,
  onClose,
}: {
  change: TPartyChange | null;
  busy: boolean;
  onKeep: () => void;
  onChange: () => void;
  onClose: () => void;
}) {
  const c = change;
  const money = (n: number) => formatMoney(n, c?.currency);
  const diff = c ? Math.round((c.requested.totalPrice - c.current.totalPrice) * 100) / 100 : 0;
  return (
    <Modal opened={!!c} onClose={onClose} title="Change the travellers of your cart?" size="lg">
      {c && (
        <Stack gap="md">
          <Text size="sm">
            Your cart is for <b>{partyLabel(c.current)}</b>; this search is for <b>{partyLabel(c.requested)}</b>. Every
            activity in a cart is priced for the same travellers, so changing them prices the whole cart again.
          </Text>
          <Table aria-label="Cart total with this activity" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Travellers</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Cart total with this activity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{partyLabel(c.current)} (as the cart is now)</Table.Td>
                <Table.Td style={{ textAlign: 'right' }} data-testid="party-keep-total">
                  {money(c.current.totalPrice)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{partyLabel(c.requested)} (this search)</Table.Td>
                <Table.Td style={{ textAlign: 'right' }} data-testid="party-change-total">
                  {money(c.requested.totalPrice)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" data-testid="party-change-effect">
            Changing to {partyLabel(c.requested)} {diff < 0 ? 'lowers' : diff > 0 ? 'raises' : 'keeps'} the cart total
            {diff === 0 ? '' : ` by ${money(Math.abs(diff))}`}.
          </Text>
          <Group justify="flex-end" gap="xs" wrap="wrap">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="light" onClick={onKeep} loading={busy}>
              Keep {partyLabel(c.current)}
            </Button>
            <Button onClick={onChange} loading={busy}>
              Change to {partyLabel(c.requested)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
