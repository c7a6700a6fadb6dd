/**
 * The booking core's public entry: bookings as stored, their index items (written with every write),
 * and the after-booking and after-refund hooks. Flights, tickets, flight-admin and the workers use bookings only
 * through this file.
 */
export type { BookingRecord } from './record.ts';
export { bookingOwner, toBooking } from './record.ts';
export {
  bookingIdByPnr,
  getBooking,
  holdDeadlines,
  newBookingItems,
  nextBookingNumber,
  putBooking,
  queueBackfillItems,
  saveBooking,
} from './repo.ts';
export { orderRange, readOrder, readQueuePage, type QueueReader } from './queues.ts';
export { toRow, type BookingRow } from './indexes.ts';
export {
  bookingsByBookingDate,
  bookingsByIds,
  bookingsWithoutQueueRows,
  heldBookingIds,
  holdSiteIds,
  legalEntityRows,
  queueCounts,
  queueReader,
  rowsByTravelDate,
  ticketSiteIds,
  type KeyRange,
} from './queries-repo.ts';
export {
  countBooked,
  runAfterBooked,
  runAfterRefunded,
  type BookedHook,
  type DisruptionRefundedHook,
  type RefundedHook,
} from './hooks.ts';
