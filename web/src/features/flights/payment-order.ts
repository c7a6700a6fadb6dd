/**
 * Creating and paying a flight payment order, shared by the passenger screen and "Try again" after a failed
 * payment (a new order with the same passengers): validateBooking, then api/setFlightDetails, then the wallet
 * callback or the gateway's page.
 */
import { orderSuccessCallback, setFlightDetails, validateBooking } from '@tp/contracts/endpoints/flights';
import type { TCharge, TPassengerInput, TPaymentOrder, ZBookingOutcome } from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import type * as z from 'zod/mini';
import { call } from '#api/client.ts';
import { toastError, toastSuccess } from '#lib/notify.ts';
import { persisted } from '#lib/storage.ts';
import { flightPaths } from './paths.ts';
import { bookingStore, paymentStore } from './state.ts';

export type BookingOutcome = z.infer<typeof ZBookingOutcome>;

export interface OrderInput {
  searchId: string;
  resultIndex: string;
  passengers: TPassengerInput[];
  hold: boolean;
  paymentMode: TPaymentOrder['paymentMode'];
}

/** What the last order was made of, by order id: "Try again" after a gateway round trip repeats it. */
export const orderInputStore = persisted<OrderInput & { orderId: string; amount: number }>('orderInput');

/**
 * Validates the passengers and creates the payment order. `expectedTotal` is the amount the user agreed
 * to (default: what validateBooking says now); a different server total is a 409, toasted by the client.
 * Refusals go to `onError` (field errors for a form); null when no order was made.
 */
export async function createPaymentOrder(
  input: OrderInput,
  options: {
    expectedTotal?: number;
    onError?: (error: unknown) => void;
    /** Sees the server's itemised charge before any order is made; false stops there. */
    onCharge?: (charge: TCharge) => boolean;
  } = {},
): Promise<TPaymentOrder | null> {
  const { paymentMode, ...booking } = input;
  const refused = (e: unknown) => {
    options.onError?.(e);
    return false as const;
  };
  const checked = await call(validateBooking, booking).catch(refused);
  if (checked === false) return null;
  if (options.onCharge && !options.onCharge(checked.charge)) return null;
  const created = await call(setFlightDetails, {
    ...booking,
    paymentMode,
    expectedTotal: options.expectedTotal ?? checked.totalPayable,
  }).catch(refused);
  if (created === false) return null;
  if (!created?.orderId) {
    toastError(MSG.paymentUnsuccessful);
    return null;
  }
  paymentStore.set(created);
  orderInputStore.set({ ...input, orderId: created.orderId, amount: created.amount });
  return created;
}

/**
 * Pays a created order: the wallet at once (a 402 goes to booking review through the error catalogue), or
 * the gateway's page (the browser leaves; it comes back on the verify screen). The outcome when booked here.
 */
export async function payOrder(order: TPaymentOrder): Promise<BookingOutcome | null> {
  if (order.paymentMode === 'wallet') return call(orderSuccessCallback, { orderId: order.orderId }).catch(() => null);
  if (order.redirectTo) window.location.assign(order.redirectTo);
  else toastError(MSG.paymentUnsuccessful);
  return null;
}

/**
 * Where a paid order lands: the booking-confirmed screen (the transaction screen, docs/decisions.md), or,
 * after a normal return's first leg, its booking details offering the return (spec 000 §4).
 */
export function bookingDone(outcome: BookingOutcome): string {
  toastSuccess(MSG.paymentSuccessful);
  const first = outcome.bookings[0];
  if (outcome.next === 'bookingDetails' && first)
    return flightPaths.bookingDetails(first.searchId, first.bookingId, true);
  bookingStore.clear();
  return flightPaths.transaction(outcome.order.orderId);
}
