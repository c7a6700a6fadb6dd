/**
 * Keys of flight supply: the simulated consolidator's state, the TBO token and Duffel order references, under the site whose
 * supply it is (for a supplier chain: the supplier site at its end).
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const supplyKeys = {
  /** Seats sold on one simulated flight (`<carrier><number>-<origin><destination>`) on one date. */
  simSeats: (siteId: SiteId, date: string, flightKey: string): Key => ({
    pk: sitePk(siteId, 'SIMSEATS', date),
    sk: part(flightKey),
  }),
  /** A simulated supplier booking (PNR), by supplier booking id. */
  simBooking: (siteId: SiteId, supplierBookingId: string): Key => ({
    pk: sitePk(siteId, 'SIMBOOKING', supplierBookingId),
    sk: 'BOOKING',
  }),
  /** Our booking reference (the payment order id) → the simulated supplier booking made with it. */
  simBookingRef: (siteId: SiteId, reference: string): Key => ({
    pk: sitePk(siteId, 'SIMBOOKINGREF', reference),
    sk: 'REF',
  }),
  /** A simulated booking's PNR → its supplier booking id (the PNR import finds it). */
  simBookingPnr: (siteId: SiteId, pnr: string): Key => ({
    pk: sitePk(siteId, 'SIMPNR', pnr.toUpperCase()),
    sk: 'PNR',
  }),
  /** A simulated change request, by change request id. */
  simChangeRequest: (siteId: SiteId, changeRequestId: string): Key => ({
    pk: sitePk(siteId, 'SIMCR', changeRequestId),
    sk: 'CR',
  }),
  /** The consolidator token of a site for one calendar day (`YYYY-MM-DD`). */
  tboToken: (siteId: SiteId, day: string): Key => ({ pk: sitePk(siteId, 'TBOTOKEN'), sk: part(day) }),
  /** Our booking reference (the payment order id) → the Duffel order created with it. */
  duffelOrderRef: (siteId: SiteId, reference: string): Key => ({
    pk: sitePk(siteId, 'DUFFELREF', reference),
    sk: 'REF',
  }),
};
