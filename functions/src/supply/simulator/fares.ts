/**
 * Fare families and fare arithmetic of the simulated consolidator. All amounts are whole rupees, so
 * the per-passenger breakdown always sums exactly to the option's fare.
 */
import type { SupplierFare, SupplierPaxFare } from '@tp/domain/pricing';
import { hash, rng } from './prng.ts';
import type { Itinerary } from './network.ts';
import { distanceKm } from './time.ts';

export interface FareFamily {
  id: string;
  name: string;
  fareClass: string;
  /** Cabin class of the search form: 2 economy, 3 premium economy, 4 business. */
  cabin: 2 | 3 | 4;
  lcc: boolean;
  factor: number;
  refundable: boolean;
  /** Per passenger (adult, child) cancellation and change fees; domestic / international. */
  cancelFee: [number, number];
  changeFee: [number, number];
  baggageKg: [number, number];
  cabinKg: number;
  /** Share of flights that sell it (sale fares are not on every flight). */
  availability: number;
  internationalOnly?: boolean;
}

const f = (x: FareFamily) => x;
export const FAMILIES: readonly FareFamily[] = [
  f({
    id: 'SALE',
    name: 'Sale',
    fareClass: 'Q',
    cabin: 2,
    lcc: true,
    factor: 0.88,
    refundable: false,
    cancelFee: [0, 0],
    changeFee: [3000, 4500],
    baggageKg: [15, 20],
    cabinKg: 7,
    availability: 0.45,
  }),
  f({
    id: 'SAVER',
    name: 'Saver',
    fareClass: 'R',
    cabin: 2,
    lcc: true,
    factor: 1,
    refundable: true,
    cancelFee: [3500, 5000],
    changeFee: [2999, 4000],
    baggageKg: [15, 20],
    cabinKg: 7,
    availability: 1,
  }),
  f({
    id: 'FLEXI',
    name: 'Flexi',
    fareClass: 'F',
    cabin: 2,
    lcc: true,
    factor: 1.22,
    refundable: true,
    cancelFee: [1500, 2500],
    changeFee: [0, 0],
    baggageKg: [15, 25],
    cabinKg: 7,
    availability: 1,
  }),
  f({
    id: 'SUPER',
    name: 'Super',
    fareClass: 'S',
    cabin: 2,
    lcc: true,
    factor: 1.6,
    refundable: true,
    cancelFee: [0, 1500],
    changeFee: [0, 0],
    baggageKg: [20, 30],
    cabinKg: 10,
    availability: 0.8,
  }),
  f({
    id: 'CORP',
    name: 'Corporate',
    fareClass: 'M',
    cabin: 2,
    lcc: true,
    factor: 1.4,
    refundable: true,
    cancelFee: [500, 1500],
    changeFee: [0, 0],
    baggageKg: [20, 30],
    cabinKg: 10,
    availability: 0.6,
  }),
  f({
    id: 'ECOS',
    name: 'Economy Saver',
    fareClass: 'T',
    cabin: 2,
    lcc: false,
    factor: 1.05,
    refundable: false,
    cancelFee: [0, 0],
    changeFee: [3500, 6000],
    baggageKg: [15, 25],
    cabinKg: 7,
    availability: 0.8,
  }),
  f({
    id: 'ECOC',
    name: 'Economy Classic',
    fareClass: 'K',
    cabin: 2,
    lcc: false,
    factor: 1.2,
    refundable: true,
    cancelFee: [3000, 6000],
    changeFee: [2500, 4000],
    baggageKg: [20, 30],
    cabinKg: 7,
    availability: 1,
  }),
  f({
    id: 'ECOF',
    name: 'Economy Flex',
    fareClass: 'Y',
    cabin: 2,
    lcc: false,
    factor: 1.6,
    refundable: true,
    cancelFee: [0, 2000],
    changeFee: [0, 0],
    baggageKg: [25, 35],
    cabinKg: 8,
    availability: 1,
  }),
  f({
    id: 'PREM',
    name: 'Premium Economy',
    fareClass: 'W',
    cabin: 3,
    lcc: false,
    factor: 2.1,
    refundable: true,
    cancelFee: [2000, 4000],
    changeFee: [0, 2000],
    baggageKg: [25, 35],
    cabinKg: 10,
    availability: 0.7,
    internationalOnly: true,
  }),
  f({
    id: 'BUS',
    name: 'Business',
    fareClass: 'J',
    cabin: 4,
    lcc: false,
    factor: 3.3,
    refundable: true,
    cancelFee: [2000, 5000],
    changeFee: [0, 0],
    baggageKg: [35, 40],
    cabinKg: 14,
    availability: 0.9,
  }),
];

