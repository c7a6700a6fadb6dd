/**
 * The tickets Lambda's operations (functions/src/entries/tickets.ts): queues, e-ticket, holds, change requests,
 * Excel export and the e-ticket mail.
 */
import {
  acceptChangeRequest,
  approveChangeRequestRefund,
  changeRequest,
  exportTickets,
  getBookedFlights,
  getCancellationCharges,
  getCRStatus,
  getTicketDetail,
  getTickets,
  recordChangeRequestOutcome,
  rejectChangeRequest,
  releaseFlight,
  searchTransactionByPNR,
  sendEmailForWl,
  TICKET_MSG,
  ticketHeldBooking,
  updateBookingDetails,
} from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import { operation, reply, type Operation, type OperationRun, onDemand } from '#lib/http';
import type { RefundWiring } from './operations/index.ts';
import { answered } from './answered.generated.ts';
const tickets = onDemand(() => import('./operations/index.ts'));

/** What the tickets Lambda needs from the entry: the refund hooks, and "Ticket now" (the booking-order machinery). */
export interface TicketsWiring extends RefundWiring {
  ticketHeldBooking: OperationRun<typeof ticketHeldBooking>;
}

export const operations = (wiring: TicketsWiring): Operation[] => [
  operation(getBookedFlights, async (input, scope) => (await tickets()).listTickets(scope, input, null)),
  operation(getTickets, async ({ queue, ...filter }, scope) => (await tickets()).listTickets(scope, filter, queue)),
  operation(exportTickets, async ({ queue, ...filter }, scope) => (await tickets()).exportExcel(scope, filter, queue)),
  operation(getTicketDetail, async (input, scope) =>
    (await tickets()).ticketDetail({ site: scope.site, principal: scope.principal }, input),
  ),
  operation(updateBookingDetails, async (input, scope) =>
    reply(await (await tickets()).updateDetails(scope, input), { message: TICKET_MSG.saved }),
  ),
  operation(releaseFlight, async (input, scope) =>
    reply(await (await tickets()).release(scope, input), { message: TICKET_MSG.released }),
  ),
  // "Ticket now": a payment order of the booking-order machinery (flights/orders), paid like a booking.
  operation(ticketHeldBooking, wiring.ticketHeldBooking),
  operation(changeRequest, async (input, scope) =>
    reply(await (await tickets()).sendChangeRequest(scope, input), { message: TICKET_MSG.crSent }),
  ),
  operation(getCancellationCharges, async (input, scope) => (await tickets()).cancellationCharges(scope, input)),
  operation(getCRStatus, async (input, scope) => (await tickets()).crStatus(scope, input, wiring)),
  // Staff processing of change requests (ours): accept, reject, the supplier's outcome, the refund approved.
  operation(acceptChangeRequest, async (input, scope) =>
    reply(await (await tickets()).acceptChangeRequest(scope, input), { message: TICKET_MSG.crAccepted }),
  ),
  operation(rejectChangeRequest, async (input, scope) =>
    reply(await (await tickets()).rejectChangeRequest(scope, input), { message: TICKET_MSG.crRejected }),
  ),
  operation(recordChangeRequestOutcome, async (input, scope) =>
    reply(await (await tickets()).recordChangeRequestOutcome(scope, input), { message: TICKET_MSG.crOutcomeSaved }),
  ),
  operation(approveChangeRequestRefund, async (input, scope) =>
    reply(await (await tickets()).approveChangeRequestRefund(scope, input, wiring), { message: TICKET_MSG.crApproved }),
  ),
  operation(sendEmailForWl, async (input, scope) =>
    reply(await (await tickets()).emailTicket(scope, input), { message: MSG.emailSent }),
  ),
  operation(searchTransactionByPNR, async (input, scope) => (await tickets()).transactionsByPnr(scope, input.pnr)),
  ...answered(),
];
