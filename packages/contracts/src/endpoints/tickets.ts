/**
 * After the booking (spec 000 §2 ticket queue, booking-list filter, ticket card, e-ticket; §4, §5, §9):
 * queue filters and pages, the ticket as the queues show it, the public e-ticket, change requests and
 * the e-ticket mail.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { ZOk } from '../common.ts';
import {
  BOOKING_SORTS,
  BOOKING_STATUS,
  type TSegment,
  ZBooking,
  ZChangeRequestInfo,
  ZETicketFare,
  ZPaxTypeCharge,
  ZPaymentOrder,
  ZRefundBreakdown,
} from './flights.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';
import * as MSG from '../messages.ts';
import { zCursor, zEmail, zId, zName, zPnr, zRemarks, zRichHtml, zShortText } from '../fields.ts';

export const TICKET_QUEUES = ['tickets', 'changeRequests', 'holds'] as const;
export type TicketQueue = (typeof TICKET_QUEUES)[number];
export const TICKETS_PAGE_SIZE = 20;

/** The list's sorts: the spec's four plus LT, last ticketing time soonest first (how holds are worked). */
export const TICKET_SORTS = [...BOOKING_SORTS, 'LT'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];

/** The status filter of a booking list (ours): a held fare is found under "held" in the agent's own queue. */
export const TICKET_STATUS_FILTERS = ['held', 'ticketed', 'cancelled', 'released'] as const;
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];
export const STATUS_FILTER_IDS: Record<TicketStatusFilter, number> = {
  held: BOOKING_STATUS.held,
  ticketed: BOOKING_STATUS.ticketed,
  cancelled: BOOKING_STATUS.cancelled,
  released: BOOKING_STATUS.released,
};

export const TICKET_MSG = {
  noTickets: 'No tickets yet...',
  notHeld: 'Only a held booking can be released',
  notTicketed: 'Only a ticketed booking can be changed',
  noTickets4Pax: 'The chosen passengers have no tickets yet',
  crNotFound: 'No such change request',
  released: 'Booking released',
  crSent: 'Change request sent',
  saved: 'Booking details saved',
  invalidAmount: 'Enter an amount of 0 or more',
  invalidTicketNumber: 'Enter the ticket number as printed (letters, digits and hyphens)',
  crFinal: 'This change request is already settled',
  crNotAccepted: 'Accept the change request first',
  crAlreadyAccepted: 'This change request is already accepted',
  crNoOutcome: "Record the supplier's outcome first",
  crAmountChanged: 'The refund amount changed. Please review it again.',
  crIsReissue: 'A reissue has no refund to approve',
  crAccepted: 'Change request accepted',
  crRejected: 'Change request rejected',
  crOutcomeSaved: "Supplier's outcome recorded",
  crApproved: 'Refund approved and credited',
} as const;

const zDay = lazy(() => z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date'))));
const zText = lazy(() =>
  z.pipe(
    z.optional(zShortText({ required: false })),
    z.transform((v) => v || undefined),
  ),
);
/** An optional id where the screen may send '' for "none". */
const zOptionalRef = lazy(() =>
  z.pipe(
    z.optional(z.union([z.literal(''), zId()])),
    z.transform((v) => v || undefined),
  ),
);

/** The booking-list filter (spec 000 §2) with its page. Everything optional: an empty filter lists all. */
export const ZBookingFilter = lazy(() =>
  z.object({
    sort: z._default(z.enum(TICKET_SORTS), 'BD'),
    /** Only bookings in this status (held bookings are otherwise kept out of the ticket queue). */
    status: z.optional(z.enum(TICKET_STATUS_FILTERS)),
    domestic: z._default(z.boolean(), true),
    international: z._default(z.boolean(), true),
    /** PNR or ticket number. */
    pnrOrTicket: zText,
    airlineCode: zText,
    /** Passenger first or last name (part of it). */
    passenger: zText,
    bookingFrom: zDay,
    bookingTo: zDay,
    travelFrom: zDay,
    travelTo: zDay,
    /** Creator (staff only: clicking a card's creator selects that user). */
    userId: zOptionalRef,
    page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), TICKETS_PAGE_SIZE),
  }),
);
export type TBookingFilter = z.output<typeof ZBookingFilter>;
export type TBookingFilterInput = z.input<typeof ZBookingFilter>;

export const ZTicketsRequest = lazy(() =>
  z.extend(ZBookingFilter, {
    queue: z._default(z.enum(TICKET_QUEUES), 'tickets'),
    /**
     * Where the page starts: the previous answer's `nextCursor` (then `page` only labels the page). Without it,
     * page N is found by stepping over the N−1 pages before it.
     */
    cursor: z.optional(zCursor()),
  }),
);

