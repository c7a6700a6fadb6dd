import * as z from 'zod';
import { endpoint } from '../endpoint.ts';
import { ZOk } from '../common.ts';
import {
  ZBookingFilter,
  ZCancellationCharges,
  ZCancellationChargesRequest,
  ZChangeRequestRequest,
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
import { ZChangeRequestInfo } from '../flights.ts';

// After the booking (spec 000 §2, §4, §7): queues, e-ticket, holds, change requests, mail. Served by the
// flights Lambda. Agents and customers see their own bookings only; staff the site's, by permission.

export const getBookedFlights = endpoint({
  id: 'flights.getBookedFlights',
  api: 'flight',
  method: 'POST',
  path: 'api/getBookedFlights',
  domain: 'flights',
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
  domain: 'flights',
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
  domain: 'flights',
  auth: 'staff',
  permission: 'flights.exportExcel',
  request: ZTicketsRequest.omit({ page: true, pageSize: true }),
  response: ZExcelFile,
  summary: 'Staff Download Excel: every booking of the filtered queue as an .xlsx (base64).',
});

export const getTicketDetail = endpoint({
  id: 'flights.getTicketDetail',
  api: 'flight',
  method: 'POST',
  path: 'api/ticketDetail/getTicketDetail',
  domain: 'flights',
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
  domain: 'flights',
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
  domain: 'flights',
  auth: 'user',
  permission: 'flights.holdQueue',
  request: ZReleaseRequest,
  response: ZTicketView,
  summary: 'Releases the seats of a held booking at the supplier.',
});

export const changeRequest = endpoint({
  id: 'flights.changeRequest',
  api: 'flight',
  method: 'POST',
  path: 'api/changeRequest',
  domain: 'flights',
  auth: 'user',
  permission: 'flights.changeRequests',
  request: ZChangeRequestRequest,
  response: z.object({ booking: ZTicketView, changeRequests: z.array(ZChangeRequestInfo) }),
  summary: 'Sends a refund, partial refund or reissue request to the supplier.',
});

export const getCancellationCharges = endpoint({
  id: 'flights.getCC',
  api: 'flight',
  method: 'POST',
  path: 'api/getCC',
  domain: 'flights',
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
  domain: 'flights',
  auth: 'user',
  permission: 'flights.changeRequests',
  request: ZCrStatusRequest,
  response: ZCrStatus,
  summary: 'Asks the supplier for a change request status; a completed refund is credited to the wallet once.',
});

export const sendEmailForWl = endpoint({
  id: 'flights.sendEmailForWl',
  api: 'partner',
  method: 'POST',
  path: 'notifications/sendEmailForWl',
  domain: 'flights',
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
  domain: 'flights',
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
  changeRequest,
  getCancellationCharges,
  getCRStatus,
  sendEmailForWl,
  searchTransactionByPNR,
];
