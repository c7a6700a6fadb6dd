import { useId } from 'react';
import { SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  DMC_MSG,
  RATE_SHARING_BASES,
  TRANSFER_DIRECTIONS,
  changeTourOptionTransferRatePriority,
  deleteTourOptionTransferRates,
  getTourOptionTransferRates,
  saveTourOptionTransferRates,
  type TTourOption,
  type TTransferRate,
} from '@tp/contracts/endpoints/dmc';
import { isIsoDate, transferRateErrors, transferRateOverlaps, type TransferDirection } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { numberOrNull } from '#shared/form.ts';
import { bandLabel, money, optionsOf, validityLabel } from '../shared/format.ts';
import {
  AmountField,
  FormButtons,
  Pair,
  PaxBandFields,
  termsBody,
  termsValues,
  useSaveForm,
  ValidityFields,
} from '../shared/forms.tsx';
import { useMarkets } from '../shared/markets.ts';
import { MarketSelect } from '../shared/pickers.tsx';
import { OverlapWarning } from '../shared/OverlapWarning.tsx';
import { RateSection } from './RateSection.tsx';

type Markets = ReturnType<typeof useMarkets>;
type Basis = (typeof RATE_SHARING_BASES)[number];

const transferSubject = (r: TTransferRate, m: Markets) =>
  `${m.name(r.marketId)} ${r.sharingBasis} ${r.transferType} rate ${validityLabel(r.validFromDate, r.validTillDate)}, ${bandLabel(r.minPax, r.maxPax)}`;

const unitLabel = (isPerPax: boolean) => (isPerPax ? 'per person' : 'per vehicle');

function TransferRateForm({
  option,
  rate,
  all,
  markets,
  done,
  cancel,
}: {
  option: TTourOption;
  rate: TTransferRate | null;
  all: TTransferRate[];
  markets: Markets;
  done: () => void;
  cancel: () => void;
}) {
  const initialValues = {
    ...termsValues(rate),
    description: rate?.description ?? '',
    transferType: (rate?.transferType ?? null) as TransferDirection | null,
    sharingBasis: (rate?.sharingBasis ?? 'SIC') as Basis,
    amount: (rate?.amount ?? '') as number | string,
  };
  const toBody = (v: typeof initialValues) => ({
    ...(rate ? { id: rate.id } : {}),
    tourOptionId: option.id,
    ...termsBody(v),
    description: v.description,
    ...(v.transferType ? { transferType: v.transferType } : {}),
    sharingBasis: v.sharingBasis,
    amount: numberOrNull(v.amount),
  });
  const { form, submit, busy } = useSaveForm({
    endpoint: saveTourOptionTransferRates,
    initialValues,
    toBody,
    rule: transferRateErrors,
    success: DMC_MSG.rateSaved,
    onSaved: done,
  });
  const basisLabel = useId();
  const v = form.values;
  // The draft is the body the save would send: the check sees what the server will see.
  const overlaps =
    v.marketId && v.transferType && isIsoDate(v.validFromDate) && isIsoDate(v.validTillDate)
      ? transferRateOverlaps({ ...toBody(v), marketId: v.marketId, transferType: v.transferType, amount: 0 }, all)
      : [];
  const currency = v.marketId ? markets.currency(v.marketId) : '';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MarketSelect required valueLabel={rate && markets.name(rate.marketId)} {...form.getInputProps('marketId')} />
        <TextInput
          label="Description"
          placeholder="e.g. Hotel pickup, Deira / Bur Dubai"
          required
          {...form.getInputProps('description')}
        />
        <Pair>
          <Select
            label="Transfer type"
            required
            data={optionsOf(TRANSFER_DIRECTIONS)}
            allowDeselect={false}
            {...form.getInputProps('transferType')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={basisLabel}>
              Sharing basis
            </Text>
            <SegmentedControl
              aria-labelledby={basisLabel}
              data={optionsOf(RATE_SHARING_BASES)}
              value={v.sharingBasis}
              // A seat is sold per person, a private vehicle per vehicle: the usual unit follows the basis.
              onChange={(b) => form.setValues({ sharingBasis: b as Basis, isPerPax: b === 'SIC' })}
            />
          </Stack>
        </Pair>
        <Pair>
          <AmountField label={`Amount${currency && ` (${currency})`}`} {...form.getInputProps('amount')} />
          <Select
            label="Priced"
            data={[
              { value: 'pax', label: 'Per person' },
              { value: 'vehicle', label: 'Per vehicle' },
            ]}
            allowDeselect={false}
            value={v.isPerPax ? 'pax' : 'vehicle'}
            onChange={(u) => form.setFieldValue('isPerPax', u === 'pax')}
          />
        </Pair>
        <PaxBandFields form={form} required={v.sharingBasis === 'PVT'} />
        <ValidityFields form={form} />
        <OverlapWarning ids={overlaps} saved={all} subject={(r) => transferSubject(r, markets)} />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** The transfer rates of a tour option: SIC seats or PVT vehicles, per direction, in priority order. */
export function TransferRates({ option, marketId }: { option: TTourOption; marketId: string | null }) {
  const markets = useMarkets();
  const { data, mutate } = useApi(getTourOptionTransferRates, { tourOptionId: option.id });
  return (
    <RateSection
      title="Transfer rates"
      minWidth={1200}
      noun="transfer rate"
      entity="transferRate"
      tourOptionId={option.id}
      rates={data}
      mutate={mutate}
      marketId={marketId}
      subject={(r) => transferSubject(r, markets)}
      columns={[
        { key: 'market', header: 'Market', render: (r) => markets.name(r.marketId) },
        { key: 'description', header: 'Description', render: (r) => r.description },
        { key: 'type', header: 'Type', nowrap: true, render: (r) => r.transferType },
        { key: 'basis', header: 'Basis', render: (r) => r.sharingBasis },
        {
          key: 'amount',
          header: 'Amount',
          nowrap: true,
          render: (r) => `${money(r.amount, markets.currency(r.marketId))} ${unitLabel(r.isPerPax)}`,
        },
        { key: 'band', header: 'Pax band', nowrap: true, render: (r) => bandLabel(r.minPax, r.maxPax) },
        { key: 'valid', header: 'Valid', nowrap: true, render: (r) => validityLabel(r.validFromDate, r.validTillDate) },
      ]}
      reorderEndpoint={changeTourOptionTransferRatePriority}
      removeEndpoint={deleteTourOptionTransferRates}
      form={(rate, all, done, cancel) => (
        <TransferRateForm option={option} rate={rate} all={all} markets={markets} done={done} cancel={cancel} />
      )}
    />
  );
}