/** A booking as the queues show it: the stored booking plus the e-ticket slug and the displayed status. */
export const ZTicketView = lazy(() =>
  z.extend(ZBooking, {
    /** base64(bookingId + '___' + pnr): the public e-ticket path segment. */
    slug: z.string(),
    /** The supplier's change-request status text when present, else the booking status (spec 000 §4). */
    displayStatus: z.string(),
  }),
);
export type TTicketView = z.infer<typeof ZTicketView>;

export const ZTicketPage = lazy(() =>
  z.object({
    records: z.array(ZTicketView),
    totalRecords: z.number(),
    totalPages: z.number(),
    page: z.number(),
    /** The staff queues' next page (send it back as `cursor`); null on the last page; absent on the other lists. */
    nextCursor: z.optional(z.nullable(z.string())),
    /**
     * False when a filter narrows a staff queue: the totals then count only as far as the pages read so far (up
     * to this page, and one more while there is a next page); exact on the last page.
     */
    totalKnown: z.optional(z.boolean()),
  }),
);
export type TTicketPage = z.infer<typeof ZTicketPage>;

// ---------------------------------------------------------------- e-ticket

export const ZETicketPassenger = lazy(() =>
  z.object({
    paxIndex: z.number(),
    title: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    paxType: z.number(),
    ticket: z.nullable(z.object({ ticketId: z.string(), ticketNumber: z.string(), validatingAirline: z.string() })),
    extras: z.array(z.object({ kind: z.enum(['baggage', 'meal', 'seat']), sector: z.string(), text: z.string() })),
    /** IATA BCBP text drawn as PDF417. */
    barcode: z.string(),
  }),
);

export const ZETicket = lazy(() =>
  z.extend(
    z.pick(ZBooking, {
      bookingId: true,
      pnr: true,
      statusId: true,
      status: true,
      createdAt: true,
      airlineCode: true,
      airlineName: true,
      isRefundable: true,
      segments: true,
      fareRules: true,
      lastTicketDate: true,
      testInventory: true,
    }),
    {
      displayStatus: z.string(),
      passengers: z.array(ZETicketPassenger),
      /** null when prices are hidden (no login, or not the booking's user or staff). */
      fare: z.nullable(ZETicketFare),
      /** Per passenger type (adult, child, infant), as on the review page; empty when prices are hidden. */
      paxTypes: z.array(ZPaxTypeCharge),
      agentMarkup: z.nullable(z.number()),
      agentDiscount: z.nullable(z.number()),
      /** Logged in as the booking's user or staff: may see prices, e-mail it and open its invoice. */
      canEdit: z.boolean(),
      /** …and is an agent or staff (spec 000 §6): may add their markup / discount. */
      canAdjustPrice: z.boolean(),
      agency: z.object({
        name: z.string(),
        logoUrl: z.string(),
        email: z.string(),
        phone: z.string(),
      }),
    },
  ),
);
export type TETicket = z.infer<typeof ZETicket>;

const zBookingRef = lazy(() => zId());
export const ZTicketRef = lazy(() => z.object({ bookingId: zBookingRef, pnr: zPnr() }));

const zAmount = lazy(() =>
  z.coerce
    .number({ error: TICKET_MSG.invalidAmount })
    .check(z.minimum(0, TICKET_MSG.invalidAmount), z.maximum(10_000_000, TICKET_MSG.invalidAmount)),
);
export const ZUpdateBookingDetails = lazy(() =>
  z
    .object({ bookingId: zBookingRef, markup: z.optional(zAmount), discount: z.optional(zAmount) })
    .check(
      z.refine((v) => v.markup !== undefined || v.discount !== undefined, { message: MSG.required, path: ['markup'] }),
    ),
);

// ---------------------------------------------------------------- holds and change requests

export const ZReleaseRequest = lazy(() =>
  z.object({
    BookingId: zBookingRef,
    Source: z.optional(zShortText({ required: false, max: 20 })),
  }),
);

const zCrType = lazy(() => z.union([z.literal(1), z.literal(2), z.literal(3)], { error: MSG.required }));
export const ZChangeRequestRequest = lazy(() =>
  z.object({
    BookingId: zBookingRef,
    RequestType: zCrType,
    CancellationType: z._default(z.union([z.literal(2), z.literal(3)]), 3),
    Sectors: z.optional(
      z
        .array(
          z.object({
            Origin: zShortText({ required: false, max: 8 }).check(z.toUpperCase()),
            Destination: zShortText({ required: false, max: 8 }).check(z.toUpperCase()),
          }),
        )
        .check(z.maxLength(20)),
    ),
    TicketId: z.optional(z.array(zId()).check(z.maxLength(50))),
    Remarks: zRemarks({ max: 500 }),
  }),
);
export type TChangeRequestRequest = z.output<typeof ZChangeRequestRequest>;

