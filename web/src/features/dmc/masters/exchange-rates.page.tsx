import { NumberInput, Stack, TextInput } from '@mantine/core';
import { getExchangeRates, saveExchangeRate, EXCHANGE_RATE_MSG, type TExchangeRate } from '@tp/contracts/endpoints/dmc';
import { FX_BASE_CURRENCY } from '@tp/domain/dmc';
import { formatDate } from '@tp/domain/format';
import { DateField } from '#shared/DateField.tsx';
import { FormButtons, Pair, useSaveForm } from '../shared/forms.tsx';
import { useServerList } from '../shared/list.tsx';
import { MasterSection } from '../shared/MasterSection.tsx';
import { DmcPage } from '../shared/page.tsx';
import { QuotationSettings } from './QuotationSettings.tsx';

/** Add a row (currency, rate, valid from), or edit one (the same call with its id). */
function ExchangeRateForm({ row, done, cancel }: { row: TExchangeRate | null; done: () => void; cancel: () => void }) {
  const { form, submit, busy } = useSaveForm({
    endpoint: saveExchangeRate,
    initialValues: {
      currency: row?.currency ?? '',
      // '' until typed: the schema says "Required" rather than reading an empty field as 0.
      rate: (row?.rate ?? '') as number | string,
      buffer: (row?.buffer ?? 0) as number | string,
      validFrom: row?.validFrom ?? '',
    },
    toBody: (v) => ({
      ...(row ? { id: row.id } : {}),
      currency: v.currency,
      rate: v.rate === '' ? undefined : Number(v.rate),
      buffer: v.buffer === '' ? 0 : Number(v.buffer),
      validFrom: v.validFrom,
    }),
    success: EXCHANGE_RATE_MSG.saved,
    onSaved: done,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Pair>
          <TextInput
            label="Currency"
            description="ISO 4217 code, e.g. USD"
            required
            maxLength={3}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('currency')}
          />
          <NumberInput
            label="Rate"
            description={`Value of one unit in ${FX_BASE_CURRENCY}, the base currency`}
            required
            min={0}
            decimalScale={6}
            clampBehavior="none"
            {...form.getInputProps('rate')}
          />
        </Pair>
        <Pair>
          <NumberInput
            label="Buffer (%)"
            description="Added to every amount converted with this rate"
            min={0}
            max={50}
            decimalScale={2}
            clampBehavior="none"
            {...form.getInputProps('buffer')}
          />
          <DateField label="Valid from" required {...form.getInputProps('validFrom')} />
        </Pair>
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/**
 * /staff/dmc-exchange-rates: what one unit of each currency the DMC contracts in is worth in the site's base
 * currency, from a date on (a currency's latest row not in the future is the one in force).
 */
export default function ExchangeRatesPage() {
  const list = useServerList(getExchangeRates);
  return (
    <DmcPage title="Exchange Rates" permission="dmc.masters">
      <Stack gap="md">
        <QuotationSettings />
        <MasterSection
          noun="exchange rate"
          plural="Exchange rates"
          list={list}
          searchLabel="Search currencies"
          empty="No exchange rates yet"
          entity="exchangeRate"
          rowKey={(r) => r.id}
          subject={(r) => `${r.currency} from ${formatDate(r.validFrom)}`}
          columns={[
            { key: 'currency', header: 'Currency', render: (r) => r.currency },
            { key: 'rate', header: `Rate (${FX_BASE_CURRENCY})`, render: (r) => r.rate },
            { key: 'buffer', header: 'Buffer', render: (r) => `${r.buffer ?? 0} %` },
            { key: 'validFrom', header: 'Valid from', render: (r) => formatDate(r.validFrom) },
          ]}
          form={(r, done, cancel) => <ExchangeRateForm row={r} done={done} cancel={cancel} />}
        />
      </Stack>
    </DmcPage>
  );
}
