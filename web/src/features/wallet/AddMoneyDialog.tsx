import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { addWalletEntry } from '@tp/contracts/endpoints/wallet';
import { MSG } from '@tp/contracts/messages';
import { act } from '#shared/actions.ts';
import { newRequestId } from './money.ts';
import { AmountInput } from '#shared/AmountInput.tsx';

/**
 * Staff Add Money. One request id per opening of the dialog: a double click or a retry after a
 * timeout cannot add the money twice (the server answers "already added").
 */
export function AddMoneyDialog({
  opened,
  email,
  onClose,
  onAdded,
}: {
  opened: boolean;
  email: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [requestId, setRequestId] = useState(newRequestId);
  const [amount, setAmount] = useState<number | string>('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setAmount('');
    setRemark('');
    setError(null);
    setRequestId(newRequestId());
    onClose();
  };

  const submit = async () => {
    const value = typeof amount === 'number' ? amount : Number(amount);
    if (!amount || !(value > 0)) return setError(amount === '' ? MSG.required : 'Amount must be greater than 0');
    setBusy(true);
    try {
      await act(addWalletEntry, { email, amount: value, remark, requestId }, 'Money added successfully');
      onAdded();
      close();
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Money" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Customer: <strong>{email}</strong>
          </Text>
          <AmountInput
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <TextInput label="Remark" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={200} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Add Money
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