export const ZCancellationChargesRequest = lazy(() =>
  z.object({
    BookingId: zBookingRef,
    RequestType: zCrType,
    TicketId: z.optional(z.array(zId()).check(z.maxLength(50))),
  }),
);
export const ZCancellationCharges = lazy(() =>
  z.object({
    refundAmount: z.number(),
    cancellationCharge: z.number(),
    currency: z.string(),
    /** Ours: what was paid, taken apart into charge, kept, refund; null for a reissue. */
    breakdown: z.nullable(ZRefundBreakdown),
  }),
);
export type TCancellationCharges = z.infer<typeof ZCancellationCharges>;

export const ZCrStatusRequest = lazy(() =>
  z.object({
    ChangeRequestId: zBookingRef,
    BookingId: z.optional(zId()),
  }),
);
export const ZCrStatus = lazy(() => z.extend(ZChangeRequestInfo, { bookingId: z.string(), displayStatus: z.string() }));

// Staff handling of a change request (ours): accept, reject, record the supplier's outcome,
// approve the refund. Each names the booking and the change request.
const crRef = () => ({ BookingId: zBookingRef, ChangeRequestId: zBookingRef });
export const ZCrAcceptRequest = lazy(() => z.object(crRef()));
export const ZCrRejectRequest = lazy(() => z.object({ ...crRef(), Reason: zRemarks({ max: 500 }) }));
export const ZCrOutcomeRequest = lazy(() =>
  z.object({
    ...crRef(),
    /** The supplier's charge and refund for the request (0 and 0 for a reissue without a fee). */
    CancellationCharge: zAmount,
    RefundAmount: zAmount,
    /** A reissue's new ticket numbers, by ticket id of this booking. */
    NewTicketNumbers: z.optional(
      z
        .array(
          z.object({
            TicketId: zId(),
            TicketNumber: zShortText({ max: 20 }).check(z.regex(/^[A-Za-z0-9-]+$/, TICKET_MSG.invalidTicketNumber)),
          }),
        )
        .check(z.maxLength(50)),
    ),
  }),
);
export type TCrOutcomeRequest = z.output<typeof ZCrOutcomeRequest>;
export const ZCrApproveRequest = lazy(() =>
  z.object({
    ...crRef(),
    /** The refund the approver was shown; a different amount to credit refuses with 409 (nothing credited). */
    Amount: zAmount,
  }),
);

// ---------------------------------------------------------------- mail, transactions

/**
 * notifications/sendEmailForWl. The contract's name, to, subject, text, html and siteId are accepted; the
 * mail itself is rendered server-side from the booking (bookingId, pnr) so the call can never relay
 * arbitrary HTML under the site's name.
 */
export const ZSendETicketMail = lazy(() =>
  z.object({
    name: z.optional(zName({ required: false })),
    to: zEmail(),
    subject: z.optional(zRemarks({ max: 200, required: false })),
    text: z.optional(zRichHtml()),
    html: z.optional(zRichHtml()),
    siteId: z.optional(zId()),
    bookingId: zBookingRef,
    pnr: zPnr(),
    /** One passenger's ticket only. */
    pax: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
    hidePrice: z._default(z.boolean(), false),
  }),
);

export const ZPnrRequest = lazy(() => z.object({ pnr: zPnr() }));
export const ZTransactionEntry = lazy(() =>
  z.object({
    entryId: z.string(),
    amount: z.number(),
    currency: z.string(),
    kind: z.string(),
    remark: z.string(),
    createdAt: z.string(),
    bookingId: z.optional(z.string()),
    orderId: z.optional(z.string()),
    pnr: z.optional(z.string()),
  }),
);
export const ZPnrTransactions = lazy(() =>
  z.object({
    bookingId: z.string(),
    pnr: z.string(),
    amountCharged: z.number(),
    paymentMode: z.string(),
    transactionId: z.nullable(z.string()),
    entries: z.array(ZTransactionEntry),
  }),
);

// ---------------------------------------------------------------- route text

/**
 * The route a booking flies, every stop where a trip starts or ends: DEL → BOM → GOI for a multi-city trip,
 * DEL → BOM → DEL for a return (not first origin → last destination, which reads DEL → DEL). A trip that
 * starts where the previous one did not end (open jaw) shows both points.
 */
