import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import * as MSG from '../messages.ts';
import { zId, zRemarks } from '../fields.ts';
import { ZCountry } from '../master.ts';
import {
  PAX_LIMITS,
  PAYMENT_MODES,
  ZBooking,
  ZCharge,
  ZFare,
  ZFareQuote,
  ZFareRule,
  ZFlightOption,
  ZOptionRef,
  ZPassengerInput,
  ZPaxFare,
  ZPaymentOrder,
  ZSearchRequest,
  ZSearchResponse,
  ZSsrCatalogue,
} from '../flights.ts';
import { lazy } from '../lazy.ts';

// The booking flow of spec 000 §4: search → results → fare quote → SSR → passengers → payment order →
// order-success callback. All on the flight API base; 'user' calls bind staff to their Flights permissions.

export const search = endpoint({
  id: 'flights.search',
  api: 'flight',
  method: 'POST',
  path: 'api/search',
  domain: 'flights',
  auth: 'user',
  permission: 'flights.search',
  request: ZSearchRequest,
  response: ZSearchResponse,
  summary:
    "Searches the site's supply and prices every option for the caller; counts a look for look-to-book and refuses callers over their limit or with search switched off.",
});

export const ZCalendarFareDay = lazy(() =>
  z.object({
    date: z.string(),
    fare: z.number(),
    baseFare: z.number(),
    tax: z.number(),
    airlineCode: z.string(),
    airlineName: z.string(),
    departureTime: z.string(),
    isLowestFareOfMonth: z.boolean(),
    /** Ours: the supplier's own calendar, not a price of our results; shown as "from". Absent: bookable as shown. */
    isIndicative: z.optional(z.boolean()),
  }),
);
export const getCalendarFare = endpoint({
  id: 'flights.getCalendarFare',
  api: 'flight',
  method: 'POST',
  path: 'api/getCalendarFare',
  domain: 'flights',
  auth: 'user',
  permission: 'flights.search',
  request: lazy(() =>
    z.object({
      origin: z
        .string({ error: MSG.required })
        .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'Enter a valid airport or city code')),
      destination: z
        .string({ error: MSG.required })
        .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'Enter a valid airport or city code')),
      month: z.string({ error: MSG.required }).check(z.regex(/^\d{4}-\d{2}$/, 'Choose a month')),
      cabinClass: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(6))),
      /** Ours: only these days of the month (the ±3-day strip), each priced as a search of that day. */
      days: z.optional(
        z
          .array(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date')))
          .check(z.minLength(1), z.maxLength(7)),
      ),
    }),
  ),
  response: lazy(() => z.array(ZCalendarFareDay)),
  summary:
    'Lowest one-way, one-adult fare per day of a month: the cheapest option a search of that day offers the caller, priced as results are (isIndicative where the supplier gives only its own calendar).',
});

export const ZSource = lazy(() => z.object({ code: z.string(), name: z.string(), isLcc: z.boolean() }));
export const getSources = endpoint({
  id: 'flights.getSources',
  api: 'flight',
  method: 'GET',
  path: 'api/getSources',
  domain: 'flights',
  auth: 'user',
  request: zEmpty,
  response: lazy(() => z.array(ZSource)),
  summary: "The sources (GDS and LCC airlines) the site's supply can search.",
});

export const getFareRules = endpoint({
  id: 'flights.getFareRules',
  api: 'flight',
  method: 'POST',
  path: 'api/getFareRules',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: lazy(() => z.array(ZFareRule)),
  summary: "The airline's fare rules for an option, per sector.",
});

export const fareQuote = endpoint({
  id: 'flights.fareQuote',
  api: 'flight',
  method: 'POST',
  path: 'api/fareQuote',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZFareQuote,
  summary:
    'Re-prices an option at the supplier and keeps the quote for payment; isPriceChanged with the new total when it moved.',
});

export const getSSR = endpoint({
  id: 'flights.getSSR',
  api: 'flight',
  method: 'POST',
  path: 'api/getSSR',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZSsrCatalogue,
  summary: "Extra baggage, meals and seats for a quoted option; 404 'No SSR details' when the supplier has none.",
});

const ZPriceView = lazy(() =>
  z.object({
    fare: ZFare,
    fareBreakdown: z.array(ZPaxFare),
    showFullBreakdown: z.boolean(),
    /** travelAgent and staff get a Show/Hide Details control unless a markup applies. */
    showDetailsToggle: z.boolean(),
  }),
);
export const getFlightPrice = endpoint({
  id: 'flights.getFlightPrice',
  api: 'flight',
  method: 'POST',
  path: 'api/getFlightPrice',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZPriceView,
  summary: "The caller's fare summary of an option (the last quote if there is one), with what they may see of it.",
});

export const ZFlightDetails = lazy(() =>
  z.object({
    option: ZFlightOption,
    adultCount: z.number(),
    childCount: z.number(),
    infantCount: z.number(),
    JourneyType: z.number(),
    isDomestic: z.boolean(),
    quotedAt: z.nullable(z.string()),
    expiresAt: z.string(),
  }),
);
export const getFlightDetails = endpoint({
  id: 'flights.getFlightDetails',
  api: 'flight',
  method: 'POST',
  path: 'api/getFlightDetails',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: ZFlightDetails,
  summary: 'One option of a search (as last quoted) with the passenger counts, for the review and passenger screens.',
});

