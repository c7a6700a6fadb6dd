/**
 * What the order machinery reaches outside itself. Each Lambda entry builds one with orderDeps(),
 * plugging in the after-booking hooks it runs; unit tests pass fakes, so the money paths run without I/O.
 */
import { transactOrFalse } from '#lib/db';
import { loadPrincipal } from '#lib/principal';
import { siteById } from '#lib/tenancy';
import * as bookings from '../../bookings/index.ts';
import type { BookedHook } from '../../bookings/index.ts';
import { supplyFor } from '../../supply/index.ts';
import { addFlightActivity } from '../../users/index.ts';
import { creditItems, move, orderDueItem, startGatewayPayment } from '../../wallet/index.ts';
import * as orders from '../repo.ts';
import { checkBooking } from '../shopping/index.ts';

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
  wallet: { move: typeof move; creditItems: typeof creditItems };
  outbox: { orderDueItem: typeof orderDueItem };
  payments: { startGatewayPayment: typeof startGatewayPayment };
  checkBooking: typeof checkBooking;
  supplyFor: typeof supplyFor;
  siteById: typeof siteById;
  loadPrincipal: typeof loadPrincipal;
  addFlightActivity: typeof addFlightActivity;
  /** One transaction; false when a condition failed (another run got there first). */
  transact: typeof transactOrFalse;
  /** Work after every booking (e-ticket mail), plugged in by the entry. */
  afterBooked: readonly BookedHook[];
}

export function orderDeps(ports: { afterBooked: readonly BookedHook[] }): OrderDeps {
  return {
    orders,
    bookings,
    wallet: { move, creditItems },
    outbox: { orderDueItem },
    payments: { startGatewayPayment },
    checkBooking,
    supplyFor,
    siteById,
    loadPrincipal,
    addFlightActivity,
    transact: transactOrFalse,
    afterBooked: ports.afterBooked,
  };
}
