import { useEffect } from 'react';
import { NumberInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { setCreditLine } from '@tp/contracts/endpoints/wallet';
import { MAX_CREDIT_DAYS } from '@tp/domain/credit';
import type { TWalletBalance } from '@tp/contracts/endpoints/wallet';
import { useAction } from '#api/action.ts';
import { AmountInput, amountValue } from '#shared/AmountInput.tsx';
import { formatMoney } from '#shared/format.ts';
import { FormFooter } from '#shared/FormFooter.tsx';
import { Modal } from '#shared/Modal.tsx';

interface Values {
  creditLimit: number | string;
  creditDays: number | string;
}

/**
 * Staff set a customer's credit line (docs/credit-lines.md): the limit (0 ends it) and the credit days each new
 * draw gets. The server refuses a limit below the credit in use; its message lands on the limit field.
 */
export function CreditLineDialog({
  opened,
  email,
  balance,
  onClose,
  onDone,
}: {
  opened: boolean;
  email: string;
  balance: TWalletBalance | undefined;
  onClose: () => void;
  onDone: () => void;
}) {
  const request = (v: Values) => ({
    email,
    creditLimit: v.creditLimit === '' ? undefined : Number(v.creditLimit),
    creditDays: v.creditDays === '' ? undefined : Number(v.creditDays),
  });
  const form = useForm<Values>({
    initialValues: { creditLimit: '', creditDays: '' },
    validate: (values) => schemaResolver(setCreditLine.request, { sync: true })(request(values)),
  });
  // Opening starts from the line as it is now.
  useEffect(() => {
    if (opened && balance) form.setValues({ creditLimit: balance.creditLimit, creditDays: balance.creditDays ?? 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [opened]);
  const save = useAction(setCreditLine, {
    success: 'Credit line saved',
    form,
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  const submit = form.onSubmit(
    (v) => void save.run({ email, creditLimit: Number(amountValue(v.creditLimit)), creditDays: Number(v.creditDays) }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Credit line" centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">
            Customer: <strong>{email}</strong>
          </Text>
          {balance && (balance.creditUsed ?? 0) > 0 && (
            <Text size="sm">
              Credit in use: <strong>{formatMoney(balance.creditUsed ?? 0, balance.currency)}</strong> (the limit cannot
              go below it)
            </Text>
          )}
          <AmountInput
            label="Credit limit (₹)"
            min={0}
            description="0 ends the credit line"
            {...form.getInputProps('creditLimit')}
            data-autofocus
          />
          <NumberInput
            label="Credit days"
            description="Days each new booking on credit has before it is due"
            min={0}
            max={MAX_CREDIT_DAYS}
            allowDecimal={false}
            clampBehavior="none"
            required
            {...form.getInputProps('creditDays')}
          />
          <FormFooter onCancel={onClose} busy={save.busy} />
        </Stack>
      </form>
    </Modal>
  );
}
