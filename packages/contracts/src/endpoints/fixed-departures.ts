/**
 * Fixed departures (docs/fixed-departures.md). api.tsv names none of these calls, so the
 * paths are ours, on the site API, served by the fixed-departures Lambda:
 *
 * - `fixedDeparture/staff/save`, `…/staff/list`, `…/staff/sales`: staff keep the site's inventory (flights with
 *   times, seats, a fare per passenger type, a sale window) and see who bought seats.
 * - `fixedDeparture/search`: what a signed-in user can book now, from this site and from supplier sites linked
 *   with the FixedDeparture category, each priced with the fixed-departure markup of the user's group.
 * - `fixedDeparture/quote`, `fixedDeparture/book`: the price of a party, then a payment order of kind
 *   'fixedDeparture' paid exactly as a flight order (`api/payments/orderSuccessCallback` for the wallet, the
 *   gateway through its verification queue). Seats are taken when the order is booked, never oversold.
 * - `fixedDeparture/print/{fdSlug}`: the public print of one booking (prices only for its booker and staff).
 */
import * as z from 'zod/mini';
import { inventoryProblems } from '@tp/domain/fixed-departures';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zCursor, zId, zName, zPnr, zPreprocess, zShortText, zToken } from '../fields.ts';
import { lazy } from '../lazy.ts';
import {
  AIRLINE_CODE,
  PAX_LIMITS,
  PAYMENT_MODES,
  ZBooking,
  ZFare,
  ZPassengerInput,
  ZPaxFare,
  ZPaymentOrder,
} from './flights.ts';

export const FD_PERMISSIONS = { manage: 'fixedDepartures.manage', book: 'fixedDepartures.book' } as const;

/** Our wording (the spec quotes none for fixed departures); the inventory rules' messages are the domain's FD_MSG. */
export const FD_TEXT = {
  saved: 'Fixed departure saved',
  changedMeanwhile: 'This fixed departure was changed by someone else meanwhile; reload it and try again',
  notFound: 'This fixed departure is no longer available',
  printNotFound: 'This booking link is not valid',
  priceChanged: 'The price has changed. Please review the new total before paying.',
  soldOutRefunded:
    'The seats were sold out before your booking completed. Any amount paid has been credited to your wallet.',
  invalidAirport: 'Please enter a valid airport code',
  unknownAirport: 'No airport with this code',
  invalidAirline: 'Please enter a valid airline code',
  unknownAirline: 'No airline with this code',
  invalidFlightNumber: 'Please enter a valid flight number',
  invalidDateTime: 'Please enter a valid date and time',
  invalidDate: 'Please enter a valid date',
  invalidAmount: 'Please enter a valid amount',
  negativeAmount: 'Amount cannot be negative',
  seatsRange: 'Seats must be a whole number from 1 to 999',
} as const;

export const FD_LIMITS = { maxFlights: 4, maxSeats: 999, pageSize: 25 } as const;

const fd = { domain: 'fixed-departures', api: 'site' } as const;
const staff = { ...fd, auth: 'staff', permission: FD_PERMISSIONS.manage } as const;
const user = { ...fd, auth: 'user', permission: FD_PERMISSIONS.book } as const;

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const zAirport = () =>
  zPreprocess(upper, z.string({ error: MSG.required }).check(z.regex(/^[A-Z]{3}$/, FD_TEXT.invalidAirport)));
const zAirline = () =>
  zPreprocess(upper, z.string({ error: MSG.required }).check(z.regex(AIRLINE_CODE, FD_TEXT.invalidAirline)));
/** `YYYY-MM-DDTHH:mm`, airport-local (a datetime-local input's value). */
const zLocalDateTime = () =>
  z
    .string({ error: MSG.required })
    .check(
      z.trim(),
      z.minLength(1, MSG.required),
      z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, FD_TEXT.invalidDateTime),
    );
const zDay = () =>
  z
    .string({ error: MSG.required })
    .check(
      z.trim(),
      z.minLength(1, MSG.required),
      z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, FD_TEXT.invalidDate),
    );
