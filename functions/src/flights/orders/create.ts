/** setFlightDetails: a payment order for a checked fare (a gateway payment starts here too). */
import { FLIGHT_TIMING, type TPaymentOrder } from '@tp/contracts/endpoints/flights';
import { round2 } from '@tp/domain/pricing';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { OrderRecord } from '../repo.ts';
import type { FlightScope } from '../shopping/index.ts';
import { tripLegOf } from '../trips.ts';
import type { OrderDeps } from './deps.ts';
import { orderView } from './model.ts';

export async function createOrder(
  deps: OrderDeps,
  scope: FlightScope,
  input: Parameters<OrderDeps['checkBooking']>[1] & {
    paymentMode: 'wallet' | 'gateway';
    expectedTotal?: number | undefined;
    remark?: string | undefined;
  },
): Promise<TPaymentOrder> {
  const checked = await deps.checkBooking(scope, input);
  const { ctx, fare, option } = checked;
  if (input.expectedTotal !== undefined && round2(input.expectedTotal) !== fare.totalPayableAmt)
    throw fail.conflict('The fare has changed. Please review the new price before paying.');
  // Which leg of which return trip (a trip's return already booked is refused here, before any debit).
  const trip = await tripLegOf(deps.trips, ctx.search, input.resultIndex);
  const now = scope.now;
  const orderId = newId();
  const order: OrderRecord = {
    orderId,
    amount: fare.totalPayableAmt,
    currency: fare.currency,
    traceId: ctx.search.searchId,
    redirectTo: null,
    remark:
      input.remark ??
      `Flight ${option.segments[0]?.[0]?.originAirportCode}-${option.segments.at(-1)?.at(-1)?.destinationAirportCode}`,
    serviceName: 'flight',
    supplierSiteId: (ctx.supply as { supplierSiteId?: string }).supplierSiteId ?? null,
    segments: option.segments.flat().map((s) => ({
      origin: s.originAirportCode,
      destination: s.destinationAirportCode,
      departureTime: s.departureTime,
      flightNumber: s.flightNumber,
      airlineCode: s.airlineCode,
    })),
    transactionId: null,
    status: 'created',
    paymentMode: input.paymentMode,
    hold: input.hold,
    expiresAt: new Date(now.getTime() + FLIGHT_TIMING.paymentOrderMinutes * 60_000).toISOString(),
    bookingIds: [],
    siteId: scope.site.siteId,
    userId: scope.principal.userId,
    legalEntityId: scope.principal.legalEntityId,
    searchId: ctx.search.searchId,
    resultIndex: input.resultIndex,
    supply: ctx.supply.name,
    option: ctx.quote.option,
    supplierFare: ctx.quote.option.fare,
    fare,
    fareBreakdown: option.fareBreakdown,
    fareRules: ctx.quote.fareRules ?? [],
    passengers: checked.passengers,
    journeyType: trip.journeyType,
    isDomestic: ctx.search.isDomestic,
    leg: trip.leg,
    ...(trip.tripId ? { tripId: trip.tripId } : {}),
    createdAt: now.toISOString(),
  };
  // A hold is paid when it is ticketed; a gateway payment starts now and returns to the verify screen.
  if (!input.hold && input.paymentMode === 'gateway') {
    const started = await deps.payments.startGatewayPayment(scope.site, {
      purpose: { kind: 'flightOrder', orderId },
      amount: order.amount,
      currency: order.currency,
      userId: order.userId,
      legalEntityId: order.legalEntityId,
      now,
    });
    order.redirectTo = started.redirectTo;
  }
  await deps.orders.putOrder(order);
  return orderView(order);
}
