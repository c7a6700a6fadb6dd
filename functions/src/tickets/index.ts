/** The tickets domain's public entry: booking queries of the queues, hold release and the e-ticket mail hook. */
export { bookingsByBookingDate, bookingsByIds, rowsByTravelDate, ticketSiteIds } from './repo.ts';
export { sweepSite } from './disruptions.ts';
export { escalateDisruption, warnHoldLapsing } from './deadline-handlers.ts';
export { applyChangeRequestStatus, releaseLapsedHold, type RefundWiring } from './operations/index.ts';
export { mailETicket } from './after-booked.ts';
export { eTicketPdfAttachment } from './pdf.ts';
export { createSupplierEventsHandler } from './supplier-events.ts';
export { ticketsExport } from './operations/queues.ts';