/** A number input's value: a number or numeric text; blank is missing. */
const zMoney = () =>
  zPreprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z.number({ error: (i) => (i.input === undefined ? MSG.required : FD_TEXT.invalidAmount) }).check(
      z.refine(Number.isFinite, FD_TEXT.invalidAmount),
      z.refine((n) => n >= 0, FD_TEXT.negativeAmount),
      z.refine((n) => n <= 10_000_000, FD_TEXT.invalidAmount),
    ),
  );
const zCount = (min: number, max: number, message: string) =>
  zPreprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ error: (i) => (i.input === undefined ? MSG.required : message) })
      .check(z.int(message), z.minimum(min, message), z.maximum(max, message)),
  );

export const ZFdFlightInput = lazy(() =>
  z.object({
    airlineCode: zAirline(),
    flightNumber: zPreprocess(
      upper,
      z.string({ error: MSG.required }).check(z.regex(/^\d{1,4}[A-Z]?$/, FD_TEXT.invalidFlightNumber)),
    ),
    origin: zAirport(),
    destination: zAirport(),
    departureTime: zLocalDateTime(),
    arrivalTime: zLocalDateTime(),
    originTerminal: z._default(zShortText({ required: false, max: 10 }), ''),
    destinationTerminal: z._default(zShortText({ required: false, max: 10 }), ''),
    /** Checked-in allowance as printed, e.g. `30 Kg`; cabin e.g. `7 Kg`. */
    baggage: z._default(zShortText({ required: false, max: 20 }), ''),
    cabinBaggage: z._default(zShortText({ required: false, max: 20 }), ''),
  }),
);

const zFare = () => z.object({ baseFare: zMoney(), tax: zMoney() });

export const ZSaveFixedDeparture = lazy(() =>
  z
    .object({
      /** Absent: a new departure; present: an edit of the `version` the screen loaded. */
      id: z.optional(zId()),
      version: z.optional(z.number()),
      title: z._default(zName({ required: false }), ''),
      /** The group PNR the airline gave the block (staff only; bookings get their own references). */
      pnr: zPnr(),
      flights: z
        .array(ZFdFlightInput)
        .check(z.minLength(1, MSG.required), z.maxLength(FD_LIMITS.maxFlights, MSG.tooManyItems(FD_LIMITS.maxFlights))),
      totalSeats: zCount(1, FD_LIMITS.maxSeats, FD_TEXT.seatsRange),
      fares: z.object({ adult: zFare(), child: zFare(), infant: zFare() }),
      currency: z._default(z.enum(['INR', 'AED', 'USD']), 'INR'),
      /** Site business days, inclusive. */
      saleFrom: zDay(),
      saleUntil: zDay(),
      isRefundable: z._default(z.boolean(), false),
      isActive: z._default(z.boolean(), true),
    })
    .check(
      z.superRefine((v, ctx) => {
        for (const [path, message] of Object.entries(inventoryProblems(v)))
          ctx.addIssue({
            code: 'custom',
            path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            message,
          });
      }),
    ),
);
export type TSaveFixedDeparture = z.input<typeof ZSaveFixedDeparture>;

const ZFdFlight = lazy(() =>
  z.object({
    airlineCode: z.string(),
    airlineName: z.string(),
    flightNumber: z.string(),
    origin: z.string(),
    originName: z.string(),
    originCity: z.string(),
    destination: z.string(),
    destinationName: z.string(),
    destinationCity: z.string(),
    departureTime: z.string(),
    arrivalTime: z.string(),
    durationMinutes: z.number(),
    originTerminal: z.string(),
    destinationTerminal: z.string(),
    baggage: z.string(),
    cabinBaggage: z.string(),
  }),
);
export type TFdFlight = z.infer<typeof ZFdFlight>;

const ZFdFares = lazy(() =>
  z.object({
    adult: z.object({ baseFare: z.number(), tax: z.number() }),
    child: z.object({ baseFare: z.number(), tax: z.number() }),
    infant: z.object({ baseFare: z.number(), tax: z.number() }),
  }),
);

