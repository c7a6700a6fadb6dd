import { Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  getQuotationSettings,
  saveCartPayment,
  savePaymentTerms,
  saveQuotationSettings,
  QUOTATION_SETTINGS_MSG,
  type TQuotationSettings,
} from '@tp/contracts/endpoints/dmc';
import { useApi } from '#api/hooks.ts';
import { useSaveForm } from '../shared/forms.tsx';

function MinimumMarginForm({ settings, saved }: { settings: TQuotationSettings; saved: () => void }) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveQuotationSettings,
    initialValues: { minimumMarginPercent: (settings.minimumMarginPercent ?? '') as number | string },
    toBody: (v) => ({
      minimumMarginPercent: v.minimumMarginPercent === '' ? null : Number(v.minimumMarginPercent),
    }),
    success: QUOTATION_SETTINGS_MSG.saved,
    onSaved: saved,
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Minimum margin">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Minimum margin (%)"
          description="A quotation under it warns before it is shared; empty: no minimum"
          min={0}
          max={90}
          decimalScale={2}
          clampBehavior="none"
          w={280}
          {...form.getInputProps('minimumMarginPercent')}
        />
        <Button type="submit" loading={busy}>
          Save
        </Button>
      </Group>
    </form>
  );
}

/**
 * The site's payment terms (docs/dmc.md "Payment terms"): the deposit due on acceptance, a percentage of the total
 * or an amount, and the balance due a number of days before arrival. A quotation may set its own in the builder.
 */
