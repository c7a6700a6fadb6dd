/**
 * Service vouchers and supplier booking requests of a vouchered quotation (docs/dmc.md "Paper: vouchers and supplier
 * requests"). Pure: the server hands in what it read (hotel masters, the suppliers' confirmations, the site's
 * contact), the print page and the PDF render the result.
 *
 * One voucher per hotel stay, per activity and per hotel transfer leg (airport runs); an activity's own transfer
 * is its pickup, printed on the activity's voucher. Misc and flight lines get none: nobody checks a guest in on them.
 */
import { formatDate } from '../../format.ts';
import { addDays } from './dates.ts';
import { stayText, QUOTATION_TEXT } from './quotation.ts';
import { transfersOfVoucher, type VoucherTransfer } from './transfers.ts';
import { ROOM_TYPES, type Kart, type KartAccomodation, type KartActivity } from './types.ts';

export type VoucherKind = 'hotel' | 'activity' | 'transfer';

/** Whom the guest shows the voucher to: a name, where to find them, how to call them. */
export interface VoucherContact {
  name: string;
  address: string;
  phone: string;
}

export interface ServiceVoucher {
  /** `<quotation id>-H1` (hotels), `-A1` (activities), `-T1` (transfers), in the quotation's line order; the QR's text. */
  reference: string;
  kind: VoucherKind;
  /** The quotation line it serves (a transfer: the hotel line of its leg). */
  lineId: string;
  service: string;
  /** What is included, one fact a line. */
  included: string[];
  /** The service's day (check-in, activity day, transfer day), its end (check-out) and time, when known. */
  date: string | null;
  endDate: string | null;
  time: string | null;
  pickup: { place: string; time: string | null } | null;
  dropOff: string | null;
  supplier: VoucherContact;
  /** The supplier's confirmation number: what the supplier confirmed through its link, else what staff typed. */
  confirmationNumber: string | null;
  cancellationTerms: string;
}

export interface VoucherParty {
  leadGuest: string;
  adults: number;
  child: number;
  infant: number;
  /** Every named passenger, as printed ("Mr Arjun Sharma"). */
  guests: string[];
}

export interface VoucherSet {
  quotationId: string;
  kartName: string;
  party: VoucherParty;
  vouchers: ServiceVoucher[];
}

