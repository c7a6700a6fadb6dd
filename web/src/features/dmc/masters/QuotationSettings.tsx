import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import {
  getQuotationSettings,
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

/** The site's quotation money settings beside its exchange rates: the minimum margin on sell. */
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
          <MinimumMarginForm settings={settings.data} saved={() => void settings.mutate()} />
        ) : (
          <Text size="sm">Loading…</Text>
        )}
      </Stack>
    </Paper>
  );
}
