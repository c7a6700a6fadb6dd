import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import {
  bookFixedDeparture,
  quoteFixedDeparture,
  searchFixedDepartures,
  type TFdOffer,
} from '@tp/contracts/endpoints/fixed-departures';
import type { TBooking } from '@tp/contracts/endpoints/flights';
import { phoneCountries } from '@tp/domain/phone';
import { call } from '#api/client.ts';
import { useAction } from '#api/action.ts';
import { useApi } from '#api/hooks.ts';
import { formatMoney, isoDay } from '#shared/format.ts';
import { useUser } from '#lib/state.ts';
import {
  PassengerFields,
  initialPassengers,
  payOrder,
  toPassengerInput,
  validatePassengerForm,
  type PassengersFormValues,
} from '#features/flights/index.ts';
import { FlightLines, routeLabel } from './FlightLines.tsx';
import { printPath } from './paths.ts';
import { Modal } from '#shared/Modal.tsx';

interface Party {
  adults: number;
  children: number;
  infants: number;
}

const breakdownOf = (p: Party) => [
  { passengerType: 1, count: p.adults },
  { passengerType: 2, count: p.children },
  { passengerType: 3, count: p.infants },
];

/**
 * Booking a fixed departure: the party, its price from the server (markup applied there), the passengers
 * (the flight booking's own fields and rules), then the same payment as a flight: the wallet at once, or
 * the gateway's page. The booked seats end in the ticket queue; the print opens from here.
 */
export function BookDialog({ offer, onClose }: { offer: TFdOffer; onClose: () => void }) {
  const user = useUser();
  const [party, setParty] = useState<Party>({ adults: 1, children: 0, infants: 0 });
  const [booked, setBooked] = useState<TBooking | null>(null);
  const partyOk =
    party.adults >= 1 && party.infants <= party.adults && party.adults + party.children <= offer.seatsLeft;
  const quote = useApi(
    quoteFixedDeparture,
    partyOk ? { id: offer.id, supplierSiteId: offer.supplierSiteId, ...party } : null,
  );
  const form = useForm<PassengersFormValues>({
    initialValues: {
      passengers: initialPassengers(breakdownOf(party), [], { email: user?.email }),
      paymentMode: 'wallet',
      hold: false,
    },
    validate: (v) =>
      validatePassengerForm(v.passengers, {
        isPassportRequired: offer.isPassportRequired,
        travelDate: offer.flights.at(-1)?.departureTime ?? '',
        today: isoDay(new Date()),
      }),
  });
  // A new party starts its passenger list again (names typed for a party no longer chosen would mislead).
  const partyKey = `${party.adults}-${party.children}-${party.infants}`;
  useEffect(() => {
    form.setFieldValue('passengers', initialPassengers(breakdownOf(party), [], { email: user?.email }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the party changes
  }, [partyKey]);
  const countries = useMemo(() => phoneCountries().map((c) => ({ value: c.code.toUpperCase(), label: c.name })), []);

  const pay = useAction(
    async (values: PassengersFormValues) => {
      const order = await call(bookFixedDeparture, {
        id: offer.id,
        supplierSiteId: offer.supplierSiteId,
        passengers: values.passengers.map(toPassengerInput),
        paymentMode: values.paymentMode,
        ...(quote.data ? { expectedTotal: quote.data.total } : {}),
      });
      return payOrder(order);
    },
    {
      form,
      success: 'Seats booked',
      revalidate: [searchFixedDepartures],
      onSuccess: (outcome) => outcome?.bookings[0] && setBooked(outcome.bookings[0]),
    },
  );

  const values = form.getValues();
  const numberInType = (i: number) =>
    values.passengers.slice(0, i + 1).filter((p) => p.paxType === values.passengers[i]!.paxType).length;
  const count = (key: keyof Party, label: string, min: number) => (
    <NumberInput
      label={label}
      min={min}
      max={9}
      clampBehavior="none"
      allowDecimal={false}
      value={party[key]}
      onChange={(v) => setParty((p) => ({ ...p, [key]: typeof v === 'number' ? v : min }))}
    />
  );

  return (
    <Modal opened onClose={onClose} title={`Book ${offer.title || routeLabel(offer.flights)}`} size="xl">
      {booked ? (
        <Stack gap="md">
          <Alert color="green" title="Booked" role="status">
            Booking {booked.bookingId}, reference {booked.pnr}. It is in your ticket queue.
          </Alert>
          <Group gap="sm">
            <Button component={Link} to={printPath(booked.supplierBookingId)}>
              Print
            </Button>
            <Anchor component={Link} to="/flight/ticketQueue">
              Ticket queue
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((v) => void pay.run(v))} noValidate>
          <Stack gap="md">
            <FlightLines flights={offer.flights} />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              {count('adults', 'Adults (12+)', 1)}
              {count('children', 'Children (2–11)', 0)}
              {count('infants', 'Infants (under 2)', 0)}
            </SimpleGrid>
            {!partyOk && (
              <Alert color="yellow" role="alert">
                {party.adults < 1
                  ? 'At least one adult must travel.'
                  : party.infants > party.adults
                    ? 'Each infant must travel with an adult.'
                    : `Only ${offer.seatsLeft} seats are left.`}
              </Alert>
            )}
            {values.passengers.map((p, i) => (
              <PassengerFields
                key={`${partyKey}-${i}`}
                form={form}
                index={i}
                number={numberInType(i)}
                passportRequired={offer.isPassportRequired}
                countries={countries}
                ssr={undefined}
                takenSeats={{}}
              />
            ))}
            <Radio.Group label="Pay with" {...form.getInputProps('paymentMode')}>
              <Group gap="lg" mt={4}>
                <Radio value="wallet" label="Wallet" />
                <Radio value="gateway" label="Card, UPI or net banking" />
              </Group>
            </Radio.Group>
            <Group justify="space-between" align="center" wrap="wrap">
              <Text fw={700} aria-live="polite">
                {quote.data ? `Total ${formatMoney(quote.data.total, quote.data.fare.currency)}` : 'Total …'}
              </Text>
              <Button type="submit" loading={pay.busy} disabled={!partyOk || !quote.data}>
                {quote.data ? `Pay ${formatMoney(quote.data.total, quote.data.fare.currency)}` : 'Pay'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
