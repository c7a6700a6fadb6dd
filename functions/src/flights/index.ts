import * as api from '@tp/contracts/endpoints/flights';
import { domainHandler, operation, type Operation, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import * as flights from './service.ts';
import * as orders from './orders.ts';

const scope = async (ctx: RequestContext): Promise<flights.FlightScope> => ({
  site: await ctx.site(),
  principal: requirePrincipal(ctx),
  now: ctx.now,
  ip: ctx.ip,
  log: ctx.log,
});

export const operations: Operation[] = [
  operation(api.search, async (input, ctx) => flights.search(await scope(ctx), input)),
  operation(api.getCalendarFare, async (input, ctx) => flights.calendarFare(await scope(ctx), input)),
  operation(api.getSources, async (_input, ctx) => flights.sources(await scope(ctx))),
  operation(api.getFareRules, async (input, ctx) => flights.fareRules(await scope(ctx), input)),
  operation(api.fareQuote, async (input, ctx) => flights.fareQuote(await scope(ctx), input)),
  operation(api.getSSR, async (input, ctx) => flights.ssr(await scope(ctx), input)),
  operation(api.getFlightPrice, async (input, ctx) => flights.priceView(await scope(ctx), input)),
  operation(api.getFlightDetails, async (input, ctx) => flights.flightDetails(await scope(ctx), input)),
  operation(api.getPassengerViewOptions, async (input, ctx) => flights.passengerViewOptions(await scope(ctx), input)),
  operation(api.validateBooking, async (input, ctx) => {
    const checked = await flights.checkBooking(await scope(ctx), input);
    const { fare, charge } = checked;
    return { valid: true as const, totalPayable: fare.totalPayableAmt, currency: fare.currency, charge };
  }),
  operation(api.setFlightDetails, async (input, ctx) => orders.createOrder(await scope(ctx), input)),
  operation(api.orderSuccessCallback, async (input, ctx) => orders.payOrder(await scope(ctx), input.orderId)),
  operation(api.getBookingDetails, async (input, ctx) => orders.bookingDetails(await scope(ctx), input)),
];

export const handler = domainHandler(operations);