/** Families a carrier sells on an itinerary for a cabin class of the search (1 all). */
export function familiesFor(isLcc: boolean, domestic: boolean, cabinClass: number): FareFamily[] {
  const cabin = cabinClass >= 5 ? 4 : cabinClass; // no first class in the simulator: shown as business
  return FAMILIES.filter(
    (fam) => fam.lcc === isLcc && (cabin === 1 || fam.cabin === cabin) && !(domestic && fam.internationalOnly),
  );
}

/** Whether this family is sold on this itinerary on this date. */
export const familyOnSale = (fam: FareFamily, legs: Itinerary) =>
  fam.availability >= 1 || rng(`fam:${fam.id}:${legs.map((l) => l.key + l.date).join()}`).next() < fam.availability;

export interface PaxCounts {
  adults: number;
  children: number;
  infants: number;
}

export interface PricedOffer {
  fare: SupplierFare;
  fareBreakdown: SupplierPaxFare[];
  /** Per passenger of each type, for charges. */
  perPax: Record<1 | 2 | 3, { baseFare: number; tax: number; yq: number }>;
}

/**
 * The adult base fare of an itinerary in one family, before any price change: distance-based, a
 * little dearer at peak hours and at weekends, varying per flight and date.
 */
export function adultBase(legs: Itinerary, fam: FareFamily, domestic: boolean): number {
  const first = legs[0]!;
  const last = legs[legs.length - 1]!;
  const km = distanceKm(first.origin, last.destination);
  const perKm = domestic ? 1200 + 3.1 * km : 2600 + 3.9 * km;
  const r = rng(`price:${legs.map((l) => l.key).join('+')}:${first.date}`);
  const peak =
    first.depMinute >= 6 * 60 && first.depMinute <= 9 * 60
      ? 1.12
      : first.depMinute >= 17 * 60 && first.depMinute <= 21 * 60
        ? 1.08
        : 1;
  const day = new Date(`${first.date}T00:00:00Z`).getUTCDay();
  const weekend = day === 5 || day === 0 ? 1.07 : 1;
  const stops = legs.length === 1 ? 1 : legs.length === 2 ? 0.93 : 0.88;
  const carrier = fam.lcc ? 1 : 1.1;
  const base = perKm * fam.factor * peak * weekend * stops * carrier * (0.82 + r.next() * 0.5);
  return Math.max(999, Math.round(base / 10) * 10);
}

/** Per-passenger taxes: fuel surcharge (YQ), airport fees of each departure, and GST on the base. */
function paxTax(base: number, legs: Itinerary, fam: FareFamily, domestic: boolean, paxType: 1 | 2 | 3) {
  const yqRate = domestic ? 0.07 : 0.22;
  const yq = paxType === 3 ? 0 : Math.round(base * yqRate);
  const airportFees = paxType === 3 ? 0 : legs.reduce((n, l) => n + 150 + (hash(`udf:${l.origin.code}`) % 700), 0);
  const gst = Math.round(base * (fam.cabin === 2 ? 0.05 : 0.12));
  return { yq, tax: yq + airportFees + gst };
}