export const getPassengerViewOptions = endpoint({
  id: 'flights.getPassengerViewOptions',
  api: 'flight',
  method: 'POST',
  path: 'api/getPassengerViewOptions',
  domain: 'flights',
  auth: 'user',
  request: ZOptionRef,
  response: lazy(() =>
    z.object({
      countryList: z.array(ZCountry),
      phoneCodeList: z.array(ZCountry),
      fareRules: z.array(ZFareRule),
      fareQuote: ZFareQuote,
      /** What the passenger form must ask for this fare. */
      rules: z.object({
        isPassportRequired: z.boolean(),
        isPanRequired: z.boolean(),
        isDomestic: z.boolean(),
        /** Whether this caller may hold (book now, ticket later) this option. */
        canHold: z.boolean(),
        /** Date the youngest/oldest rules are checked against (the last travel date). */
        travelDate: z.string(),
      }),
      walletBalance: z.nullable(z.number()),
    }),
  ),
  summary:
    'Everything the passenger screen needs in one call: country and phone-code lists, fare rules, the fare quote and the form rules.',
});

const ZBookingInput = lazy(() =>
  z.extend(ZOptionRef, {
    passengers: z.array(ZPassengerInput).check(z.minLength(1, MSG.required), z.maxLength(PAX_LIMITS.maxSeated * 2)),
    /** Book now and ticket later (GDS only, where the user and relation allow it). */
    hold: z._default(z.boolean(), false),
  }),
);
export const validateBooking = endpoint({
  id: 'flights.validateBooking',
  api: 'flight',
  method: 'POST',
  path: 'api/validateBooking',
  domain: 'flights',
  auth: 'user',
  request: ZBookingInput,
  /** `charge` itemises `totalPayable` (the amount the payment order will charge). */
  response: lazy(() =>
    z.object({ valid: z.literal(true), totalPayable: z.number(), currency: z.string(), charge: ZCharge }),
  ),
  summary:
    'Checks passengers against the fare (counts, ages on the travel date, passport where required, lead contact) and the chosen SSR against the catalogue; 400 with a message per field otherwise.',
});

export const setFlightDetails = endpoint({
  id: 'flights.setFlightDetails',
  api: 'flight',
  method: 'POST',
  path: 'api/setFlightDetails',
  domain: 'flights',
  auth: 'user',
  permission: 'flights.book',
  request: lazy(() =>
    z.extend(ZBookingInput, {
      paymentMode: z.enum(PAYMENT_MODES, { error: MSG.required }),
      /** The total the user agreed to; a different server-side total refuses with 409 (price changed). */
      expectedTotal: z.optional(z.number()),
      remark: z.optional(zRemarks({ max: 200, required: false })),
    }),
  ),
  response: ZPaymentOrder,
  summary:
    'Validates, then creates the payment order (valid 15 minutes) from the server-side quote plus chosen SSR; for a gateway payment it also starts the payment and returns redirectTo.',
});

export const ZBookingOutcome = lazy(() =>
  z.object({
    order: ZPaymentOrder,
    bookings: z.array(ZBooking),
    /** Where the client goes next: booking details with showReturn (first leg of a normal return) or the ticket queue. */
    next: z.enum(['ticketQueue', 'bookingDetails']),
  }),
);
export const orderSuccessCallback = endpoint({
  id: 'flights.orderSuccessCallback',
  api: 'flight',
  method: 'POST',
  path: 'api/payments/orderSuccessCallback',
  domain: 'flights',
  auth: 'user',
  request: lazy(() => z.object({ orderId: zId() })),
  response: ZBookingOutcome,
  summary:
    'Pays a wallet order (one atomic, idempotent debit) or confirms a verified gateway payment, then books and tickets (or holds); repeated calls return the same outcome.',
});

export const getBookingDetails = endpoint({
  id: 'flights.getBookingDetails',
  api: 'flight',
  method: 'POST',
  path: 'api/getBookingDetails',
  domain: 'flights',
  auth: 'user',
  request: lazy(() =>
    z
      .object({ bookingId: z.optional(zId()), orderId: z.optional(zId()) })
      .check(z.refine((v) => !!(v.bookingId || v.orderId), { message: MSG.required, path: ['bookingId'] })),
  ),
  response: lazy(() => z.object({ booking: ZBooking, order: z.nullable(ZPaymentOrder), showReturn: z.boolean() })),
  summary:
    "A booking (the caller's own; staff: any of the site) with its payment order; showReturn after a normal return's first leg.",
});

/** A normal return's two legs as one trip (issue #29 item 13; docs/flights.md "Return trips"). */
export const ZFlightTrip = lazy(() =>
  z.object({
    tripId: z.string(),
    /** The return search the first leg was booked from. */
    request: ZSearchRequest,
    /** The second leg's one-way search, kept on the server (with `tripId`): "Book return flight" runs it. */
    returnSearch: ZSearchRequest,
    /** The booked legs, onward first. */
    legs: z.array(ZBooking),
    /** True while the return leg is not booked yet (and the caller may book it). */
    canBookReturn: z.boolean(),
    /** The first leg's passengers, to fill in the second leg's form. */
    passengers: z.array(z.omit(ZPassengerInput, { ssr: true })),
  }),
);

export const getFlightTrip = endpoint({
  id: 'flights.getFlightTrip',
  api: 'flight',
  method: 'POST',
  path: 'api/getFlightTrip',
  domain: 'flights',
  auth: 'user',
  request: lazy(() => z.object({ tripId: zId() })),
  response: ZFlightTrip,
  summary:
    "Ours: a return trip (the caller's own; staff: any of the site) with both legs' bookings and the second leg's search.",
});

export const flightEndpoints = [
  search,
  getCalendarFare,
  getSources,
  getFareRules,
  fareQuote,
  getSSR,
  getFlightPrice,
  getFlightDetails,
  getPassengerViewOptions,
  validateBooking,
  setFlightDetails,
  orderSuccessCallback,
  getBookingDetails,
  getFlightTrip,
];
