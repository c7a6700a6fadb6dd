/**
 * What a fixed-departure booking needs from the inventory, for the order machinery (flights/orders): the
 * flights as booking segments, whether passports are needed, and the items its `booked` transaction
 * carries (seats taken under a condition, the sale on the owner's name list, the print slug).
 */
import type { TSegment } from '@tp/contracts/endpoints/flights';
import { airportByCode } from '@tp/reference-data/airports';
import type { TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';
import * as repo from './repo.ts';
import type { DepartureRecord } from './repo.ts';

/** The departure's flights as booking segments (ticket queue, e-ticket and print read these). */
export function segmentsOf(d: DepartureRecord, pnr: string): TSegment[] {
  return d.flights.map((f, i) => {
    const from = airportByCode(f.origin);
    const to = airportByCode(f.destination);
    const prev = d.flights[i - 1];
    return {
      airlineName: f.airlineName,
      airlineCode: f.airlineCode,
      flightNumber: f.flightNumber,
      fareClass: 'G',
      operatingCarrier: f.airlineCode,
      originAirportCode: f.origin,
      originAirportName: f.originName,
      originCityName: f.originCity,
      originCityCode: from?.cityCode ?? f.origin,
      originCountryCode: from?.countryCode ?? '',
      originTerminal: f.originTerminal,
      destinationAirportCode: f.destination,
      destinationAirportName: f.destinationName,
      destinationCityName: f.destinationCity,
      destinationCityCode: to?.cityCode ?? f.destination,
      destinationCountryCode: to?.countryCode ?? '',
      destinationTerminal: f.destinationTerminal,
      departureTime: `${f.departureTime}:00`,
      arrivalTime: `${f.arrivalTime}:00`,
      durationMinutes: f.durationMinutes,
      groundTimeMinutes: prev ? Math.max(0, minutesBetween(prev.arrivalTime, f.departureTime)) : 0,
      tripIndicator: 1,
      flightStatus: 'Confirmed',
      airlinePnr: pnr,
      baggage: f.baggage,
      cabinBaggage: f.cabinBaggage,
      stopPoint: '',
      stopPointArrivalTime: '',
      stopPointDepartureTime: '',
    };
  });
}

// A connection is at one airport: both times are in its zone, so plain local arithmetic is right.
const minutesBetween = (a: string, b: string) => Math.round((Date.parse(`${b}:00Z`) - Date.parse(`${a}:00Z`)) / 60_000);

/** Any flight between two countries: passports are asked for, as for an international fare. */
export function isInternational(d: Pick<DepartureRecord, 'flights'>): boolean {
  const countries = new Set(
    d.flights.flatMap((f) => [airportByCode(f.origin)?.countryCode, airportByCode(f.destination)?.countryCode]),
  );
  return countries.size > 1;
}

export interface FdBookingWrite {
  ownerSiteId: SiteId;
  departureId: string;
  seats: number;
  /** The owner's business day: seats are taken only while the sale is open. */
  ownerDay: string;
  sale: Omit<repo.SaleRecord, 'siteId' | 'departureId' | 'seats'>;
  bookingSiteId: SiteId;
  printSlug: string;
  title: string;
}

/**
 * The inventory's part of a booking's transaction. The seats item comes first, so a cancellation reason
 * at index 0 means the seats were gone (or the sale closed) when the booking was written.
 */
export function bookingWriteItems(w: FdBookingWrite): TransactItem[] {
  return [
    repo.takeSeatsItem(w.ownerSiteId, w.departureId, w.seats, w.ownerDay),
    repo.saleItem({ ...w.sale, siteId: w.ownerSiteId, departureId: w.departureId, seats: w.seats }),
    repo.printItem(w.bookingSiteId, w.printSlug, w.sale.bookingId, w.title),
  ];
}