/** Child ~75 % and infant ~10 % of the adult base; commission and incentive on GDS fares. */
export function priceOffer(
  adult: number,
  legs: Itinerary,
  fam: FareFamily,
  domestic: boolean,
  pax: PaxCounts,
  carrierCode: string,
): PricedOffer {
  const bases: Record<1 | 2 | 3, number> = {
    1: adult,
    2: Math.round((adult * 0.75) / 10) * 10,
    3: Math.round((adult * 0.1) / 10) * 10,
  };
  const perPax = {} as PricedOffer['perPax'];
  for (const t of [1, 2, 3] as const) perPax[t] = { baseFare: bases[t], ...paxTax(bases[t], legs, fam, domestic, t) };
  const counts: [1 | 2 | 3, number][] = [
    [1, pax.adults],
    [2, pax.children],
    [3, pax.infants],
  ];
  const fareBreakdown = counts
    .filter(([, n]) => n > 0)
    .map(([t, n]) => ({ passengerType: t, count: n, baseFare: perPax[t].baseFare, tax: perPax[t].tax }));
  const sum = (pick: (t: 1 | 2 | 3) => number) => counts.reduce((n, [t, count]) => n + pick(t) * count, 0);
  const baseFare = sum((t) => perPax[t].baseFare);
  const commissionRate = fam.lcc ? 0 : (hash(`comm:${carrierCode}`) % 4) / 100;
  return {
    perPax,
    fareBreakdown,
    fare: {
      currency: 'INR',
      baseFare,
      tax: sum((t) => perPax[t].tax),
      yq: sum((t) => perPax[t].yq),
      // GDS fares carry a small per-booking charge; LCC fares carry none.
      otherCharges: fam.lcc ? 0 : 118,
      serviceFee: 0,
      txnFee: 0,
      commission: Math.round(baseFare * commissionRate),
      incentive: Math.round(baseFare * (fam.lcc ? 0.008 : 0.005)),
      plb: 0,
    },
  };
}

/** Scales a priced offer's base fares by `factor` (a fare that moved between search and quote). */
export function bumped(adult: number, factor: number): number {
  return Math.round((adult * factor) / 10) * 10;
}

export const publishedOf = (fare: SupplierFare): number =>
  fare.baseFare + fare.tax + fare.otherCharges + fare.serviceFee + fare.txnFee;

/** What cancelling one passenger of a type costs under the family's rules (non-refundable: the base fare). */
export function cancellationCharge(
  fam: FareFamily,
  domestic: boolean,
  paxType: 1 | 2 | 3,
  pax: { baseFare: number },
  cancellationType: 1 | 2 | 3,
): number {
  if (cancellationType === 2) return 0; // the airline cancelled: full refund
  if (!fam.refundable || cancellationType === 1) return pax.baseFare; // only taxes come back
  if (paxType === 3) return 0;
  return Math.min(pax.baseFare, fam.cancelFee[domestic ? 0 : 1]);
}

export function fareRuleText(fam: FareFamily, domestic: boolean, carrierName: string): string {
  const i = domestic ? 0 : 1;
  const inr = (n: number) => `INR ${n.toLocaleString('en-IN')}`;
  const cutoff = domestic ? 2 : 4;
  const cancel = fam.refundable
    ? `Cancellation: ${fam.cancelFee[i] ? `${inr(fam.cancelFee[i])} per passenger` : 'free of charge'} up to ${cutoff} hours before departure; after that the ticket is treated as a no-show and only taxes are refunded.`
    : 'Cancellation: non-refundable. Only statutory taxes and fees are refunded.';
  const change = fam.changeFee[i]
    ? `Date change: ${inr(fam.changeFee[i])} per passenger plus any fare difference.`
    : 'Date change: free, fare difference applies.';
  return [
    `${carrierName} — ${fam.name} (booking class ${fam.fareClass})`,
    cancel,
    change,
    `Check-in baggage: ${fam.baggageKg[i]} kg per adult and child; cabin baggage: ${fam.cabinKg} kg.`,
    'Infants: no seat, no check-in baggage allowance beyond a collapsible stroller.',
    `Name changes are not permitted. Changes must be requested at least ${cutoff} hours before departure.`,
  ].join('\n');
}
