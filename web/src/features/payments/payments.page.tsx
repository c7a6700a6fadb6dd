import { useState } from 'react';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { getActiveGateway, getBankDetails, getWalletBalance, userPaymentEntry } from '@tp/contracts/endpoints/wallet';
import { MSG } from '@tp/contracts/messages';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { AsyncContent } from '#shared/AsyncContent.tsx';
import { toastError } from '#shared/notify.ts';
import { BalanceCard } from '#features/wallet/index.ts';
import { AmountInput } from '#shared/AmountInput.tsx';

function parseAmount(v: number | string): { value: number; error: string | null } {
  if (v === '' || v === undefined) return { value: 0, error: MSG.required };
  const value = typeof v === 'number' ? v : Number(v);
  return value > 0 ? { value, error: null } : { value, error: 'Amount must be greater than 0' };
}

function GatewayTopUp({ gatewayLabel }: { gatewayLabel: string }) {
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const pay = useAction(userPaymentEntry, {
    onSuccess: (out) => {
      if (out.redirectTo) window.location.assign(out.redirectTo);
      else toastError(MSG.paymentUnsuccessful);
    },
  });
  const busy = pay.busy;
  const submit = async () => {
    const { value, error: e } = parseAmount(amount);
    if (e) return setError(e);
    await pay.run({ mode: 'gateway', amount: value });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm" maw={360}>
        <AmountInput
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" loading={busy}>
          Pay with {gatewayLabel}
        </Button>
      </Stack>
    </form>
  );
}

function OfflineTransfer({ onRecorded }: { onRecorded: () => void }) {
  const bank = useApi(getBankDetails, {});
  const [amount, setAmount] = useState<number | string>('');
  const [reference, setReference] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<{ amount?: string | null; reference?: string | null }>({});
  const record = useAction(userPaymentEntry, {
    success: 'Payment recorded; it will be credited once verified',
    onSuccess: () => {
      setAmount('');
      setReference('');
      setRemark('');
      onRecorded();
    },
  });
  const busy = record.busy;
  const submit = async () => {
    const { value, error } = parseAmount(amount);
    const refError = reference.trim() ? null : MSG.required;
    setErrors({ amount: error, reference: refError });
    if (error || refError) return;
    await record.run({ mode: 'offline', amount: value, transactionId: reference.trim(), remark });
  };
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
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label="Amount transferred (₹)"
            value={amount}
            onChange={setAmount}
            min={1}
            decimalScale={2}
            thousandSeparator=","
            error={errors.amount}
            required
          />
          <TextInput
            label="Transaction reference (UTR)"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
            maxLength={64}
            required
          />
          <TextInput label="Remark" value={remark} onChange={(e) => setRemark(e.currentTarget.value)} maxLength={200} />
          <Group>
            <Button type="submit" loading={busy}>
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
