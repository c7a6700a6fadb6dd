/** The tickets domain's public entry: booking queries of the queues, hold release and the e-ticket mail hook. */
export { bookingsByBookingDate, bookingsByIds, holdSiteIds, rowsByTravelDate } from './repo.ts';
export {
  applyChangeRequestStatus,
  releaseExpiredHolds,
  warnLapsingHolds,
  type RefundWiring,
} from './operations/index.ts';
export { mailETicket } from './after-booked.ts';
export { eTicketPdfAttachment } from './pdf.ts';
