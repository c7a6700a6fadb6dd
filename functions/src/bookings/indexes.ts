/**
 * Index design of the ticket queues (no scans; every list is a Query on one partition by key range,
 * then filtered in memory):
 *   - booking date (sort BD/BA, booking date range): gsi1 `SITE#s#BOOKINGS` (staff) or gsi2
 *     `SITE#s#USER#u#BOOKINGS` (agents, customers), sk `createdAt#bookingId` — the lead's items;
 *   - travel date (sort TD/TA, travel date range): projection items `SITE#s#BOOKINGSBYTRAVEL` and
 *     `SITE#s#USER#u#BOOKINGSBYTRAVEL`, sk `travelDate#bookingId`, written by repo.ts with every
 *     putBooking/saveBooking (bookingIndexItems), carrying only the fields the filter reads;
 *   - holds: `SITE#s#HOLDS`, sk `lastTicketDate#bookingId` (bookings-repo), plus a `HOLD_SITES` entry
 *     so the scheduled release can find every site's holds.
 * The rest of the filter (toggles, PNR/ticket, airline, passenger, queue) runs on the rows read.
 * The staff queues of a site (tickets, change requests, holds) read rows of their own instead: one partition per
 * queue, sorted three ways, with the queue's counter (queues.ts); the lists above serve a user's or an account's
 * own bookings and the booking list.
 */
import type { BookingRecord } from './record.ts';

/** What the queue filter reads of a booking (kept on the travel-date projection items). */
export interface BookingRow {
  bookingId: string;
  userId: string;
  pnr: string;
  statusId: number;
  isDomestic: boolean;
  airlineCode: string;
  createdAt: string;
  travelDate: string;
  lastTicketDate: string | null;
  ticketNumbers: string[];
  /** Lower-case 'first last' of each passenger. */
  paxNames: string[];
  hasChangeRequest: boolean;
}

export function toRow(b: BookingRecord): BookingRow {
  return {
    bookingId: b.bookingId,
    userId: b.userId,
    pnr: b.pnr,
    statusId: b.statusId,
    isDomestic: b.isDomestic,
    airlineCode: b.airlineCode,
    createdAt: b.createdAt,
    travelDate: b.travelDate,
    lastTicketDate: b.lastTicketDate,
    ticketNumbers: b.passengers.flatMap((p) => (p.ticket ? [p.ticket.ticketNumber] : [])),
    paxNames: b.passengers.map((p) => `${p.firstName} ${p.lastName}`.toLowerCase()),
    hasChangeRequest: b.ticketCRInfo.length > 0,
  };
}