export function routeText(
  trips: readonly (readonly Pick<TSegment, 'originAirportCode' | 'destinationAirportCode'>[])[],
): string {
  const points: string[] = [];
  for (const trip of trips) {
    const first = trip[0];
    const last = trip.at(-1);
    if (!first || !last) continue;
    if (points.at(-1) !== first.originAirportCode) points.push(first.originAirportCode);
    points.push(last.destinationAirportCode);
  }
  return points.join(' → ');
}

// ---------------------------------------------------------------- slug

/** base64(bookingId + '___' + pnr) (spec 000 §2); browser and server alike (ASCII ids). */
export function ticketSlug(bookingId: string, pnr: string): string {
  return btoa(`${bookingId}___${pnr}`);
}
export function parseTicketSlug(slug: string): { bookingId: string; pnr: string } | null {
  try {
    const text = atob(decodeURIComponent(slug));
    const at = text.indexOf('___');
    if (at <= 0) return null;
    return { bookingId: text.slice(0, at), pnr: text.slice(at + 3) };
  } catch {
    return null;
  }
}

/** Every endpoint of this file is served by the tickets Lambda (functions/src/tickets/index.ts). */
const TICKETS_DOMAIN = 'tickets' as const;

// After the booking (spec 000 §2, §4, §7): queues, e-ticket, holds, change requests, mail. Served by the
// tickets Lambda (its own bundle: the export and mail code stay out of the flight search path). Operation
// ids keep their historical `flights.` prefix so OpenAPI operation ids stay stable. Agents and customers see their own bookings only; staff the site's, by permission.

export const getBookedFlights = endpoint({
  id: 'flights.getBookedFlights',
  api: 'flight',
  method: 'POST',
  path: 'api/getBookedFlights',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  permission: 'flights.ticketQueue',
  request: ZBookingFilter,
  response: ZTicketPage,
  summary:
    'The booking list with the booking-list filter (sort BD/BA/TD/TA, toggles, PNR or ticket, airline, passenger, date ranges), paged.',
});

export const getTickets = endpoint({
  id: 'flights.getTickets',
  api: 'flight',
  method: 'POST',
  path: 'api/getTickets',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  permission: 'flights.ticketQueue',
  request: ZTicketsRequest,
  response: ZTicketPage,
  summary: 'A queue (tickets, change requests or holds) with the booking-list filter, paged.',
});

export const exportTickets = endpoint({
  id: 'flights.exportTickets',
  api: 'flight',
  method: 'POST',
  path: 'api/getTickets/excel',
  domain: TICKETS_DOMAIN,
  auth: 'staff',
  permission: 'flights.exportExcel',
  request: lazy(() => z.omit(ZTicketsRequest, { page: true, pageSize: true, cursor: true })),
  response: ZExportJob,
  summary: 'Staff Download Excel: starts the export of every booking of the filtered queue (an export job).',
});

export const getTicketDetail = endpoint({
  id: 'flights.getTicketDetail',
  api: 'flight',
  method: 'POST',
  path: 'api/ticketDetail/getTicketDetail',
  domain: TICKETS_DOMAIN,
  auth: 'public',
  request: ZTicketRef,
  response: ZETicket,
  summary: "The e-ticket. Public by its slug; prices only for the booking's user or staff.",
});

export const updateBookingDetails = endpoint({
  id: 'flights.updateBookingDetails',
  api: 'flight',
  method: 'POST',
  path: 'api/updateBookingDetails',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  request: ZUpdateBookingDetails,
  response: ZETicket,
  summary: "Sets the e-ticket markup and/or discount (the booking's user or staff).",
});

export const releaseFlight = endpoint({
  id: 'flights.releaseFlight',
  api: 'flight',
  method: 'POST',
  path: 'api/releaseFlight',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  permission: 'flights.holdQueue',
  request: ZReleaseRequest,
  response: ZTicketView,
  summary: 'Releases the seats of a held booking at the supplier.',
});

/** Our own call (not in api.tsv): "Ticket now" on the hold queue. */
export const ticketHeldBooking = endpoint({
  id: 'flights.ticketHeldBooking',
  api: 'flight',
  method: 'POST',
  path: 'api/ticketHeldBooking',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  permission: 'flights.holdQueue',
  request: lazy(() =>
    z.extend(z.pick(ZReleaseRequest, { BookingId: true }), {
      /** The amount the user confirmed; a different payable amount refuses with 409. */
      expectedTotal: z.optional(z.number()),
    }),
  ),
  response: ZPaymentOrder,
  summary:
    "Creates (or returns the open) payment order that tickets a held booking at its held fare: paid like a booking (orderSuccessCallback from the wallet, or the gateway's redirectTo); a hold past its last ticketing date is refused.",
});

