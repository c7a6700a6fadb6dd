import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { addWalletEntry, debitWalletEntry } from '@tp/contracts/endpoints/wallet';
import { MSG } from '@tp/contracts/messages';
import { useAction, type ActionOptions } from '#api/action.ts';
import { ApiError } from '#api/client.ts';
import { AmountInput } from '#shared/AmountInput.tsx';
import { formatMoney } from '#shared/format.ts';
import { newRequestId } from './money.ts';

export type Adjustment = 'credit' | 'debit';

const TEXT = {
  credit: { title: 'Add Money', submit: 'Add Money', note: 'Remark', done: 'Money added successfully' },
  debit: { title: 'Debit Money', submit: 'Debit Money', note: 'Reason', done: 'Money debited successfully' },
} as const;

/** The amount rule of both actions, said before the server has to (it says the same with a 400). */
export function amountError(amount: number | string): string | null {
  if (amount === '') return MSG.required;
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) && value > 0 ? null : 'Amount must be greater than 0';
}

/**
 * Staff Add Money and the debit adjustment. One request id per opening of the dialog: a double click or
 * a retry after a timeout cannot move the money twice (the server answers "already added/debited").
 * A debit needs a reason; it is the remark the wallet history shows.
 */
export function AdjustMoneyDialog({
  mode,
  email,
  available,
  onClose,
  onDone,
}: {
  /** null = closed. */
  mode: Adjustment | null;
  email: string;
  /** What the wallet may spend (balance + credit limit): the most a debit can take. */
  available?: { amount: number; currency: string };
  onClose: () => void;
  onDone: () => void;
}) {
  const [requestId, setRequestId] = useState(newRequestId);
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string | null; note?: string | null }>({});
  const text = TEXT[mode ?? 'credit'];

  const close = () => {
    setAmount('');
    setNote('');
    setErrors({});
    setRequestId(newRequestId());
    onClose();
  };

  const moved: ActionOptions<unknown, unknown> = {
    success: text.done,
    onSuccess: () => {
      onDone();
      close();
    },
    // Toasted by the client; a refused amount (e.g. more than the wallet may spend) also sits on its field.
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors.amount) setErrors({ amount: error.fieldErrors.amount });
    },
  };
  const credit = useAction(addWalletEntry, moved);
  const debit = useAction(debitWalletEntry, moved);
  const busy = credit.busy || debit.busy;

  const submit = async () => {
    const found = { amount: amountError(amount), note: mode === 'debit' && !note.trim() ? MSG.required : null };
    setErrors(found);
    if (found.amount || found.note || !mode) return;
    const value = Number(amount);
    if (mode === 'debit') await debit.run({ email, amount: value, reason: note.trim(), requestId });
    else await credit.run({ email, amount: value, remark: note, requestId });
  };

  return (
    <Modal opened={mode !== null} onClose={close} title={text.title} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Customer: <strong>{email}</strong>
          </Text>
          {mode === 'debit' && available && (
            <Text size="sm">
              Available to debit: <strong>{formatMoney(available.amount, available.currency)}</strong>
            </Text>
          )}
          <AmountInput
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setErrors((e) => ({ ...e, amount: null }));
            }}
            error={errors.amount}
            data-autofocus
          />
          <TextInput
            label={text.note}
            required={mode === 'debit'}
            description={mode === 'debit' ? 'Shown in the customer’s wallet history' : undefined}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setErrors((x) => ({ ...x, note: null }));
            }}
            error={errors.note}
            maxLength={200}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} color={mode === 'debit' ? 'red.9' : undefined}>
              {text.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
