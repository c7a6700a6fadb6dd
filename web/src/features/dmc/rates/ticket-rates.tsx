import { SegmentedControl, Stack, Text } from '@mantine/core';
import {
  DMC_MSG,
  changeTourOptionTicketRatePriority,
  deleteTourOptionTicketRates,
  getTourOptionTicketRates,
  saveActivityTicketRates,
  type TTicketRate,
  type TTourOption,
} from '@tp/contracts/endpoints/dmc';
import { isIsoDate, ticketRateErrors, ticketRateOverlaps } from '@tp/domain/dmc';
import { useApi } from '#api/hooks.ts';
import { numberOrNull } from '#shared/form.ts';
import { bandLabel, money, perLabel, validityLabel } from '../shared/format.ts';
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

const ticketSubject = (r: TTicketRate, m: Markets) =>
  `${m.name(r.marketId)} ticket rate ${validityLabel(r.validFromDate, r.validTillDate)}, ${bandLabel(r.minPax, r.maxPax)}`;

const UNITS = [
  { value: 'pax', label: 'Per person' },
  { value: 'group', label: 'Per group' },
];

function TicketRateForm({
  option,
  rate,
  all,
  markets,
  done,
  cancel,
}: {
  option: TTourOption;
  rate: TTicketRate | null;
  all: TTicketRate[];
  markets: Markets;
  done: () => void;
  cancel: () => void;
}) {
  const initialValues = {
    ...termsValues(rate),
    adultAmount: (rate?.adultAmount ?? '') as number | string,
    childAmount: (rate?.childAmount ?? '') as number | string,
  };
  const toBody = (v: typeof initialValues) => ({
    ...(rate ? { id: rate.id } : {}),
    tourOptionId: option.id,
    ...termsBody(v),
    adultAmount: numberOrNull(v.adultAmount),
    childAmount: numberOrNull(v.childAmount),
  });
  const { form, submit, busy } = useSaveForm({
    endpoint: saveActivityTicketRates,
    initialValues,
    toBody,
    rule: ticketRateErrors,
    success: DMC_MSG.rateSaved,
    onSaved: done,
  });
  const v = form.values;
  // The draft is the body the save would send: the check sees what the server will see.
  const overlaps =
    v.marketId && isIsoDate(v.validFromDate) && isIsoDate(v.validTillDate)
      ? ticketRateOverlaps({ ...toBody(v), marketId: v.marketId, adultAmount: 0, childAmount: 0 }, all)
      : [];
  const currency = v.marketId ? markets.currency(v.marketId) : '';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MarketSelect required valueLabel={rate && markets.name(rate.marketId)} {...form.getInputProps('marketId')} />
        <SegmentedControl
          aria-label="Priced"
          data={UNITS}
          value={v.isPerPax ? 'pax' : 'group'}
          onChange={(u) => form.setFieldValue('isPerPax', u === 'pax')}
        />
        <Pair>
          <AmountField
            label={`${v.isPerPax ? 'Adult' : 'Group'} amount${currency && ` (${currency})`}`}
            {...form.getInputProps('adultAmount')}
          />
          <AmountField
            label={`Child amount${currency && ` (${currency})`}`}
            description={v.isPerPax ? undefined : 'Not used by a per-group rate'}
            {...form.getInputProps('childAmount')}
          />
        </Pair>
        <PaxBandFields form={form} required={!v.isPerPax} />
        {v.isPerPax && (
          <Text size="xs" c="dimmed">
            Leave the pax band empty for any party size.
          </Text>
        )}
        <ValidityFields form={form} />
        <OverlapWarning ids={overlaps} saved={all} subject={(r) => ticketSubject(r, markets)} />
        <FormButtons onCancel={cancel} busy={busy} />
      </Stack>
    </form>
  );
}

/** The ticket rates of a tour option (spec 001 §3 "Tour rate"), in the order the rate engine tries them. */
export function TicketRates({ option, marketId }: { option: TTourOption; marketId: string | null }) {
  const markets = useMarkets();
  const { data, mutate } = useApi(getTourOptionTicketRates, { tourOptionId: option.id });
  const amount = (r: TTicketRate, n: number) => money(n, markets.currency(r.marketId));
  return (
    <RateSection
      title="Ticket rates"
      noun="ticket rate"
      entity="ticketRate"
      tourOptionId={option.id}
      rates={data}
      mutate={mutate}
      marketId={marketId}
      subject={(r) => ticketSubject(r, markets)}
      columns={[
        { key: 'market', header: 'Market', render: (r) => markets.name(r.marketId) },
        { key: 'adult', header: 'Adult', nowrap: true, render: (r) => amount(r, r.adultAmount) },
        { key: 'child', header: 'Child', nowrap: true, render: (r) => (r.isPerPax ? amount(r, r.childAmount) : '—') },
        { key: 'per', header: 'Priced', nowrap: true, render: (r) => perLabel(r.isPerPax) },
        { key: 'band', header: 'Pax band', nowrap: true, render: (r) => bandLabel(r.minPax, r.maxPax) },
        { key: 'valid', header: 'Valid', nowrap: true, render: (r) => validityLabel(r.validFromDate, r.validTillDate) },
      ]}
      reorderEndpoint={changeTourOptionTicketRatePriority}
      removeEndpoint={deleteTourOptionTicketRates}
      form={(rate, all, done, cancel) => (
        <TicketRateForm option={option} rate={rate} all={all} markets={markets} done={done} cancel={cancel} />
      )}
    />
  );
}