/** A departure as its staff keep it. */
export const ZStaffDeparture = lazy(() =>
  z.object({
    id: z.string(),
    version: z.number(),
    title: z.string(),
    pnr: z.string(),
    flights: z.array(ZFdFlight),
    totalSeats: z.number(),
    seatsLeft: z.number(),
    fares: ZFdFares,
    currency: z.string(),
    saleFrom: z.string(),
    saleUntil: z.string(),
    isRefundable: z.boolean(),
    isActive: z.boolean(),
    /** On sale today (active, in its window, seats left). */
    onSale: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TStaffDeparture = z.infer<typeof ZStaffDeparture>;

const page = <T extends z.core.$ZodType>(item: T) =>
  z.object({ records: z.array(item), nextCursor: z.nullable(z.string()) });

export const saveFixedDeparture = endpoint({
  ...staff,
  id: 'fixedDepartures.save',
  method: 'POST',
  path: 'fixedDeparture/staff/save',
  request: ZSaveFixedDeparture,
  response: ZStaffDeparture,
  summary:
    'Ours: creates or edits (version-checked) a fixed departure of this site; seats left move with total seats, never below those sold.',
});

export const listFixedDepartures = endpoint({
  ...staff,
  id: 'fixedDepartures.list',
  method: 'GET',
  path: 'fixedDeparture/staff/list',
  request: lazy(() =>
    z.object({
      /** Departures from this day on (default: today); `past=true` lists those before it, newest first. */
      past: z._default(
        z.pipe(
          z.union([z.boolean(), z.enum(['true', 'false'])]),
          z.transform((v) => v === true || v === 'true'),
        ),
        false,
      ),
      cursor: z.optional(zCursor()),
    }),
  ),
  response: lazy(() => page(ZStaffDeparture)),
  summary: "Ours: this site's fixed departures by departure time, a cursor page.",
});

export const ZFdSale = lazy(() =>
  z.object({
    orderId: z.string(),
    bookingId: z.string(),
    pnr: z.string(),
    /** The site the seats were sold on (this one, or a consumer site linked to it). */
    siteName: z.string(),
    bookedBy: z.string(),
    passengers: z.array(z.string()),
    seats: z.number(),
    amount: z.number(),
    currency: z.string(),
    createdAt: z.string(),
  }),
);
export const fixedDepartureSales = endpoint({
  ...staff,
  id: 'fixedDepartures.sales',
  method: 'GET',
  path: 'fixedDeparture/staff/sales',
  request: lazy(() => z.object({ id: zId(), cursor: z.optional(zCursor()) })),
  response: lazy(() => page(ZFdSale)),
  summary: "Ours: the bookings on one of this site's departures (the name list), newest first.",
});

/** What a user may book: the departure with its prices for this user (markup applied on the server). */
export const ZFdOffer = lazy(() =>
  z.object({
    id: z.string(),
    /** Whose inventory: null for this site's own, else the supplier site's id (send it back to quote/book). */
    supplierSiteId: z.nullable(z.string()),
    title: z.string(),
    sector: z.string(),
    flights: z.array(ZFdFlight),
    seatsLeft: z.number(),
    currency: z.string(),
    /** What each passenger costs (a child or an infant: added to an adult), taxes, markup, GST and discount included. */
    prices: z.object({ adult: z.number(), child: z.number(), infant: z.number() }),
    isRefundable: z.boolean(),
    /** Between countries: passports are asked for (as for an international fare). */
    isPassportRequired: z.boolean(),
    saleUntil: z.string(),
  }),
);
export type TFdOffer = z.infer<typeof ZFdOffer>;

export const searchFixedDepartures = endpoint({
  ...user,
  id: 'fixedDepartures.search',
  method: 'GET',
  path: 'fixedDeparture/search',
  request: lazy(() =>
    z.object({
      origin: z.optional(
        zPreprocess(
          (v) => (v === '' ? undefined : upper(v)),
          z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, FD_TEXT.invalidAirport))),
        ),
      ),
      destination: z.optional(
        zPreprocess(
          (v) => (v === '' ? undefined : upper(v)),
          z.optional(z.string().check(z.regex(/^[A-Z]{3}$/, FD_TEXT.invalidAirport))),
        ),
      ),
      /** Departing on or after this day (default today). */
      fromDate: z.optional(zPreprocess((v) => (v === '' ? undefined : v), z.optional(zDay()))),
      cursor: z.optional(zCursor()),
    }),
  ),
  response: lazy(() => page(ZFdOffer)),
  summary:
    "Ours: fixed departures on sale to the caller, from this site and from supplier sites linked with the FixedDeparture category, by departure time, priced with the caller group's fixed-departure markup.",
});

