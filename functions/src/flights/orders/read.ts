/** getBookingDetails: a booking with its order, for its owner or staff. */
import { customerSees } from '#lib/account-members';
import { fail } from '#lib/errors';
import { bookingOwner } from '../../bookings/index.ts';
import type { OrderRecord } from '../repo.ts';
import type { FlightScope } from '../shopping/index.ts';
import type { OrderDeps } from './deps.ts';
import { isFirstLegOfNormalReturn, orderView, publicBooking } from './model.ts';

export async function bookingDetails(
  deps: OrderDeps,
  scope: FlightScope,
  input: { bookingId?: string | undefined; orderId?: string | undefined },
) {
  let bookingId = input.bookingId;
  let order: OrderRecord | null = null;
  if (input.orderId) {
    order = await deps.orders.getOrder(scope.site.siteId, input.orderId);
    bookingId ??= order?.bookingIds[0];
  }
  const booking = bookingId ? await deps.bookings.getBooking(scope.site.siteId, bookingId) : null;
  // A customer reads their own bookings, and their account's when they see the whole account (its admin).
  if (!booking || (scope.principal.userType !== 'staff' && !customerSees(scope.principal, bookingOwner(booking))))
    throw fail.notFound();
  order ??= await deps.orders.getOrder(scope.site.siteId, booking.orderId);
  return {
    booking: publicBooking(booking),
    order: order ? orderView(order) : null,
    showReturn: isFirstLegOfNormalReturn(booking),
  };
}