export const changeRequest = endpoint({
  id: 'flights.changeRequest',
  api: 'flight',
  method: 'POST',
  path: 'api/changeRequest',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  permission: 'flights.changeRequests',
  request: ZChangeRequestRequest,
  response: lazy(() => z.object({ booking: ZTicketView, changeRequests: z.array(ZChangeRequestInfo) })),
  summary: 'Sends a refund, partial refund or reissue request to the supplier.',
});

export const getCancellationCharges = endpoint({
  id: 'flights.getCC',
  api: 'flight',
  method: 'POST',
  path: 'api/getCC',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  permission: 'flights.changeRequests',
  request: ZCancellationChargesRequest,
  response: ZCancellationCharges,
  summary: "The supplier's cancellation charge and refund for a request, before sending it.",
});

export const getCRStatus = endpoint({
  id: 'flights.getCRStatus',
  api: 'flight',
  method: 'POST',
  path: 'api/getCRStatus',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  permission: 'flights.changeRequests',
  request: ZCrStatusRequest,
  response: ZCrStatus,
  summary: 'Asks the supplier for a change request status; a completed refund is credited to the wallet once.',
});

// Staff handling of a change request, as a consolidator's back office does (ours, not in api.tsv). Each step is audited with who and what; the refund is credited once (docs/decisions.md).
const crStaff = {
  api: 'flight',
  method: 'POST',
  domain: TICKETS_DOMAIN,
  auth: 'staff',
  permission: 'flights.processChangeRequests',
  response: ZCrStatus,
} as const;

/** Our own call (not in api.tsv): staff take a change request up. */
export const acceptChangeRequest = endpoint({
  ...crStaff,
  id: 'flights.acceptChangeRequest',
  path: 'api/changeRequest/accept',
  request: ZCrAcceptRequest,
  summary: 'Staff accept an open change request (it is theirs to process); audited.',
});

/** Our own call (not in api.tsv): staff refuse a change request with a reason. */
export const rejectChangeRequest = endpoint({
  ...crStaff,
  id: 'flights.rejectChangeRequest',
  path: 'api/changeRequest/reject',
  request: ZCrRejectRequest,
  summary: 'Staff reject an open change request with a reason; nothing is refunded; audited.',
});

/** Our own call (not in api.tsv): the supplier's outcome, learnt offline (a manual or offline supplier). */
export const recordChangeRequestOutcome = endpoint({
  ...crStaff,
  id: 'flights.recordChangeRequestOutcome',
  path: 'api/changeRequest/outcome',
  request: ZCrOutcomeRequest,
  summary:
    "Staff record an accepted change request's supplier outcome: charge, refund and a reissue's new ticket numbers (a reissue completes); audited.",
});

/** Our own call (not in api.tsv): the refund of a recorded outcome credited to the wallet, once. */
export const approveChangeRequestRefund = endpoint({
  ...crStaff,
  id: 'flights.approveChangeRequestRefund',
  path: 'api/changeRequest/approveRefund',
  request: ZCrApproveRequest,
  summary:
    'Staff approve the refund of a recorded outcome (the amount they were shown): credited to the wallet exactly once, with its breakdown, mail and credit note; audited.',
});

export const sendEmailForWl = endpoint({
  id: 'flights.sendEmailForWl',
  api: 'partner',
  method: 'POST',
  path: 'notifications/sendEmailForWl',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  request: ZSendETicketMail,
  response: ZOk,
  summary: "Mails the e-ticket (HTML and PDF) through the email queue; the booking's user or staff.",
});

export const searchTransactionByPNR = endpoint({
  id: 'flights.searchTransactionByPNR',
  api: 'site',
  method: 'POST',
  path: 'wl/user/searchTransactionByPNR',
  domain: TICKETS_DOMAIN,
  auth: 'user',
  request: ZPnrRequest,
  response: ZPnrTransactions,
  summary: "A booking's wallet and payment entries by PNR (own bookings; staff the site's).",
});

export const ticketEndpoints = [
  getBookedFlights,
  getTickets,
  exportTickets,
  getTicketDetail,
  updateBookingDetails,
  releaseFlight,
  ticketHeldBooking,
  changeRequest,
  getCancellationCharges,
  getCRStatus,
  acceptChangeRequest,
  rejectChangeRequest,
  recordChangeRequestOutcome,
  approveChangeRequestRefund,
  sendEmailForWl,
  searchTransactionByPNR,
];
