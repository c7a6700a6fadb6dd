/** The tickets domain's public entry: booking queries of the queues, hold release and the e-ticket mail hook. */
export { bookingsByBookingDate, bookingsByIds, holdSiteIds, rowsByTravelDate } from './repo.ts';
export { applyChangeRequestStatus, releaseExpiredHolds, type RefundWiring } from './operations/index.ts';
export { eTicketMailKey, mailETicket } from './after-booked.ts';
export { sendETicketMail } from './eticket-mail.ts';
export { eTicketPdfAttachment } from './pdf.ts';
