/** What the ticket screens, the e-ticket and its mail see of a stored booking. */
import { BOOKING_STATUS, PAX_CODE, PAX_NAME, type TBookedPassenger } from '@tp/contracts/endpoints/flights';
import { ticketSlug, type TETicket, type TTicketView } from '@tp/contracts/endpoints/tickets';
import { barcodeText } from '@tp/domain/barcode';
import { paxTypeCharges } from '@tp/domain/charge';
import { eTicketFare, fareSplitLines } from '@tp/domain/eticket-fare';
import { formatDateTime, formatMoney, statusLabel } from '@tp/domain/format';
import type { ETicketDoc } from '@tp/mail';
import type { SiteRecord } from '#lib/tenancy';
import type { BookingRecord } from '../bookings/index.ts';

/** The supplier's change-request status text when present, else the booking status (spec 000 §4). */
export const displayStatus = (b: Pick<BookingRecord, 'supplierChangeReqStatus' | 'status'>): string =>
  b.supplierChangeReqStatus?.statusText || b.status;

export function ticketView(b: BookingRecord): TTicketView {
  const { siteId: _s, userId: _u, version: _v, ...booking } = b;
  return { ...booking, slug: ticketSlug(b.bookingId, b.pnr), displayStatus: displayStatus(b) };
}

const sectorOf = (x: { origin: string; destination: string }) => `${x.origin}-${x.destination}`;

function extras(p: TBookedPassenger): TETicket['passengers'][number]['extras'] {
  return [
    ...p.baggage.map((x) => ({ kind: 'baggage' as const, sector: sectorOf(x), text: `${x.weight ?? 0} kg` })),
    ...p.mealDynamic.map((x) => ({
      kind: 'meal' as const,
      sector: sectorOf(x),
      text: `${x.description || x.code}${x.quantity && x.quantity > 1 ? ` x${x.quantity}` : ''}`,
    })),
    ...p.seat.map((x) => ({ kind: 'seat' as const, sector: sectorOf(x), text: x.code })),
  ];
}

function barcodeOf(b: BookingRecord, p: TBookedPassenger): string {
  const legs = b.segments.flat().map((s) => ({
    pnr: s.airlinePnr || b.pnr,
    from: s.originAirportCode,
    to: s.destinationAirportCode,
    carrier: s.airlineCode,
    flightNumber: s.flightNumber,
    departureTime: s.departureTime,
    compartment: s.fareClass,
    seat: p.seat.find((x) => x.origin === s.originAirportCode && x.destination === s.destinationAirportCode)?.code,
    sequence: p.paxIndex + 1,
  }));
  return barcodeText(p, legs);
}

/** The agency shown on the e-ticket: the agent's company for agents' bookings, else the site. */
function agencyOf(b: BookingRecord, site: SiteRecord): TETicket['agency'] {
  const agent = b.user.userType === 'travelAgent' && b.user.companyName;
  return {
    name: agent ? b.user.companyName! : site.companyName,
    logoUrl: agent ? '' : site.logoUrl,
    email: agent ? b.user.email : site.adminEmail,
    phone: agent ? '' : site.adminContact,
  };
}

/**
 * The e-ticket; `withPrices` only for the booking's user or staff, `adjustable` (markup and discount) only
 * for those of them who are agents or staff (the caller decides).
 */
export function eTicketView(b: BookingRecord, site: SiteRecord, withPrices: boolean, adjustable = false): TETicket {
  const fare = withPrices
    ? eTicketFare({
        ...b.fare,
        agentMarkup: b.agentMarkup,
        agentDiscount: b.agentDiscount,
      })
    : null;
  return {
    bookingId: b.bookingId,
    pnr: b.pnr,
    statusId: b.statusId,
    status: b.status,
    displayStatus: displayStatus(b),
    createdAt: b.createdAt,
    airlineCode: b.airlineCode,
    airlineName: b.airlineName,
    isRefundable: b.isRefundable,
    segments: b.segments,
    fareRules: b.fareRules,
    lastTicketDate: b.statusId === BOOKING_STATUS.held ? b.lastTicketDate : null,
    ...(b.testInventory ? { testInventory: true as const } : {}),
    passengers: b.passengers.map((p) => ({
      paxIndex: p.paxIndex,
      title: p.title,
      firstName: p.firstName,
      lastName: p.lastName,
      paxType: p.paxType,
      ticket: p.ticket,
      extras: extras(p),
      barcode: barcodeOf(b, p),
    })),
    fare,
    paxTypes: withPrices ? paxTypeCharges(b.passengers.map((p) => ({ ...p.fare, count: 1 }))) : [],
    agentMarkup: withPrices ? b.agentMarkup : null,
    agentDiscount: withPrices ? b.agentDiscount : null,
    canEdit: withPrices,
    canAdjustPrice: withPrices && adjustable,
    agency: agencyOf(b, site),
  };
}

/** Lines of the fare table (the screen, the mail and the PDF print the same ones). */
export function fareLines(
  fare: NonNullable<TETicket['fare']>,
  paxTypes: TETicket['paxTypes'] = [],
): { lines: [string, string][]; total: string; perType: [string, string][] } {
  const money = (n: number) => formatMoney(n, fare.currency);
  const lines = fareSplitLines(fare).map(({ label, amount }): [string, string] => [label, money(amount)]);
  const perType = paxTypes.map((p): [string, string] => [
    `${PAX_NAME[p.passengerType as 1 | 2 | 3] ?? 'Passenger'} × ${p.count}`,
    `${money(p.totalFare)} each (taxes ${money(p.tax)})`,
  ]);
  return { lines, total: money(fare.totalFare), perType };
}

/**
 * The e-ticket as the mail template and the PDF want it (one passenger when `pax` is given). Flight times
 * are airport-local as stored; the booking time is shown in the site's time zone.
 */
export function eTicketDoc(t: TETicket, link: string, pax?: number, timeZone?: string): ETicketDoc {
  const passengers = t.passengers.filter((p) => pax === undefined || p.paxIndex === pax);
  return {
    pnr: t.pnr,
    bookingId: t.bookingId,
    status: statusLabel(t.displayStatus),
    bookedOn: formatDateTime(t.createdAt, timeZone ? { timeZone } : {}),
    agency: { name: t.agency.name, email: t.agency.email, phone: t.agency.phone },
    segments: t.segments.flat().map((s) => ({
      flight: `${s.airlineCode} ${s.flightNumber}`,
      from: `${s.originCityName} (${s.originAirportCode})${s.originTerminal ? ` T${s.originTerminal}` : ''}`,
      to: `${s.destinationCityName} (${s.destinationAirportCode})${s.destinationTerminal ? ` T${s.destinationTerminal}` : ''}`,
      departure: formatDateTime(s.departureTime),
      arrival: formatDateTime(s.arrivalTime),
      baggage: [s.baggage, s.cabinBaggage && `cabin ${s.cabinBaggage}`].filter(Boolean).join(', '),
      fareClass: s.fareClass,
    })),
    passengers: passengers.map((p) => ({
      name: `${p.title} ${p.firstName} ${p.lastName}`,
      type: PAX_CODE[p.paxType as 1 | 2 | 3] ?? '',
      ticketNumber: p.ticket?.ticketNumber ?? '-',
      extras: p.extras.map((x) => `${x.sector} ${x.kind} ${x.text}`).join('; '),
    })),
    fare: t.fare ? fareLines(t.fare, t.paxTypes) : null,
    link,
  };
}
