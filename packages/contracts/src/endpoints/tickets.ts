import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { ZOk } from '../common.ts';
import {
  ZBookingFilter,
  ZCancellationCharges,
  ZCancellationChargesRequest,
  ZChangeRequestRequest,
  ZCrAcceptRequest,
  ZCrApproveRequest,
  ZCrOutcomeRequest,
  ZCrRejectRequest,
  ZCrStatus,
  ZCrStatusRequest,
  ZETicket,
  ZExcelFile,
  ZPnrRequest,
  ZPnrTransactions,
  ZReleaseRequest,
  ZSendETicketMail,
  ZTicketPage,
  ZTicketRef,
  ZTicketsRequest,
  ZTicketView,
  ZUpdateBookingDetails,
} from '../tickets.ts';
import { ZChangeRequestInfo, ZPaymentOrder } from '../flights.ts';
import { lazy } from '../lazy.ts';

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
  request: lazy(() => z.omit(ZTicketsRequest, { page: true, pageSize: true })),
  response: ZExcelFile,
  summary: 'Staff Download Excel: every booking of the filtered queue as an .xlsx (base64).',
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

// Staff handling of a change request, as a consolidator's back office does (ours, not in api.tsv; issue #29
// item 11). Each step is audited with who and what; the refund is credited once (docs/decisions.md).
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
