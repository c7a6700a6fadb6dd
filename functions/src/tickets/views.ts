/** What the ticket screens, the e-ticket and its mail see of a stored booking. */
import { BOOKING_STATUS, PAX_CODE, PAX_NAME, type TBookedPassenger } from '@tp/contracts/flights';
import { ticketSlug, type TETicket, type TTicketView } from '@tp/contracts/tickets';
import { barcodeText } from '@tp/domain/barcode';
import { paxTypeCharges } from '@tp/domain/charge';
import { eTicketFare, fareSplitLines, formatFare } from '@tp/domain/eticket-fare';
import type { ETicketDoc } from '@tp/mail';
import type { SiteRecord } from '#lib/tenancy';
import type { BookingRecord } from '../flights/bookings-repo.ts';

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

/** The e-ticket; `withPrices` only for the booking's user or staff (the caller decides). */
export function eTicketView(b: BookingRecord, site: SiteRecord, withPrices: boolean): TETicket {
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
    agency: agencyOf(b, site),
  };
}

const when = (t: string) => t.slice(0, 16).replace('T', ' ');

/** Lines of the fare table (the screen, the mail and the PDF print the same ones). */
export function fareLines(
  fare: NonNullable<TETicket['fare']>,
  paxTypes: TETicket['paxTypes'] = [],
): { lines: [string, string][]; total: string; perType: [string, string][] } {
  const c = fare.currency;
  const lines = fareSplitLines(fare).map(({ label, amount }): [string, string] => [
    label,
    amount < 0 ? `- ${c} ${formatFare(-amount)}` : `${c} ${formatFare(amount)}`,
  ]);
  const perType = paxTypes.map((p): [string, string] => [
    `${PAX_NAME[p.passengerType as 1 | 2 | 3] ?? 'Passenger'} × ${p.count}`,
    `${c} ${formatFare(p.totalFare)} each (taxes ${formatFare(p.tax)})`,
  ]);
  return { lines, total: `${c} ${formatFare(fare.totalFare)}`, perType };
}

/** The e-ticket as the mail template and the PDF want it (one passenger when `pax` is given). */
export function eTicketDoc(t: TETicket, link: string, pax?: number): ETicketDoc {
  const passengers = t.passengers.filter((p) => pax === undefined || p.paxIndex === pax);
  return {
    pnr: t.pnr,
    bookingId: t.bookingId,
    status: t.displayStatus,
    bookedOn: when(t.createdAt),
    agency: { name: t.agency.name, email: t.agency.email, phone: t.agency.phone },
    segments: t.segments.flat().map((s) => ({
      flight: `${s.airlineCode} ${s.flightNumber}`,
      from: `${s.originCityName} (${s.originAirportCode})${s.originTerminal ? ` T${s.originTerminal}` : ''}`,
      to: `${s.destinationCityName} (${s.destinationAirportCode})${s.destinationTerminal ? ` T${s.destinationTerminal}` : ''}`,
      departure: when(s.departureTime),
      arrival: when(s.arrivalTime),
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
