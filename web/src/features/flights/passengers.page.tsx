import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Container, Grid, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  getPassengerViewOptions,
  getSSR,
  PAX_NAME,
  type TCharge,
  type TPaymentOrder,
} from '@tp/contracts/endpoints/flights';
import { getActiveGateway } from '@tp/contracts/endpoints/wallet';
import { chargeOf } from '@tp/domain/charge';
import { applyFieldErrors, useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { usePersisted } from '#shared/storage.ts';
import { useUser } from '#shared/state.ts';
import { formatMoney } from '#shared/format.ts';
import { FareSummary } from './components/FareSummary.tsx';
import { SegmentView } from './components/SegmentView.tsx';
import { OrderCountdown } from './OrderCountdown.tsx';
import { bookingDone, createPaymentOrder, payOrder } from './payment-order.ts';
import { chosenExtras, initialPassengers, toPassengerInput, validatePassengerForm } from './passenger-form.ts';
import css from './passengers.module.css';
import { PassengerFields, type PassengersFormValues } from './PassengerFields.tsx';
import { flightPaths } from './paths.ts';
import { localDate } from './search-form.ts';
import { bookingStore } from './state.ts';

/** `/flight/passengers/:searchId?resultIndex=` — passenger details, extras and payment (spec 000 §4). */
export default function PassengersPage() {
  const { searchId } = useParams();
  const resultIndex = useSearchParams()[0].get('resultIndex');
  if (!searchId || !resultIndex) return <Navigate replace to={flightPaths.search()} />;
  return <Passengers key={`${searchId}/${resultIndex}`} searchId={searchId} resultIndex={resultIndex} />;
}

function Passengers({ searchId, resultIndex }: { searchId: string; resultIndex: string }) {
  const ref = { searchId, resultIndex };
  const view = useApi(getPassengerViewOptions, ref);
  const ssr = useApi(getSSR, ref);
  // A site without an active gateway (or before the call exists) offers the wallet only.
  const gateway = useApi(getActiveGateway, {}, { call: { handling: 'none' } }).data;
  if (view.error)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Could not load the booking" role="alert">
          <Button mt="sm" onClick={() => void view.mutate()}>
            Try again
          </Button>
        </Alert>
      </Container>
    );
  if (!view.data)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Loading passenger form" />
      </Stack>
    );
  return (
    <PassengerForm
      searchId={searchId}
      resultIndex={resultIndex}
      view={view.data}
      ssr={ssr.data}
      gatewayLabel={gateway?.name ? gateway.label : null}
    />
  );
}

