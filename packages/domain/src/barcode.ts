/**
 * Boarding-pass barcode text (IATA BCBP "M" format, mandatory items only; shared/docs/flight-supply.md).
 * One string per passenger covering up to four legs; it is drawn as PDF417 on the e-ticket and in the
 * mailed PDF. Fixed widths: the first leg's block is 60 characters, each further leg adds 37.
 */

export interface BarcodeLeg {
  pnr: string;
  from: string;
  to: string;
  carrier: string;
  /** Airline flight number without the carrier, e.g. '123' or '123A'. */
  flightNumber: string;
  /** Local departure, `YYYY-MM-DDTHH:mm(:ss)`; only the date matters (Julian day). */
  departureTime: string;
  /** Compartment code (booking class letter, e.g. 'Y'). */
  compartment: string;
  /** Seat as the airline writes it, e.g. '12A'; empty when none was chosen. */
  seat?: string;
  /** Check-in sequence number; we use the passenger's position on the booking. */
  sequence: number;
}

export interface BarcodePassenger {
  firstName: string;
  lastName: string;
}

/** BCBP allows at most four legs in one symbol. */
export const BCBP_MAX_LEGS = 4;

const fit = (value: string, width: number): string => value.slice(0, width).padEnd(width, ' ');

/** `SURNAME/GIVEN`, upper case, letters and spaces only, padded or truncated to 20 (spec 000 §5). */
export function barcodeName(p: BarcodePassenger): string {
  const clean = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^A-Za-z ]/g, '')
      .trim()
      .toUpperCase();
  return fit(`${clean(p.lastName)}/${clean(p.firstName)}`, 20);
}

/** Flight number padded to 4 digits plus an optional suffix letter: '123' → '0123 ', '45A' → '0045A'. */
export function barcodeFlightNumber(flightNumber: string): string {
  const m = /^\s*(?:(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s*-?\s*)?(\d{1,4})([A-Z]?)\s*$/i.exec(flightNumber);
  if (!m) return fit(flightNumber.replace(/\D/g, '').slice(-4).padStart(4, '0'), 5);
  return `${m[1]!.padStart(4, '0')}${(m[2] ?? '').toUpperCase() || ' '}`;
}

/** Day of the year (001–366) of a `YYYY-MM-DD…` date, as BCBP's "date of flight". */
export function julianDay(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000 + 1;
  return String(day).padStart(3, '0');
}

/** '12A' → '012A'; no seat → four spaces (BCBP leaves it blank before check-in). */
export function barcodeSeat(seat: string | undefined): string {
  const m = /^(\d{1,3})([A-Z])$/i.exec((seat ?? '').trim());
  return m ? `${m[1]!.padStart(3, '0')}${m[2]!.toUpperCase()}` : '    ';
}

function legBlock(leg: BarcodeLeg): string {
  return [
    fit(leg.pnr.toUpperCase(), 7),
    fit(leg.from.toUpperCase(), 3),
    fit(leg.to.toUpperCase(), 3),
    fit(leg.carrier.toUpperCase(), 3),
    barcodeFlightNumber(leg.flightNumber),
    julianDay(leg.departureTime),
    fit((leg.compartment || 'Y').toUpperCase(), 1),
    barcodeSeat(leg.seat),
    // Sequence: four digits and a blank, as printed boarding passes do.
    `${String(leg.sequence % 10000).padStart(4, '0')} `,
    // Passenger status 0: ticket issued, not yet checked in.
    '0',
    // No conditional items follow.
    '00',
  ].join('');
}

/** The full BCBP text for one passenger over the first four legs of the itinerary. */
export function barcodeText(p: BarcodePassenger, legs: readonly BarcodeLeg[]): string {
  const used = legs.slice(0, BCBP_MAX_LEGS);
  if (!used.length) throw new Error('a boarding pass needs at least one leg');
  const [first, ...rest] = used;
  return `M${used.length}${barcodeName(p)}E${legBlock(first!)}${rest.map(legBlock).join('')}`;
}
