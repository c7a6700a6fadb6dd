/**
 * The fixed-departures domain's public entry, for the order machinery (flights/orders): the price of a
 * party for a caller, and what a booking writes into the inventory in its `booked` transaction.
 */
export { quoteParty, type PartyQuote } from './offers.ts';
export { bookingWriteItems, isInternational, segmentsOf, type FdBookingWrite } from './booking.ts';
export type { DepartureRecord } from './repo.ts';
