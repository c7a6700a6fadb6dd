// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/tickets';
import { gathered, type Operation } from '#lib/http';
import type { RefundWiring } from './operations/refund-mail.ts';
import type { TicketsWiring } from './operations/holds.ts';

export const answered = (wiring: RefundWiring & TicketsWiring): Operation[] => [
  gathered(c0.acceptChangeRequest, () => import('./operations/change-desk.ts'), 'answerAcceptChangeRequest', undefined),
  gathered(c0.rejectChangeRequest, () => import('./operations/change-desk.ts'), 'answerRejectChangeRequest', undefined),
  gathered(c0.recordChangeRequestOutcome, () => import('./operations/change-desk.ts'), 'answerRecordChangeRequestOutcome', undefined),
  gathered(c0.approveChangeRequestRefund, () => import('./operations/change-desk.ts'), 'answerApproveChangeRequestRefund', wiring),
  gathered(c0.changeRequest, () => import('./operations/changes.ts'), 'answerChangeRequest', undefined),
  gathered(c0.getCancellationCharges, () => import('./operations/changes.ts'), 'answerGetCancellationCharges', undefined),
  gathered(c0.getCRStatus, () => import('./operations/changes.ts'), 'answerGetCRStatus', wiring),
  gathered(c0.getTicketDetail, () => import('./operations/eticket.ts'), 'answerGetTicketDetail', undefined),
  gathered(c0.updateBookingDetails, () => import('./operations/eticket.ts'), 'answerUpdateBookingDetails', undefined),
  gathered(c0.releaseFlight, () => import('./operations/holds.ts'), 'answerReleaseFlight', undefined),
  gathered(c0.ticketHeldBooking, () => import('./operations/holds.ts'), 'answerTicketHeldBooking', wiring),
  gathered(c0.sendEmailForWl, () => import('./operations/mail.ts'), 'answerSendEmailForWl', undefined),
  gathered(c0.searchTransactionByPNR, () => import('./operations/mail.ts'), 'answerSearchTransactionByPNR', undefined),
  gathered(c0.getBookedFlights, () => import('./operations/queues.ts'), 'answerGetBookedFlights', undefined),
  gathered(c0.getTickets, () => import('./operations/queues.ts'), 'answerGetTickets', undefined),
  gathered(c0.exportTickets, () => import('./operations/queues.ts'), 'answerExportTickets', undefined),
];