export interface VoucherContext {
  /** Hotel masters by id (the stay's supplier). */
  hotels: ReadonlyMap<string, VoucherContact>;
  /** Who runs activities and transfers: the DMC itself (its masters name no operator's contact). */
  operator: VoucherContact;
  /** Confirmation numbers the suppliers confirmed, by line id: they win over a typed one. */
  confirmed: ReadonlyMap<string, string>;
  cancellationTerms: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const nameOf = (p: { title: string; firstName: string; lastName: string }) =>
  [p.title, p.firstName, p.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');

/** The lead guest: the first named adult, else the quotation's customer. */
export function voucherParty(kart: Pick<Kart, 'passengers' | 'adults' | 'child' | 'infant'>, customerName: string) {
  const guests = kart.passengers.map(nameOf).filter(Boolean);
  const lead = kart.passengers.find((p) => p.paxType === 'adult' && nameOf(p));
  return {
    leadGuest: lead ? nameOf(lead) : customerName,
    adults: kart.adults,
    child: kart.child,
    infant: kart.infant,
    guests,
  } satisfies VoucherParty;
}

const confirmationOf = (ctx: VoucherContext, line: { id: string; confirmationNumber?: string }) =>
  ctx.confirmed.get(line.id) ?? (line.confirmationNumber?.trim() || null);

function hotelIncluded(l: KartAccomodation): string[] {
  const rooms = l.contractStay
    ? stayText(l.contractStay)
    : ROOM_TYPES.filter((t) => (l.rooms[t]?.count ?? 0) > 0)
        .map((t) => `${l.rooms[t]?.count} × ${QUOTATION_TEXT.rooms[t]}`)
        .join(', ');
  return [
    plural(l.noOfNights, 'night'),
    `${plural(l.numberOfRooms, 'room')}${rooms ? `: ${rooms}` : ''}`,
    ...(l.transferType && l.sharingBasis
      ? [`${l.transferType === 'return' ? 'Arrival and departure transfers' : 'Arrival transfer'} (${l.sharingBasis})`]
      : []),
  ];
}

function activityIncluded(l: KartActivity): string[] {
  const t = l.transfers;
  return [
    'Entry ticket',
    ...(t.transferType && t.sharingBasis
      ? [`${t.transferType === 'return' ? 'Return transfer' : 'Pickup transfer'} (${t.sharingBasis})`]
      : ['No transfer: make your own way']),
  ];
}

const LEG_TITLE = { pickup: 'Arrival transfer', drop: 'Departure transfer' } as const;

/**
 * The vouchers of a vouchered, uncancelled quotation (none otherwise). Hotels the guest booked themselves get no
 * stay voucher (their transfers still do).
 */
export function serviceVouchers(kart: Kart, customerName: string, ctx: VoucherContext): VoucherSet {
  const party = voucherParty(kart, customerName);
  const set = { quotationId: kart.quotationId, kartName: kart.kartName, party, vouchers: [] as ServiceVoucher[] };
  if (!kart.isVouchered || kart.isCancelled) return set;
  const ref = (letter: string, n: number) => `${kart.quotationId}-${letter}${n}`;
  const base = { cancellationTerms: ctx.cancellationTerms };

  const hotels = kart.accomodations
    .filter((l) => !l.bookedByCustomer)
    .map((l, i): ServiceVoucher => ({
      ...base,
      reference: ref('H', i + 1),
      kind: 'hotel',
      lineId: l.id,
      service: l.accomodationName || ctx.hotels.get(l.accomodationId)?.name || l.accomodationId,
      included: hotelIncluded(l),
      date: l.checkinDate,
      endDate: l.checkinDate ? addDays(l.checkinDate, l.noOfNights) : null,
      time: null,
      pickup: null,
      dropOff: null,
      supplier: ctx.hotels.get(l.accomodationId) ?? { name: l.accomodationName ?? '', address: '', phone: '' },
      confirmationNumber: confirmationOf(ctx, l),
    }));

  const legs = new Map(transfersOfVoucher(kart).map((t) => [`${t.source.lineId}-${t.leg}`, t]));
  const activities = kart.activities.map((l, i): ServiceVoucher => {
    const pickup = legs.get(`${l.id}-pickup`);
    return {
      ...base,
      reference: ref('A', i + 1),
      kind: 'activity',
      lineId: l.id,
      service: [l.activityName || l.activityId, l.tourOptionName].filter(Boolean).join(': '),
      included: activityIncluded(l),
      date: l.startDate,
      endDate: null,
      time: l.time,
      pickup: pickup ? { place: pickup.pickupLocation, time: pickup.time } : null,
      dropOff: legs.get(`${l.id}-drop`)?.dropLocation ?? null,
      supplier: ctx.operator,
      confirmationNumber: confirmationOf(ctx, l),
    };
  });

  const hotelLegs = [...legs.values()].filter((t) => t.source.section === 'accomodations');
  // The DMC runs its transfers itself: the voucher's reference is all the driver needs.
  const transfers = hotelLegs.map((t: VoucherTransfer, i): ServiceVoucher => ({
    ...base,
    reference: ref('T', i + 1),
    kind: 'transfer',
    lineId: t.source.lineId,
    service: `${LEG_TITLE[t.leg]} (${t.sharingType === 'PVT' ? 'private' : 'shared'})`,
    included: [
      t.sharingType === 'PVT' ? 'Private vehicle for your party' : 'Seat in a shared coach',
      `${plural(t.pax.adults + t.pax.child + t.pax.infant, 'passenger')}`,
      ...(t.remarks.trim() ? [t.remarks.trim()] : []),
    ],
    date: t.date,
    endDate: null,
    time: t.time,
    pickup: { place: t.pickupLocation, time: t.time },
    dropOff: t.dropLocation,
    supplier: ctx.operator,
    confirmationNumber: null,
  }));
  return { ...set, vouchers: [...hotels, ...activities, ...transfers] };
}

/**
 * The facts a voucher prints, label then value, in print order: one list for the print page and the PDF. The
 * confirmation number reads "Awaiting the supplier" until one is known.
 */
export function voucherFacts(v: ServiceVoucher, party: VoucherParty): [string, string][] {
  const who = [
    plural(party.adults, 'adult'),
    ...(party.child ? [party.child === 1 ? '1 child' : `${party.child} children`] : []),
    ...(party.infant ? [plural(party.infant, 'infant')] : []),
  ].join(', ');
  const facts: [string, string | null][] = [
    ['Reference', v.reference],
    ['Service', v.service],
    ['Lead guest', party.leadGuest],
    ['Party', who],
    [v.kind === 'hotel' ? 'Check-in' : 'Date', v.date ? formatDate(v.date) : 'To be set'],
    ['Check-out', v.endDate && formatDate(v.endDate)],
    ['Time', v.time],
    ['Pickup', v.pickup && `${v.pickup.place}${v.pickup.time ? ` at ${v.pickup.time}` : ''}`],
    ['Drop-off', v.dropOff],
    ['Supplier', v.supplier.name],
    ['Address', v.supplier.address || null],
    ['Phone', v.supplier.phone || null],
    ['Confirmation no.', v.confirmationNumber ?? 'Awaiting the supplier'],
  ];
  return facts.filter((f): f is [string, string] => !!f[1]);
}

// ---------------------------------------------------------------------------------------------------
// Supplier booking requests

export const SUPPLIER_STATUSES = ['requested', 'confirmed', 'declined'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

/** A supplier link lasts this long from its request (a supplier answers within days; the guest travels later). */
export const SUPPLIER_LINK_DAYS = 14;

/** A service of the quotation a supplier is asked to book: a hotel stay the DMC books. */
export interface SupplierService {
  lineId: string;
  section: 'accomodations' | 'activities';
  supplierId: string;
  service: string;
  /** What the supplier reads: dates, rooms, party. */
  details: string[];
  date: string | null;
}

/**
 * The services to request of their suppliers: every hotel stay the DMC books (not one the guest booked) and every
 * activity. Whether a supplier can be asked (an e-mail on its master) is the server's to check.
 */
export function supplierServices(kart: Kart): SupplierService[] {
  if (!kart.isVouchered || kart.isCancelled) return [];
  const party = `${plural(kart.adults, 'adult')}${kart.child ? `, ${kart.child === 1 ? '1 child' : `${kart.child} children`}` : ''}${kart.infant ? `, ${plural(kart.infant, 'infant')}` : ''}`;
  return [
    ...kart.accomodations
      .filter((l) => !l.bookedByCustomer)
      .map((l) => ({
        lineId: l.id,
        section: 'accomodations' as const,
        supplierId: l.accomodationId,
        service: l.accomodationName || l.accomodationId,
        details: [
          ...(l.checkinDate
            ? [`Check-in ${formatDate(l.checkinDate)}, check-out ${formatDate(addDays(l.checkinDate, l.noOfNights))}`]
            : []),
          ...hotelIncluded(l).filter((s) => !/transfer/i.test(s)),
          party,
        ],
        date: l.checkinDate,
      })),
    ...kart.activities.map((l) => ({
      lineId: l.id,
      section: 'activities' as const,
      supplierId: l.activityId,
      service: [l.activityName || l.activityId, l.tourOptionName].filter(Boolean).join(': '),
      details: [...(l.startDate ? [[formatDate(l.startDate), l.time].filter(Boolean).join(' ')] : []), party],
      date: l.startDate,
    })),
  ];
}

export interface SupplierRequestState {
  status: SupplierStatus;
  expiresAt: string;
}

export type SupplierAnswerRefusal = 'expired' | 'alreadyConfirmed' | 'alreadyDeclined';

/**
 * Whether a supplier may answer now. A request is answered once: a second confirm, a confirm after a decline (or
 * the reverse) is refused, as is any answer after the link's expiry.
 */
export function supplierAnswerRefusal(r: SupplierRequestState, nowIso: string): SupplierAnswerRefusal | null {
  if (r.status === 'confirmed') return 'alreadyConfirmed';
  if (r.status === 'declined') return 'alreadyDeclined';
  if (nowIso >= r.expiresAt) return 'expired';
  return null;
}

/** The expiry of a link requested at `nowIso`. */
export const supplierLinkExpiry = (nowIso: string): string =>
  new Date(Date.parse(nowIso) + SUPPLIER_LINK_DAYS * 86_400_000).toISOString();
