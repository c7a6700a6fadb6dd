import { Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { RequestOf } from '@tp/contracts/endpoint';
import { getActiveGateway, getBankDetails, getWalletBalance, userPaymentEntry } from '@tp/contracts/endpoints/wallet';
import * as MSG from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { toastError } from '#lib/notify.ts';
import { BalanceCard } from './BalanceCard.tsx';
import { AmountInput, amountValue } from '#shared/AmountInput.tsx';

type Entry<M extends 'gateway' | 'offline'> = Omit<
  Extract<RequestOf<typeof userPaymentEntry>, { mode: M }>,
  'amount'
> & {
  amount: number | string;
};

/** The contract's schema on the form's values (an emptied amount reads as missing). */
const paymentRules = <V extends Entry<'gateway'> | Entry<'offline'>>(values: V) =>
  schemaResolver(userPaymentEntry.request, { sync: true })({ ...values, amount: amountValue(values.amount) });

function GatewayTopUp({ gatewayLabel }: { gatewayLabel: string }) {
  const form = useForm<Entry<'gateway'>>({ initialValues: { mode: 'gateway', amount: '' }, validate: paymentRules });
  const pay = useAction(userPaymentEntry, {
    form,
    onSuccess: (out) => {
      if (out.redirectTo) window.location.assign(out.redirectTo);
      else toastError(MSG.paymentUnsuccessful);
    },
  });
  const submit = form.onSubmit((values) => void pay.run({ ...values, amount: Number(values.amount) }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        <AmountInput {...form.getInputProps('amount')} />
        <Button type="submit" loading={pay.busy}>
          Pay with {gatewayLabel}
        </Button>
      </Stack>
    </form>
  );
}

function OfflineTransfer({ onRecorded }: { onRecorded: () => void }) {
  const bank = useApi(getBankDetails, {});
  const form = useForm<Entry<'offline'>>({
    initialValues: { mode: 'offline', amount: '', transactionId: '', remark: '' },
    validate: paymentRules,
  });
  const record = useAction(userPaymentEntry, {
    success: 'Payment recorded; it will be credited once verified',
    form,
    onSuccess: () => {
      form.reset();
      onRecorded();
    },
  });
  const submit = form.onSubmit(
    (values) =>
      void record.run({ ...values, amount: Number(values.amount), transactionId: values.transactionId.trim() }),
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <AsyncContent
        data={bank.data}
        error={bank.error}
        onRetry={() => void bank.mutate()}
        loadingLabel="Loading bank details"
      >
        {(b) =>
          b ? (
            <Paper withBorder p="md" radius="md">
              <Stack gap={4}>
                <Text fw={600}>Transfer to</Text>
                <Text size="sm">Account name: {b.accountName}</Text>
                <Text size="sm">Account number: {b.accountNumber}</Text>
                <Text size="sm">IFSC: {b.ifsc}</Text>
                <Text size="sm">
                  Bank: {b.bankName}, {b.branch}
                </Text>
                {b.upiId && <Text size="sm">UPI: {b.upiId}</Text>}
              </Stack>
            </Paper>
          ) : (
            <Text c="dimmed">This site has no bank details for transfers.</Text>
          )
        }
      </AsyncContent>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <AmountInput label="Amount transferred (₹)" {...form.getInputProps('amount')} />
          <TextInput
            label="Transaction reference (UTR)"
            maxLength={64}
            required
            {...form.getInputProps('transactionId')}
          />
          <TextInput label="Remark" maxLength={200} {...form.getInputProps('remark')} />
          <Group>
            <Button type="submit" loading={record.busy}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </SimpleGrid>
  );
}

/** /payments: top up the wallet through the site's gateway, or record an offline bank transfer. */
export default function PaymentsPage() {
  const gateway = useApi(getActiveGateway, {});
  const balance = useApi(getWalletBalance, {});
  const hasGateway = !!gateway.data?.name;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Add money to wallet
      </Title>
      <BalanceCard balance={balance.data} />
      <AsyncContent
        data={gateway.data}
        error={gateway.error}
        onRetry={() => void gateway.mutate()}
        loadingLabel="Loading payment options"
      >
        {(g) => (
          <Tabs defaultValue={hasGateway ? 'gateway' : 'offline'} keepMounted={false}>
            <Tabs.List>
              {g.name && <Tabs.Tab value="gateway">Pay online</Tabs.Tab>}
              <Tabs.Tab value="offline">Bank transfer</Tabs.Tab>
            </Tabs.List>
            {g.name && (
              <Tabs.Panel value="gateway" pt="md">
                <GatewayTopUp gatewayLabel={g.label} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="offline" pt="md">
              <OfflineTransfer onRecorded={() => void balance.mutate()} />
            </Tabs.Panel>
          </Tabs>
        )}
      </AsyncContent>
    </Stack>
  );
}