function PaymentTermsForm({ settings, saved }: { settings: TQuotationSettings; saved: () => void }) {
  const t = settings.paymentTerms;
  const { form, submit, busy } = useSaveForm({
    endpoint: savePaymentTerms,
    initialValues: {
      depositKind: t.depositKind,
      depositValue: t.depositValue as number | string,
      balanceDaysBeforeArrival: t.balanceDaysBeforeArrival as number | string,
    },
    toBody: (v) => ({
      depositKind: v.depositKind,
      depositValue: v.depositValue === '' ? Number.NaN : Number(v.depositValue),
      balanceDaysBeforeArrival: v.balanceDaysBeforeArrival === '' ? Number.NaN : Number(v.balanceDaysBeforeArrival),
    }),
    success: QUOTATION_SETTINGS_MSG.paymentTermsSaved,
    onSaved: saved,
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Payment terms">
      <Text size="sm" fw={600} mt="sm">
        Payment terms
      </Text>
      <Text size="xs" c="gray.7" mb={4}>
        What a quotation asks unless it sets its own: a deposit on acceptance, the balance before arrival.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Deposit on acceptance"
          data={[
            { value: 'percent', label: 'Percent of the total' },
            { value: 'amount', label: 'Fixed amount' },
          ]}
          allowDeselect={false}
          w={220}
          {...form.getInputProps('depositKind')}
        />
        <NumberInput
          label={form.values.depositKind === 'percent' ? 'Deposit (%)' : 'Deposit amount'}
          min={0}
          decimalScale={2}
          clampBehavior="none"
          w={160}
          {...form.getInputProps('depositValue')}
        />
        <NumberInput
          label="Balance due (days before arrival)"
          min={0}
          max={365}
          allowDecimal={false}
          clampBehavior="none"
          w={240}
          {...form.getInputProps('balanceDaysBeforeArrival')}
        />
        <Button type="submit" loading={busy}>
          Save terms
        </Button>
      </Group>
    </form>
  );
}

type FeeRow = { daysBefore: number | string; feePercent: number | string };

/**
 * The site's cancellation terms (docs/dmc.md "Cancellation"): a fee, a percentage of the total, by how many days
 * before arrival the quotation is cancelled. Saved with the payment terms; a share freezes what the customer saw.
 */
function CancellationFeesForm({ settings, saved }: { settings: TQuotationSettings; saved: () => void }) {
  const t = settings.paymentTerms;
  const { form, submit, busy } = useSaveForm({
    endpoint: savePaymentTerms,
    initialValues: {
      cancellationFees: (t.cancellationFees ?? []).map((r): FeeRow => ({ ...r })),
    },
    toBody: (v) => ({
      depositKind: t.depositKind,
      depositValue: t.depositValue,
      balanceDaysBeforeArrival: t.balanceDaysBeforeArrival,
      cancellationFees: v.cancellationFees.map((r) => ({
        daysBefore: r.daysBefore === '' ? Number.NaN : Number(r.daysBefore),
        feePercent: r.feePercent === '' ? Number.NaN : Number(r.feePercent),
      })),
    }),
    success: QUOTATION_SETTINGS_MSG.paymentTermsSaved,
    onSaved: saved,
  });
  const rows = form.values.cancellationFees;
  return (
    <form onSubmit={submit} noValidate aria-label="Cancellation terms">
      <Text size="sm" fw={600} mt="sm">
        Cancellation terms
      </Text>
      <Text size="xs" c="gray.7" mb={4}>
        Cancelled at least this many days before arrival, the fee is this share of the total; closer than every row, all
        of it. What was paid beyond the fee is refunded.
      </Text>
      <Stack gap="xs">
        {rows.map((_, i) => (
          <Group key={i} align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label={`Row ${i + 1}: days before arrival`}
              min={0}
              max={365}
              allowDecimal={false}
              clampBehavior="none"
              w={220}
              {...form.getInputProps(`cancellationFees.${i}.daysBefore`)}
            />
            <NumberInput
              label={`Row ${i + 1}: fee (%)`}
              min={0}
              max={100}
              decimalScale={2}
              clampBehavior="none"
              w={160}
              {...form.getInputProps(`cancellationFees.${i}.feePercent`)}
            />
            <Button variant="subtle" color="red" onClick={() => form.removeListItem('cancellationFees', i)}>
              Remove row {i + 1}
            </Button>
          </Group>
        ))}
        <Group gap="sm">
          {rows.length < 10 && (
            <Button
              variant="default"
              onClick={() => form.insertListItem('cancellationFees', { daysBefore: '', feePercent: '' })}
            >
              Add row
            </Button>
          )}
          <Button type="submit" loading={busy}>
            Save cancellation terms
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * When an activity cart takes its owner's money (docs/dmc.md "The activity cart pays"): the wallet or credit line is
 * debited by the move into the chosen status and credited back when a paid cart is cancelled.
 */
function CartPaymentForm({ settings, saved }: { settings: TQuotationSettings; saved: () => void }) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveCartPayment,
    initialValues: { cartPaysAt: settings.cartPaysAt },
    toBody: (v) => ({ cartPaysAt: v.cartPaysAt }),
    success: QUOTATION_SETTINGS_MSG.cartPaymentSaved,
    onSaved: saved,
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Activity cart payment">
      <Group align="flex-end" gap="sm" wrap="wrap" mt="sm">
        <Select
          label="Activity carts debit the agent's wallet"
          description="A cancelled cart that paid is refunded to the wallet"
          data={[
            { value: 'confirmed', label: 'When confirmed' },
            { value: 'vouchered', label: 'When vouchered' },
            { value: 'none', label: 'Never (billed outside the platform)' },
          ]}
          allowDeselect={false}
          w={300}
          {...form.getInputProps('cartPaysAt')}
        />
        <Button type="submit" loading={busy}>
          Save cart payment
        </Button>
      </Group>
    </form>
  );
}

/** The site's quotation money settings beside its exchange rates: the minimum margin on sell, the payment terms. */
export function QuotationSettings() {
  const settings = useApi(getQuotationSettings, {});
  return (
    <Paper withBorder p="md" component="section" aria-label="Quotation settings">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Quotation settings
        </Title>
        <Text size="sm" c="gray.7">
          Rates are in {settings.data?.baseCurrency ?? '…'}, the base currency every conversion goes through.
        </Text>
        {settings.data ? (
          <>
            <MinimumMarginForm settings={settings.data} saved={() => void settings.mutate()} />
            <PaymentTermsForm settings={settings.data} saved={() => void settings.mutate()} />
            <CancellationFeesForm settings={settings.data} saved={() => void settings.mutate()} />
            <CartPaymentForm settings={settings.data} saved={() => void settings.mutate()} />
          </>
        ) : (
          <Text size="sm">Loading…</Text>
        )}
      </Stack>
    </Paper>
  );
}
