/** The tickets Lambda: queues, e-ticket, holds, change requests, Excel export and the e-ticket mail. */
import {
  changeRequest,
  exportTickets,
  getBookedFlights,
  getCancellationCharges,
  getCRStatus,
  getTicketDetail,
  getTickets,
  releaseFlight,
  searchTransactionByPNR,
  sendEmailForWl,
  ticketHeldBooking,
  updateBookingDetails,
} from '@tp/contracts/endpoints/tickets';
import { MSG } from '@tp/contracts/messages';
import { TICKET_MSG } from '@tp/contracts/tickets';
import { domainHandler, operation, reply, type Operation, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import './indexes.ts';
import * as tickets from './service.ts';
import { createTicketHoldOrder } from '../flights/orders.ts';

const scope = async (ctx: RequestContext): Promise<tickets.TicketScope> => ({
  site: await ctx.site(),
  now: ctx.now,
  principal: requirePrincipal(ctx),
  ip: ctx.ip,
  log: ctx.log,
});

export const operations: Operation[] = [
  operation(getBookedFlights, async (input, ctx) => tickets.listTickets(await scope(ctx), input, null)),
  operation(getTickets, async ({ queue, ...filter }, ctx) => tickets.listTickets(await scope(ctx), filter, queue)),
  operation(exportTickets, async ({ queue, ...filter }, ctx) => tickets.exportExcel(await scope(ctx), filter, queue)),
  operation(getTicketDetail, async (input, ctx) =>
    tickets.ticketDetail({ site: await ctx.site(), principal: ctx.principal }, input),
  ),
  operation(updateBookingDetails, async (input, ctx) =>
    reply(await tickets.updateDetails(await scope(ctx), input), { message: TICKET_MSG.saved }),
  ),
  operation(releaseFlight, async (input, ctx) =>
    reply(await tickets.release(await scope(ctx), input), { message: TICKET_MSG.released }),
  ),
  // "Ticket now": a payment order of the booking-order machinery (flights/orders.ts), paid like a booking.
  operation(ticketHeldBooking, async (input, ctx) => createTicketHoldOrder(await scope(ctx), input)),
  operation(changeRequest, async (input, ctx) =>
    reply(await tickets.sendChangeRequest(await scope(ctx), input), { message: TICKET_MSG.crSent }),
  ),
  operation(getCancellationCharges, async (input, ctx) => tickets.cancellationCharges(await scope(ctx), input)),
  operation(getCRStatus, async (input, ctx) => tickets.crStatus(await scope(ctx), input)),
  operation(sendEmailForWl, async (input, ctx) =>
    reply(await tickets.emailTicket(await scope(ctx), input), { message: MSG.emailSent }),
  ),
  operation(searchTransactionByPNR, async (input, ctx) => tickets.transactionsByPnr(await scope(ctx), input.pnr)),
];

export const handler = domainHandler(operations);

export { releaseExpiredHolds } from './service.ts';
export { sendETicketMail } from './eticket-mail.ts';