function PassengerForm({
  searchId,
  resultIndex,
  view,
  ssr,
  gatewayLabel,
}: {
  searchId: string;
  resultIndex: string;
  view: NonNullable<ReturnType<typeof useApi<typeof getPassengerViewOptions>>['data']>;
  ssr: ReturnType<typeof useApi<typeof getSSR>>['data'];
  gatewayLabel: string | null;
}) {
  const navigate = useNavigate();
  const user = useUser();
  const booking = usePersisted(bookingStore);
  const { rules, fareQuote: quote, walletBalance } = view;
  const option = quote.option;
  const walletAllowed = walletBalance !== null;
  const [order, setOrder] = useState<TPaymentOrder | null>(null);

  const form = useForm<PassengersFormValues>({
    initialValues: {
      passengers: initialPassengers(option.fareBreakdown, booking?.searchId === searchId ? booking.passengers : [], {
        email: user?.email,
      }),
      paymentMode: walletAllowed ? 'wallet' : 'gateway',
      hold: false,
    },
    validate: (v) =>
      validatePassengerForm(v.passengers, {
        isPassportRequired: rules.isPassportRequired,
        travelDate: rules.travelDate,
        today: localDate(),
      }),
  });
  const countries = useMemo(
    () => view.countryList.map((c) => ({ value: c.code.toUpperCase(), label: c.name })),
    [view.countryList],
  );
  const values = form.getValues();
  // The summary shows the server's charge for the picks it was asked about; until it is asked, the same
  // domain rule on the quoted fare and the catalogue prices. Pay never goes ahead on a total not shown.
  const [serverCharge, setServerCharge] = useState<{ picks: string; charge: TCharge } | null>(null);
  const [totalMoved, setTotalMoved] = useState(false);
  const picks = JSON.stringify(values.passengers.map((p) => [p.baggage, p.meal, p.seat]));
  const charge =
    serverCharge?.picks === picks
      ? serverCharge.charge
      : chargeOf(option.fare, option.fareBreakdown, chosenExtras(values.passengers, ssr));
  const onCharge = (c: TCharge) => {
    setServerCharge({ picks, charge: c });
    setTotalMoved(c.total !== charge.total);
    return c.total === charge.total;
  };
  const takenSeats: Record<string, string[]> = {};
  for (const p of values.passengers)
    for (const [seg, code] of Object.entries(p.seat)) if (code) (takenSeats[seg] ??= []).push(code);
  const numberInType = (i: number) =>
    values.passengers.slice(0, i + 1).filter((p) => p.paxType === values.passengers[i]!.paxType).length;

  const passengerNames = values.passengers.map((p, i) => `${PAX_NAME[p.paxType]} ${numberInType(i)}`);
  const payLabel = values.hold ? 'Hold booking' : 'Pay and book';
  const canPay = walletAllowed || !!gatewayLabel;

  // A paid order lands on the booking-confirmed screen (payment-order.ts, shared with "Try again").
  const payWithWallet = async (o: TPaymentOrder) => {
    const outcome = await payOrder(o);
    if (outcome) navigate(bookingDone(outcome));
  };
  const paying = useAction(payWithWallet);

  // The order (validate, create) and its payment, as one step.
  const ordering = useAction(async (v: PassengersFormValues) => {
    const passengers = v.passengers.map(toPassengerInput);
    const input = { searchId, resultIndex, passengers, hold: v.hold, paymentMode: v.paymentMode };
    const created = await createPaymentOrder(input, {
      expectedTotal: charge.total,
      onCharge,
      onError: (e) => applyFieldErrors(form, e),
    });
    if (!created) return;
    setOrder(created);
    if (booking) bookingStore.set({ ...booking, searchId, resultIndex, passengers });
    await payWithWallet(created);
  });
  const busy = ordering.busy || paying.busy;
  const submit = (v: PassengersFormValues) => void ordering.run(v);

  return (
    <Container size="lg" py="md" className={css.page}>
      <Title order={2} mb="md">
        Passenger details
      </Title>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              {values.passengers.map((_, i) => (
                <PassengerFields
                  key={i}
                  form={form}
                  index={i}
                  number={numberInType(i)}
                  passportRequired={rules.isPassportRequired}
                  countries={countries}
                  ssr={ssr}
                  takenSeats={takenSeats}
                />
              ))}
              {typeof form.errors.passengers === 'string' && (
                <Text c="red" size="sm">
                  {form.errors.passengers}
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md" pos="sticky" top={70}>
              <Stack>
                <SegmentView trips={option.segments} />
                <FareSummary
                  fare={option.fare}
                  breakdown={option.fareBreakdown}
                  charge={charge}
                  passengerNames={passengerNames}
                  showFullBreakdown={user?.userType === 'staff'}
                  userType={user?.userType}
                />
                {totalMoved && (
                  <Alert color="orange" role="alert" title="The total changed">
                    The amount to pay is now {formatMoney(charge.total, charge.currency)}. Check the summary and press
                    Pay again.
                  </Alert>
                )}
                <Radio.Group label="Pay with" {...form.getInputProps('paymentMode')}>
                  <Stack gap={6} mt={4}>
                    {walletAllowed && (
                      <Radio value="wallet" label={`Wallet (balance ${formatMoney(walletBalance ?? 0)})`} />
                    )}
                    {gatewayLabel && <Radio value="gateway" label={gatewayLabel} />}
                  </Stack>
                </Radio.Group>
                {!walletAllowed && !gatewayLabel && (
                  <Alert color="orange">No payment method is available on this site. Please contact support.</Alert>
                )}
                {rules.canHold && (
                  <Checkbox
                    label="Hold this booking (ticket later)"
                    {...form.getInputProps('hold', { type: 'checkbox' })}
                  />
                )}
                {order && order.status === 'created' && <OrderCountdown expiresAt={order.expiresAt} />}
                {order && order.status === 'created' && values.paymentMode === 'wallet' ? (
                  <Button loading={busy} onClick={() => void paying.run(order)}>
                    Retry payment
                  </Button>
                ) : (
                  <Button type="submit" loading={busy} disabled={!canPay}>
                    {payLabel}
                  </Button>
                )}
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        {!(order && order.status === 'created' && values.paymentMode === 'wallet') && (
          <div className={css.payBar} role="region" aria-label="Total and pay">
            <div>
              <Text size="xs" c="gray.7">
                {values.hold ? 'Total (paid when ticketed)' : 'Total to pay'}
              </Text>
              <Text fw={700} data-testid="pay-bar-total">
                {formatMoney(charge.total, charge.currency)}
              </Text>
            </div>
            <Button type="submit" loading={busy} disabled={!canPay}>
              {payLabel}
            </Button>
          </div>
        )}
      </form>
    </Container>
  );
}
