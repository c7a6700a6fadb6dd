/**
 * A kart's totals, computed from its lines only (the client's total is never trusted). Summed in
 * minor units (money.ts), reported in the currency's units.
 *
 *   hotel line    = bookedByCustomer ? 0 : noOfNights × Σ(room-type price × count)   + transferPrice
 *                   (a contract-priced stay: its nights as the contract priced them, instead of the product)
 *   any line      = its override's price instead, when it has one
 *   subtotal      = Σ hotel lines + Σ activity prices + Σ misc prices + Σ flight prices
 *   grandTotal    = subtotal + serviceCharge + remittanceCharge − discount
 *   balanceDue    = grandTotal − collectedPayment
 */
import { fromMinor, toMinor } from './money.ts';
import { ROOM_TYPES, type Kart, type KartAccomodation, type PriceOverride } from './types.ts';

/** The kart sections that carry priced lines, in the order the quotation prints them. */
export const KART_SECTIONS = ['accomodations', 'activities', 'miscellaneous', 'flightDetails'] as const;
export type KartSection = (typeof KART_SECTIONS)[number];

export interface LineTotal {
  id: string;
  total: number;
}

export interface AccomodationTotal extends LineTotal {
  /** Rooms for all nights (0 when booked by the customer). */
  rooms: number;
  transfer: number;
}

export interface KartTotals {
  lines: {
    accomodations: AccomodationTotal[];
    activities: LineTotal[];
    miscellaneous: LineTotal[];
    flightDetails: LineTotal[];
  };
  sections: Record<KartSection, number>;
  subtotal: number;
  serviceCharge: number;
  remittanceCharge: number;
  discount: number;
  grandTotal: number;
  collectedPayment: number;
  balanceDue: number;
}

/** The fields totals read: a kart being edited may still lack the rest. */
export type PricedKart = Pick<
  Kart,
  | 'accomodations'
  | 'activities'
  | 'miscellaneous'
  | 'flightDetails'
  | 'serviceCharge'
  | 'remittanceCharge'
  | 'discount'
  | 'collectedPayment'
>;

function accomodationMinor(line: KartAccomodation): { rooms: number; transfer: number } {
  const perNight = ROOM_TYPES.reduce((n, t) => n + toMinor(line.rooms[t]?.price) * (line.rooms[t]?.count ?? 0), 0);
  // A contract-priced stay: the nights as the contract priced them one by one (a stay may cross seasons).
  const stay = line.contractStay?.roomsPrice;
  const rooms = typeof stay === 'number' ? toMinor(stay) : line.noOfNights * perNight;
  return { rooms: line.bookedByCustomer ? 0 : rooms, transfer: toMinor(line.transferPrice) };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

type Overridable = { override?: PriceOverride | null };

/** What a line sells at in minor units: its override's price, else the price computed from its fields. */
const sellMinor = (line: Overridable, computedMinor: number): number =>
  line.override ? toMinor(line.override.price) : computedMinor;

/**
 * A line's price before any override, in minor units (the contract price the staff view shows beside an override).
 */
export function computedLineMinor(section: KartSection, line: PricedKart[KartSection][number]): number {
  if (section !== 'accomodations') return toMinor((line as { price: number }).price);
  const { rooms, transfer } = accomodationMinor(line as KartAccomodation);
  return rooms + transfer;
}

export function kartTotals(kart: PricedKart): KartTotals {
  const hotels = kart.accomodations.map((l) => ({ id: l.id, ...accomodationMinor(l), line: l }));
  const priced = (lines: readonly ({ id: string; price: number } & Overridable)[]) =>
    lines.map((l) => ({ id: l.id, total: sellMinor(l, toMinor(l.price)) }));
  const minor = {
    accomodations: hotels.map((h) => ({
      id: h.id,
      rooms: h.rooms,
      transfer: h.transfer,
      total: sellMinor(h.line, h.rooms + h.transfer),
    })),
    activities: priced(kart.activities),
    miscellaneous: priced(kart.miscellaneous),
    flightDetails: priced(kart.flightDetails),
  };
  const sections = Object.fromEntries(KART_SECTIONS.map((s) => [s, sum(minor[s].map((l) => l.total))])) as Record<
    KartSection,
    number
  >;
  const subtotal = sum(KART_SECTIONS.map((s) => sections[s]));
  const grandTotal = subtotal + toMinor(kart.serviceCharge) + toMinor(kart.remittanceCharge) - toMinor(kart.discount);
  const collected = toMinor(kart.collectedPayment);
  const units = (l: LineTotal): LineTotal => ({ id: l.id, total: fromMinor(l.total) });
  return {
    lines: {
      accomodations: minor.accomodations.map((h) => ({
        ...units(h),
        rooms: fromMinor(h.rooms),
        transfer: fromMinor(h.transfer),
      })),
      activities: minor.activities.map(units),
      miscellaneous: minor.miscellaneous.map(units),
      flightDetails: minor.flightDetails.map(units),
    },
    sections: Object.fromEntries(KART_SECTIONS.map((s) => [s, fromMinor(sections[s])])) as Record<KartSection, number>,
    subtotal: fromMinor(subtotal),
    serviceCharge: fromMinor(toMinor(kart.serviceCharge)),
    remittanceCharge: fromMinor(toMinor(kart.remittanceCharge)),
    discount: fromMinor(toMinor(kart.discount)),
    grandTotal: fromMinor(grandTotal),
    collectedPayment: fromMinor(collected),
    balanceDue: fromMinor(grandTotal - collected),
  };
}

/**
 * The kart as saved: each hotel line's `price`, the kart's `totalPrice` (its grand total) and its `totals` are
 * computed here, once, by `kartTotals`, and stored with it. Whatever shows or charges a saved kart (its screens,
 * list, shared copy, reminder mail, invoice) reads these, so every page shows the amount the invoice charges.
 */
export function withComputedPrices<K extends PricedKart>(kart: K): K & { totalPrice: number; totals: KartTotals } {
  const totals = kartTotals(kart);
  return {
    ...kart,
    accomodations: kart.accomodations.map((l, i) => ({ ...l, price: totals.lines.accomodations[i]?.total ?? 0 })),
    totalPrice: totals.grandTotal,
    totals,
  };
}
