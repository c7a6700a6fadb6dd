/**
 * The charged total of a booking and its itemisation: the one figure the payment order charges (wallet or
 * gateway) and the lines every page shows for it (passengers, review, e-ticket, mail). Pure.
 *
 *   total = totalFare (fare after discount) + each extra − commission passed on + TDS on it
 *
 * The base/tax split is the e-ticket's (spec 000 §9, `eticket-fare.ts`): our markup and GST stay inside the
 * base fare, so the review page and the e-ticket print the same base and taxes for the same booking.
 */
import { eTicketFare, type ETicketFare } from './eticket-fare.ts';
import { round2 } from './pricing.ts';

export type ExtraKind = 'baggage' | 'meal' | 'seat';

/** One extra service chosen for one passenger on one segment (`origin-destination`). */
export interface ChargedExtra {
  passengerIndex: number;
  kind: ExtraKind;
  segment: string;
  code: string;
  description: string;
  price: number;
}

/** The fare fields the charge reads (pricing.ts `PricedFare`, the contract's `TFare`). */
export interface ChargeableFare {
  currency: string;
  tax: number;
  txnFee: number;
  offeredOtherCharges: number;
  discount: number;
  totalFare: number;
  commissionEarned: number;
  tds: number;
}

export interface ChargeablePaxFare {
  passengerType: number;
  count: number;
  tax: number;
  /** Per passenger of the type, after our markup, GST and discount (pricing.ts `fareBreakdown`). */
  totalFare: number;
}

export interface PaxTypeCharge {
  passengerType: number;
  count: number;
  /** Per passenger. */
  baseFare: number;
  tax: number;
  totalFare: number;
  /** All passengers of the type. */
  total: number;
}

export interface Charge {
  currency: string;
  /** The fare with extras, split as on the e-ticket (no agent markup: that is the agent's own print). */
  fare: ETicketFare;
  extras: ChargedExtra[];
  paxTypes: PaxTypeCharge[];
  /** Passed on to agents and corporates (0 for retail), and the TDS deducted on it. */
  commissionEarned: number;
  tds: number;
  /** What the wallet or the gateway charges. */
  total: number;
}

interface PricedItem {
  code: string;
  origin: string;
  destination: string;
  price: number;
  description?: string;
  weight?: number | undefined;
}

/** The extras of passengers whose SSR picks are resolved against the catalogue, one line per pick. */
export function itemiseExtras(
  passengers: readonly {
    baggage: readonly PricedItem[];
    mealDynamic: readonly PricedItem[];
    seat: readonly PricedItem[];
  }[],
): ChargedExtra[] {
  const line = (passengerIndex: number, kind: ExtraKind, x: PricedItem, description: string): ChargedExtra => ({
    passengerIndex,
    kind,
    segment: `${x.origin}-${x.destination}`,
    code: x.code,
    description,
    price: round2(x.price),
  });
  return passengers.flatMap((p, i) => [
    ...p.baggage.map((x) => line(i, 'baggage', x, x.weight ? `${x.weight} kg` : x.description || x.code)),
    ...p.mealDynamic.map((x) => line(i, 'meal', x, x.description || x.code)),
    ...p.seat.map((x) => line(i, 'seat', x, `Seat ${x.code}`)),
  ]);
}

const sumOf = (extras: readonly ChargedExtra[], kind: ExtraKind) =>
  round2(extras.filter((x) => x.kind === kind).reduce((n, x) => n + x.price, 0));

/** Per passenger type (adult, child, infant): what one passenger pays and all of them together. */
export function paxTypeCharges(breakdown: readonly ChargeablePaxFare[]): PaxTypeCharge[] {
  const byType = new Map<number, ChargeablePaxFare>();
  for (const p of breakdown) {
    const seen = byType.get(p.passengerType);
    byType.set(p.passengerType, seen ? { ...seen, count: seen.count + p.count } : p);
  }
  return [...byType.values()]
    .sort((a, b) => a.passengerType - b.passengerType)
    .map((p) => ({
      passengerType: p.passengerType,
      count: p.count,
      baseFare: round2(p.totalFare - p.tax),
      tax: round2(p.tax),
      totalFare: round2(p.totalFare),
      total: round2(p.totalFare * p.count),
    }));
}

export function chargeOf(
  fare: ChargeableFare,
  breakdown: readonly ChargeablePaxFare[],
  extras: readonly ChargedExtra[],
): Charge {
  const itemised = extras.map((x) => ({ ...x, price: round2(x.price) }));
  const split = eTicketFare({
    currency: fare.currency,
    totalFare: fare.totalFare,
    tax: fare.tax,
    txnFee: fare.txnFee,
    offeredOtherCharges: fare.offeredOtherCharges,
    discount: fare.discount,
    baggagePrice: sumOf(itemised, 'baggage'),
    mealPrice: sumOf(itemised, 'meal'),
    seatPrice: sumOf(itemised, 'seat'),
  });
  return {
    currency: fare.currency,
    fare: split,
    extras: itemised,
    paxTypes: paxTypeCharges(breakdown),
    commissionEarned: round2(fare.commissionEarned),
    tds: round2(fare.tds),
    total: round2(split.totalFare - fare.commissionEarned + fare.tds),
  };
}
