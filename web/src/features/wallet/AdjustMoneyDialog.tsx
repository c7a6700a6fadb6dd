import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { addWalletEntry, debitWalletEntry } from '@tp/contracts/endpoints/wallet';
import { useAction, type ActionOptions } from '#api/action.ts';
import { AmountInput, amountValue } from '#shared/AmountInput.tsx';
import { formatMoney } from '#shared/format.ts';
import { newRequestId } from './money.ts';
import { Modal } from '#shared/Modal.tsx';

export type Adjustment = 'credit' | 'debit';

const TEXT = {
  credit: { title: 'Add Money', submit: 'Add Money', note: 'Remark', done: 'Money added successfully' },
  debit: { title: 'Debit Money', submit: 'Debit Money', note: 'Reason', done: 'Money debited successfully' },
} as const;

/** What the staff member types; the customer and the request id come from the dialog. */
interface Values {
  amount: number | string;
  remark: string;
  reason: string;
}
const BLANK: Values = { amount: '', remark: '', reason: '' };

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
  const text = TEXT[mode ?? 'credit'];
  const request = (values: Values) => ({ ...values, email, requestId, amount: amountValue(values.amount) });
  const form = useForm<Values>({
    initialValues: BLANK,
    // Each action's own contract schema (the credit's ignores `reason`, the debit's `remark`).
    validate: (values) =>
      schemaResolver(mode === 'debit' ? debitWalletEntry.request : addWalletEntry.request, { sync: true })(
        request(values),
      ),
  });

  const close = () => {
    form.reset();
    setRequestId(newRequestId());
    onClose();
  };

  // Toasted by the client; a refused field (e.g. more than the wallet may spend) also sits on the form.
  const moved: ActionOptions<unknown, unknown> = {
    success: text.done,
    form,
    onSuccess: () => {
      onDone();
      close();
    },
  };
  const credit = useAction(addWalletEntry, moved);
  const debit = useAction(debitWalletEntry, moved);
  const busy = credit.busy || debit.busy;

  const submit = form.onSubmit(({ amount, remark, reason }) => {
    const value = Number(amount);
    if (mode === 'debit') void debit.run({ email, amount: value, reason: reason.trim(), requestId });
    else if (mode === 'credit') void credit.run({ email, amount: value, remark, requestId });
  });

  return (
    <Modal opened={mode !== null} onClose={close} title={text.title} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            Customer: <strong>{email}</strong>
          </Text>
          {mode === 'debit' && available && (
            <Text size="sm">
              Available to debit: <strong>{formatMoney(available.amount, available.currency)}</strong>
            </Text>
          )}
          <AmountInput {...form.getInputProps('amount')} data-autofocus />
          <TextInput
            label={text.note}
            required={mode === 'debit'}
            description={mode === 'debit' ? 'Shown in the customer’s wallet history' : undefined}
            {...form.getInputProps(mode === 'debit' ? 'reason' : 'remark')}
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
