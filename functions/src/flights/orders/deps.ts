/**
 * What the order machinery reaches outside itself. Each Lambda entry builds one with orderDeps(),
 * plugging in the after-booking hooks it runs; unit tests pass fakes, so the money paths run without I/O.
 */
import { transactOrCancellations, transactOrFalse } from '#lib/db';
import { loadPrincipal } from '#lib/principal';
import { siteById } from '#lib/tenancy';
import * as bookings from '../../bookings/index.ts';
import type { BookedHook } from '../../bookings/index.ts';
import * as fixedDepartures from '../../fixed-departures/index.ts';
import { supplyFor } from '../../supply/index.ts';
import { addFlightActivity } from '../../users/index.ts';
import { creditItems, gatewayRefundItems, move, orderDueItem, startGatewayPayment } from '../../wallet/index.ts';
import * as orders from '../repo.ts';
import * as trips from '../trips-repo.ts';
import { checkBooking } from '../shopping/index.ts';
import { pricingContextFor } from '../../markup/index.ts';
import type { ExtrasHook } from './model.ts';

export interface OrderDeps {
  orders: Pick<
    typeof orders,
    | 'getOrder'
    | 'putOrder'
    | 'orderTransition'
    | 'transitionOrder'
    | 'getSearch'
    | 'setSearchLegBooking'
    | 'holdTicketOrderId'
    | 'claimHoldTicketOrder'
  >;
  bookings: Pick<typeof bookings, 'getBooking' | 'saveBooking' | 'newBookingItems' | 'nextBookingNumber'>;
  /** Return trips: the legs of a normal return as one record. */
  trips: Pick<typeof trips, 'getTrip' | 'putTripIfAbsent' | 'setTripLeg'>;
  wallet: { move: typeof move; creditItems: typeof creditItems; gatewayRefundItems: typeof gatewayRefundItems };
  outbox: { orderDueItem: typeof orderDueItem };
  payments: { startGatewayPayment: typeof startGatewayPayment };
  checkBooking: typeof checkBooking;
  supplyFor: typeof supplyFor;
  siteById: typeof siteById;
  loadPrincipal: typeof loadPrincipal;
  addFlightActivity: typeof addFlightActivity;
  /** One transaction; false when a condition failed (another run got there first). */
  transact: typeof transactOrFalse;
  /** One transaction; null, or each item's cancellation code (which condition failed). */
  transactCancellations: typeof transactOrCancellations;
  /** The fixed-departure inventory: prices a party, and the seats a booking takes in its transaction. */
  fixedDepartures: Pick<typeof fixedDepartures, 'quoteParty' | 'bookingWriteItems' | 'segmentsOf' | 'isInternational'>;
  /** Work after every booking (e-ticket mail), plugged in by the entry. */
  afterBooked: readonly BookedHook[];
  /** Work after extras were bought on a ticketed booking (the supplementary invoice), plugged in by the entry. */
  afterExtras: readonly ExtrasHook[];
  /** The booker's markup and GST (extras after ticketing are priced for the booking's owner). */
  pricingContextFor: typeof pricingContextFor;
}

export function orderDeps(ports: {
  afterBooked: readonly BookedHook[];
  afterExtras: readonly ExtrasHook[];
}): OrderDeps {
  return {
    orders,
    bookings,
    trips,
    wallet: { move, creditItems, gatewayRefundItems },
    outbox: { orderDueItem },
    payments: { startGatewayPayment },
    checkBooking,
    supplyFor,
    siteById,
    loadPrincipal,
    addFlightActivity,
    transact: transactOrFalse,
    transactCancellations: transactOrCancellations,
    fixedDepartures,
    afterBooked: ports.afterBooked,
    afterExtras: ports.afterExtras,
    pricingContextFor,
  };
}
