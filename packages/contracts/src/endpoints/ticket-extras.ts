/**
 * Extras after ticketing (ours): bags and seats the airline sells on a ticketed booking, priced with the
 * site's markup and paid once through a payment order like a booking (the wallet, or the gateway for retail). The
 * booker and staff buy them; the e-ticket shows them per passenger and segment, and each purchase gets a
 * supplementary GST invoice. Served by the tickets Lambda.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zId, zSupplierRef } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExtrasPurchase, ZPaymentOrder } from './flights.ts';

export const EXTRAS_MSG = {
  notOffered: 'Bags and seats are not offered by this airline after ticketing.',
  notTicketed: 'Extras can be added to a ticketed booking only.',
  choose: 'Choose at least one bag or seat',
  unknownExtra: 'An extra chosen is no longer on sale. Please choose again.',
  seatTwice: 'A seat can be chosen for one passenger only',
  hasSeat: 'This passenger already has a seat on that flight',
  totalChanged: 'The price of the extras has changed. Please review the new total.',
  inProgress: 'Extras are already being paid for on this booking. Please finish or wait for that payment.',
  added: 'Extras added to the booking',
} as const;

export const EXTRA_KINDS = ['baggage', 'seat'] as const;

export const ZExtraOffer = lazy(() =>
  z.object({
    extraId: z.string(),
    paxIndex: z.number(),
    passengerName: z.string(),
    kind: z.enum(EXTRA_KINDS),
    /** `origin-destination`: a bag's journey or a seat's flight. */
    segment: z.string(),
    description: z.string(),
    /** What the customer pays (the airline's price with the site's markup and GST on it). */
    price: z.number(),
    currency: z.string(),
  }),
);
export type TExtraOffer = z.infer<typeof ZExtraOffer>;

const EXTRAS_DOMAIN = 'tickets' as const;

export const getTicketExtras = endpoint({
  id: 'flights.getTicketExtras',
  api: 'flight',
  method: 'POST',
  path: 'api/getTicketExtras',
  domain: EXTRAS_DOMAIN,
  auth: 'user',
  permission: 'flights.changeRequests',
  request: lazy(() => z.object({ bookingId: zId() })),
  response: lazy(() =>
    z.object({
      /** False: the airline sells nothing after ticketing (`message` says so). */
      offered: z.boolean(),
      message: z.nullable(z.string()),
      extras: z.array(ZExtraOffer),
      purchases: z.array(ZExtrasPurchase),
    }),
  ),
  summary:
    'The bags and seats the airline sells on a ticketed booking now, priced for the booker, and what was bought.',
});

export const buyTicketExtras = endpoint({
  id: 'flights.buyTicketExtras',
  api: 'flight',
  method: 'POST',
  path: 'api/buyTicketExtras',
  domain: EXTRAS_DOMAIN,
  auth: 'user',
  permission: 'flights.changeRequests',
  request: lazy(() =>
    z.object({
      bookingId: zId(),
      extraIds: z.array(zSupplierRef()).check(z.minLength(1, EXTRAS_MSG.choose), z.maxLength(20)),
      /** The total the user confirmed; another total refuses with 409. */
      expectedTotal: z.number(),
    }),
  ),
  response: ZPaymentOrder,
  summary:
    "Creates (or returns the open) payment order for extras on a ticketed booking: paid like a booking (orderSuccessCallback from the booker's wallet, or the gateway's redirectTo), bought from the airline once.",
});

export const ticketExtrasEndpoints = [getTicketExtras, buyTicketExtras];
