// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/disruptions';
import * as c1 from '@tp/contracts/endpoints/tickets';
import { gathered, type Operation } from '#lib/http';
import type { DisruptionRefundWiring } from './operations/refund-mail.ts';
import type { RefundWiring } from './operations/refund-mail.ts';
import type { TicketsWiring } from './operations/holds.ts';

export const answered = (wiring: DisruptionRefundWiring & RefundWiring & TicketsWiring): Operation[] => [
  gathered(c0.getDisruptions, () => import('./disruptions.ts'), 'answerGetDisruptions', undefined),
  gathered(c0.getBookingDisruptions, () => import('./disruptions.ts'), 'answerGetBookingDisruptions', undefined),
  gathered(c0.actOnDisruption, () => import('./disruptions.ts'), 'answerActOnDisruption', wiring),
  gathered(c1.acceptChangeRequest, () => import('./operations/change-desk.ts'), 'answerAcceptChangeRequest', undefined),
  gathered(c1.rejectChangeRequest, () => import('./operations/change-desk.ts'), 'answerRejectChangeRequest', undefined),
  gathered(c1.recordChangeRequestOutcome, () => import('./operations/change-desk.ts'), 'answerRecordChangeRequestOutcome', undefined),
  gathered(c1.approveChangeRequestRefund, () => import('./operations/change-desk.ts'), 'answerApproveChangeRequestRefund', wiring),
  gathered(c1.changeRequest, () => import('./operations/changes.ts'), 'answerChangeRequest', undefined),
  gathered(c1.getCancellationCharges, () => import('./operations/changes.ts'), 'answerGetCancellationCharges', undefined),
  gathered(c1.getCRStatus, () => import('./operations/changes.ts'), 'answerGetCRStatus', wiring),
  gathered(c1.getTicketDetail, () => import('./operations/eticket.ts'), 'answerGetTicketDetail', undefined),
  gathered(c1.updateBookingDetails, () => import('./operations/eticket.ts'), 'answerUpdateBookingDetails', undefined),
  gathered(c1.releaseFlight, () => import('./operations/holds.ts'), 'answerReleaseFlight', undefined),
  gathered(c1.ticketHeldBooking, () => import('./operations/holds.ts'), 'answerTicketHeldBooking', wiring),
  gathered(c1.sendEmailForWl, () => import('./operations/mail.ts'), 'answerSendEmailForWl', undefined),
  gathered(c1.searchTransactionByPNR, () => import('./operations/mail.ts'), 'answerSearchTransactionByPNR', undefined),
  gathered(c1.getBookedFlights, () => import('./operations/queues.ts'), 'answerGetBookedFlights', undefined),
  gathered(c1.getTickets, () => import('./operations/queues.ts'), 'answerGetTickets', undefined),
  gathered(c1.exportTickets, () => import('./operations/queues.ts'), 'answerExportTickets', undefined),
  gathered(c0.duffelWebhook, () => import('./supplier-events.ts'), 'answerDuffelWebhook', undefined),
];