const ZFdRef = lazy(() => z.object({ id: zId(), supplierSiteId: z.optional(z.nullable(zId())) }));

export const ZFdParty = lazy(() =>
  z.extend(ZFdRef, {
    adults: zCount(1, PAX_LIMITS.maxSeated, MSG.tooLarge(PAX_LIMITS.maxSeated)),
    children: z._default(zCount(0, PAX_LIMITS.maxSeated, MSG.tooLarge(PAX_LIMITS.maxSeated)), 0),
    infants: z._default(zCount(0, PAX_LIMITS.maxSeated, MSG.tooLarge(PAX_LIMITS.maxSeated)), 0),
  }),
);

export const ZFdQuote = lazy(() =>
  z.object({
    offer: ZFdOffer,
    fare: ZFare,
    fareBreakdown: z.array(ZPaxFare),
    /** What the payment order will charge. */
    total: z.number(),
  }),
);

export const quoteFixedDeparture = endpoint({
  ...user,
  id: 'fixedDepartures.quote',
  method: 'POST',
  path: 'fixedDeparture/quote',
  request: ZFdParty,
  response: ZFdQuote,
  summary: 'Ours: the price of a party on a departure for the caller (the amount the booking will charge).',
});

export const ZBookFixedDeparture = lazy(() =>
  z.extend(ZFdRef, {
    passengers: z
      .array(ZPassengerInput)
      .check(
        z.minLength(1, MSG.required),
        z.maxLength(PAX_LIMITS.maxSeated * 2, MSG.tooManyItems(PAX_LIMITS.maxSeated * 2)),
      ),
    paymentMode: z.enum(PAYMENT_MODES, { error: MSG.required }),
    /** The total the user agreed to; a different server total is a 409. */
    expectedTotal: z.optional(z.number()),
  }),
);

export const bookFixedDeparture = endpoint({
  ...user,
  id: 'fixedDepartures.book',
  method: 'POST',
  path: 'fixedDeparture/book',
  request: ZBookFixedDeparture,
  response: ZPaymentOrder,
  summary:
    "Ours: a payment order (kind 'fixedDeparture', valid 15 minutes) for a party on a departure; pay it with api/payments/orderSuccessCallback (wallet) or the gateway redirectTo. Seats are taken once, when it is booked.",
});

export const ZFdPrint = lazy(() =>
  z.object({
    booking: ZBooking,
    title: z.string(),
    /** False for visitors: the print then leaves prices out. */
    showPrice: z.boolean(),
    site: z.object({
      companyName: z.string(),
      logoUrl: z.nullable(z.string()),
      adminEmail: z.string(),
      adminContact: z.string(),
    }),
  }),
);
export type TFdPrint = z.infer<typeof ZFdPrint>;

export const printFixedDeparture = endpoint({
  ...fd,
  auth: 'public',
  id: 'fixedDepartures.print',
  method: 'GET',
  path: 'fixedDeparture/print/{fdSlug}',
  // A print slug is 32 random bytes, base64url (43 characters): anything else is no slug at all (400).
  request: lazy(() =>
    z.object({ fdSlug: zToken(FD_TEXT.printNotFound).check(z.regex(/^[A-Za-z0-9_-]{43}$/, FD_TEXT.printNotFound)) }),
  ),
  response: ZFdPrint,
  summary:
    'Ours, public: one fixed-departure booking for printing (its slug is unguessable); prices for its booker and staff only.',
});

export const fixedDepartureEndpoints: Endpoint[] = [
  saveFixedDeparture,
  listFixedDepartures,
  fixedDepartureSales,
  searchFixedDepartures,
  quoteFixedDeparture,
  bookFixedDeparture,
  printFixedDeparture,
];
