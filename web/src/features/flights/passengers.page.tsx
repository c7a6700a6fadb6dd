import { useMemo } from 'react';
import { Alert, Button, Container, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { getPassengerViewOptions, getSSR } from '@tp/contracts/endpoints/flights';
import { getActiveGateway } from '@tp/contracts/endpoints/wallet';
import { PAX_NAME } from '@tp/contracts/endpoints/flights';
import { useApi } from '#api/hooks.ts';
import { usePersisted } from '#lib/storage.ts';
import { useUser } from '#lib/state.ts';
import { initialPassengers, validatePassengerForm } from './passenger-form.ts';
import css from './passengers.module.css';
import { PassengerFields, type PassengersFormValues } from './PassengerFields.tsx';
import { awaitsWalletRetry, PayBar, PaymentPanel } from './PassengerPayment.tsx';
import { flightPaths } from './paths.ts';
import { localDate } from './search-form.ts';
import { bookingStore } from './state.ts';
import { usePassengerCharge, usePassengerOrder } from './usePassengerOrder.ts';

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

/** Seats already taken by a passenger of this booking, by segment (nobody else may pick them). */
function takenSeatsOf(passengers: PassengersFormValues['passengers']): Record<string, string[]> {
  const taken: Record<string, string[]> = {};
  for (const p of passengers)
    for (const [seg, code] of Object.entries(p.seat)) if (code) (taken[seg] ??= []).push(code);
  return taken;
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
  const user = useUser();
  const booking = usePersisted(bookingStore);
  const { rules, fareQuote: quote, walletBalance } = view;
  const option = quote.option;
  const walletAllowed = walletBalance !== null;

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
  const { charge, totalMoved, onCharge } = usePassengerCharge(values.passengers, option, ssr);
  const { order, pay, ordering, busy } = usePassengerOrder({
    searchId,
    resultIndex,
    form,
    expectedTotal: charge.total,
    onCharge,
  });

  const takenSeats = takenSeatsOf(values.passengers);
  const numberInType = (i: number) =>
    values.passengers.slice(0, i + 1).filter((p) => p.paxType === values.passengers[i]!.paxType).length;
  const passengerNames = values.passengers.map((p, i) => `${PAX_NAME[p.paxType]} ${numberInType(i)}`);
  const canPay = walletAllowed || !!gatewayLabel;
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
            <PaymentPanel
              form={form}
              option={option}
              charge={charge}
              totalMoved={totalMoved}
              passengerNames={passengerNames}
              walletBalance={walletBalance}
              gatewayLabel={gatewayLabel}
              canHold={rules.canHold}
              order={order}
              busy={busy}
              retry={pay}
            />
          </Grid.Col>
        </Grid>
        {!awaitsWalletRetry(order, values) && <PayBar hold={values.hold} charge={charge} busy={busy} canPay={canPay} />}
      </form>
    </Container>
  );
}
