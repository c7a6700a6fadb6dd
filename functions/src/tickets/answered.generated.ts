// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/disruptions';
import * as c3 from '@tp/contracts/endpoints/pnr-import';
import * as c1 from '@tp/contracts/endpoints/ticket-extras';
import * as c2 from '@tp/contracts/endpoints/tickets';
import { gathered, type Operation } from '#lib/http';
import type { DisruptionRefundWiring } from './operations/refund-mail.ts';
import type { ExtrasWiring } from './extras.ts';
import type { ImportWiring } from './pnr-import.ts';
import type { RefundWiring } from './operations/refund-mail.ts';
import type { TicketsWiring } from './operations/holds.ts';

export const answered = (wiring: DisruptionRefundWiring & ExtrasWiring & ImportWiring & RefundWiring & TicketsWiring): Operation[] => [
  gathered(c0.getDisruptions, () => import('./disruptions.ts'), 'answerGetDisruptions', undefined),
  gathered(c0.getBookingDisruptions, () => import('./disruptions.ts'), 'answerGetBookingDisruptions', undefined),
  gathered(c0.actOnDisruption, () => import('./disruptions.ts'), 'answerActOnDisruption', wiring),
  gathered(c1.getTicketExtras, () => import('./extras.ts'), 'answerGetTicketExtras', wiring),
  gathered(c1.buyTicketExtras, () => import('./extras.ts'), 'answerBuyTicketExtras', wiring),
  gathered(c2.acceptChangeRequest, () => import('./operations/change-desk.ts'), 'answerAcceptChangeRequest', undefined),
  gathered(c2.rejectChangeRequest, () => import('./operations/change-desk.ts'), 'answerRejectChangeRequest', undefined),
  gathered(c2.recordChangeRequestOutcome, () => import('./operations/change-desk.ts'), 'answerRecordChangeRequestOutcome', undefined),
  gathered(c2.approveChangeRequestRefund, () => import('./operations/change-desk.ts'), 'answerApproveChangeRequestRefund', wiring),
  gathered(c2.changeRequest, () => import('./operations/changes.ts'), 'answerChangeRequest', undefined),
  gathered(c2.getCancellationCharges, () => import('./operations/changes.ts'), 'answerGetCancellationCharges', undefined),
  gathered(c2.getCRStatus, () => import('./operations/changes.ts'), 'answerGetCRStatus', wiring),
  gathered(c2.getTicketDetail, () => import('./operations/eticket.ts'), 'answerGetTicketDetail', undefined),
  gathered(c2.updateBookingDetails, () => import('./operations/eticket.ts'), 'answerUpdateBookingDetails', undefined),
  gathered(c2.releaseFlight, () => import('./operations/holds.ts'), 'answerReleaseFlight', undefined),
  gathered(c2.ticketHeldBooking, () => import('./operations/holds.ts'), 'answerTicketHeldBooking', wiring),
  gathered(c2.sendEmailForWl, () => import('./operations/mail.ts'), 'answerSendEmailForWl', undefined),
  gathered(c2.searchTransactionByPNR, () => import('./operations/mail.ts'), 'answerSearchTransactionByPNR', undefined),
  gathered(c2.getBookedFlights, () => import('./operations/queues.ts'), 'answerGetBookedFlights', undefined),
  gathered(c2.getTickets, () => import('./operations/queues.ts'), 'answerGetTickets', undefined),
  gathered(c2.exportTickets, () => import('./operations/queues.ts'), 'answerExportTickets', undefined),
  gathered(c3.previewPnrImport, () => import('./pnr-import.ts'), 'answerPreviewPnrImport', undefined),
  gathered(c3.importPnr, () => import('./pnr-import.ts'), 'answerImportPnr', wiring),
  gathered(c0.duffelWebhook, () => import('./supplier-events.ts'), 'answerDuffelWebhook', undefined),
];
