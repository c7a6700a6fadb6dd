import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import type { getSSR } from '@tp/contracts/endpoints/flights';
import type { TCharge, TFlightOption, TPaymentOrder } from '@tp/contracts/endpoints/flights';
import { chargeOf } from '@tp/domain/charge';
import { applyFieldErrors, useAction } from '#api/action.ts';
import type { ResponseIn } from '#api/client.ts';
import { usePersisted } from '#lib/storage.ts';
import { chosenExtras, toPassengerInput } from './passenger-form.ts';
import type { PassengersFormValues } from './PassengerFields.tsx';
import { bookingDone, createPaymentOrder, payOrder } from './payment-order.ts';
import { bookingStore } from './state.ts';

/**
 * The total the summary shows: the server's charge for the picks it was asked about; until it is asked, the
 * same domain rule on the quoted fare and the catalogue prices. `onCharge` takes the server's answer and says
 * whether it is the total shown (pay never goes ahead on a total not shown); `totalMoved` then says it moved.
 */
export function usePassengerCharge(
  passengers: PassengersFormValues['passengers'],
  option: Pick<TFlightOption, 'fare' | 'fareBreakdown'>,
  ssr: ResponseIn<typeof getSSR> | undefined,
) {
  const [serverCharge, setServerCharge] = useState<{ picks: string; charge: TCharge } | null>(null);
  const [totalMoved, setTotalMoved] = useState(false);
  const picks = JSON.stringify(passengers.map((p) => [p.baggage, p.meal, p.seat]));
  const charge =
    serverCharge?.picks === picks
      ? serverCharge.charge
      : chargeOf(option.fare, option.fareBreakdown, chosenExtras(passengers, ssr));
  const onCharge = (c: TCharge) => {
    setServerCharge({ picks, charge: c });
    setTotalMoved(c.total !== charge.total);
    return c.total === charge.total;
  };
  return { charge, totalMoved, onCharge };
}

/**
 * The booking's order and its payment, as one step (`order.run(values)`), and the wallet payment again
 * (`pay.run(order)`) while an order waits; a paid order lands on the booking-confirmed screen
 * (payment-order.ts, shared with "Try again"). The passengers are kept for the search's next booking.
 */
export function usePassengerOrder({
  searchId,
  resultIndex,
  form,
  expectedTotal,
  onCharge,
}: {
  searchId: string;
  resultIndex: string;
  form: UseFormReturnType<PassengersFormValues>;
  expectedTotal: number;
  onCharge: (charge: TCharge) => boolean;
}) {
  const navigate = useNavigate();
  const booking = usePersisted(bookingStore);
  const [order, setOrder] = useState<TPaymentOrder | null>(null);

  const payWithWallet = async (o: TPaymentOrder) => {
    const outcome = await payOrder(o);
    if (outcome) navigate(bookingDone(outcome));
  };
  const pay = useAction(payWithWallet);

  const ordering = useAction(async (v: PassengersFormValues) => {
    const passengers = v.passengers.map(toPassengerInput);
    const input = { searchId, resultIndex, passengers, hold: v.hold, paymentMode: v.paymentMode };
    const created = await createPaymentOrder(input, {
      expectedTotal,
      onCharge,
      onError: (e) => applyFieldErrors(form, e),
    });
    if (!created) return;
    setOrder(created);
    if (booking) bookingStore.set({ ...booking, searchId, resultIndex, passengers });
    await payWithWallet(created);
  });
  return { order, pay, ordering, busy: ordering.busy || pay.busy };
}
