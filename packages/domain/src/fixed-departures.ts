/**
 * Fixed departures (docs/fixed-departures.md): pre-bought group seats sold at a fare per passenger type,
 * inside a sale window, with the fixed-departure markup of the buyer's customer group. Pure rules: the
 * inventory checks with their messages, when a departure is on sale, and its price for a party.
 */
import {
  GST_ON_MARKUP_RATE,
  asSupplierFare,
  priceFare,
  round2,
  type MarkupRule,
  type PricedFare,
  type PricedPaxFare,
  type SupplierFare,
  type SupplierPaxFare,
} from './pricing.ts';

export const FD_MSG = {
  sectorChain: 'Each flight must leave from where the previous one landed',
  arrivalBeforeDeparture: 'Arrival must be after departure',
  connectionBeforeArrival: 'This flight leaves before the previous one lands',
  saleWindowOrder: 'The sale must open before it closes',
  saleAfterDeparture: 'The sale must close before the first flight leaves',
  seatsBelowSold: (sold: number) => `${sold} seats are already sold; total seats cannot be fewer`,
  childFareMissing: 'Please enter the child fare',
  sameAirport: 'Origin and destination must be different',
  notOnSale: 'This fixed departure is not on sale',
  soldOut: 'Not enough seats left on this departure',
  infantsOverAdults: 'Each infant must travel with an adult',
  noAdult: 'At least one adult must travel',
} as const;

export type FdPaxType = 1 | 2 | 3;
export interface FdFare {
  baseFare: number;
  tax: number;
}
/** Fare per passenger type: adult, child, infant (a block sells all three; an infant takes no seat). */
export interface FdFares {
  adult: FdFare;
  child: FdFare;
  infant: FdFare;
}

export interface FdFlightInput {
  origin: string;
  destination: string;
  /** Airport-local `YYYY-MM-DDTHH:mm`, as airlines print them. */
  departureTime: string;
  arrivalTime: string;
}

export interface FdInventoryInput {
  flights: readonly FdFlightInput[];
  totalSeats: number;
  saleFrom: string;
  saleUntil: string;
}

/** Field path → message, for the form and the 400 alike. */
export type FdProblems = Record<string, string>;

/**
 * Inventory rules beyond field shapes: the flights chain (each leaves where the last landed, after it
 * landed), the sale window opens before it closes and closes by the first departure, and total seats
 * never fall below those sold. Local times of different airports compare as written: a good-enough
 * check (the time zones are not known here); a flight that lands on the previous local day (across the
 * date line) is not sold as a fixed departure.
 */
export function inventoryProblems(fd: FdInventoryInput, seatsSold = 0): FdProblems {
  const out: FdProblems = {};
  fd.flights.forEach((f, i) => {
    if (f.origin === f.destination) out[`flights.${i}.destination`] = FD_MSG.sameAirport;
    if (f.arrivalTime <= f.departureTime) out[`flights.${i}.arrivalTime`] = FD_MSG.arrivalBeforeDeparture;
    const prev = fd.flights[i - 1];
    if (prev) {
      if (prev.destination !== f.origin) out[`flights.${i}.origin`] = FD_MSG.sectorChain;
      else if (f.departureTime <= prev.arrivalTime) out[`flights.${i}.departureTime`] = FD_MSG.connectionBeforeArrival;
    }
  });
  if (fd.saleUntil < fd.saleFrom) out.saleUntil = FD_MSG.saleWindowOrder;
  const first = fd.flights[0];
  if (first && fd.saleUntil > first.departureTime.slice(0, 10)) out.saleUntil ??= FD_MSG.saleAfterDeparture;
  if (fd.totalSeats < seatsSold) out.totalSeats = FD_MSG.seatsBelowSold(seatsSold);
  return out;
}

/** Sale window in the site's business days (`YYYY-MM-DD`, inclusive), still seats, not departed, active. */
export function isOnSale(
  fd: { isActive: boolean; saleFrom: string; saleUntil: string; seatsLeft: number },
  today: string,
): boolean {
  return fd.isActive && fd.seatsLeft > 0 && fd.saleFrom <= today && today <= fd.saleUntil;
}

export interface PaxCounts {
  adults: number;
  children: number;
  infants: number;
}

export const countPax = (types: readonly number[]): PaxCounts => ({
  adults: types.filter((t) => t === 1).length,
  children: types.filter((t) => t === 2).length,
  infants: types.filter((t) => t === 3).length,
});

/** Seats a party takes: infants sit on a lap. */
export const seatsFor = (c: PaxCounts): number => c.adults + c.children;

/** Party rules: an adult travels, each infant has an adult's lap. Null when fine. */
export function partyProblem(c: PaxCounts): string | null {
  if (c.adults < 1) return FD_MSG.noAdult;
  if (c.infants > c.adults) return FD_MSG.infantsOverAdults;
  return null;
}

/** The block's fare for a party, as a supplier fare (no commission: group fares are net). */
export function blockFare(
  fares: FdFares,
  c: PaxCounts,
  currency: string,
): { fare: SupplierFare; paxFares: SupplierPaxFare[] } {
  const rows: [FdPaxType, FdFare, number][] = [
    [1, fares.adult, c.adults],
    [2, fares.child, c.children],
    [3, fares.infant, c.infants],
  ];
  const paxFares = rows
    .filter(([, , n]) => n > 0)
    .map(([passengerType, f, count]) => ({ passengerType, count, baseFare: f.baseFare, tax: f.tax }));
  const sum = (pick: (f: FdFare) => number) => round2(rows.reduce((n, [, f, count]) => n + pick(f) * count, 0));
  return {
    fare: {
      currency,
      baseFare: sum((f) => f.baseFare),
      tax: sum((f) => f.tax),
      yq: 0,
      otherCharges: 0,
      serviceFee: 0,
      txnFee: 0,
      commission: 0,
      incentive: 0,
      plb: 0,
    },
    paxFares,
  };
}

/**
 * A party's price: the block fare with the buyer's fixed-departure rule (markup, GST on it, discount).
 * `supplierRule` is set when the departure is a supplier site's: the supplier prices it for this site
 * first (its rule for our legal entity's group), and that price is the fare our own rule adds to.
 */
export function priceFixedDeparture(
  fares: FdFares,
  c: PaxCounts,
  currency: string,
  rule: MarkupRule | null,
  supplierRule?: MarkupRule | null,
): { fare: PricedFare; fareBreakdown: PricedPaxFare[] } {
  const block = blockFare(fares, c, currency);
  const ctx = (r: MarkupRule | null) => ({
    defaultRule: r,
    airlineRules: {},
    gstRate: GST_ON_MARKUP_RATE,
    earnsCommission: false,
    tdsRate: 0,
  });
  if (supplierRule === undefined) return priceFare(block.fare, block.paxFares, '', ctx(rule));
  const fromSupplier = priceFare(block.fare, block.paxFares, '', ctx(supplierRule));
  // The supplier's markup folds into other charges (asSupplierFare), shared over the passengers by fare.
  const paxFares = fromSupplier.fareBreakdown.map((p) => ({
    passengerType: p.passengerType as FdPaxType,
    count: p.count,
    baseFare: p.baseFare,
    tax: p.tax,
  }));
  return priceFare(asSupplierFare(fromSupplier.fare), paxFares, '', ctx(rule));
}

/**
 * Sector of a departure (its markup rule's): first origin to last destination (`DEL-DXB`); a return block
 * (back where it started) is its outbound sector, so a Dubai return prices with the DEL-DXB rule.
 */
export function fdSector(flights: readonly { origin: string; destination: string }[]): string {
  const from = flights[0]?.origin ?? '';
  const last = flights.at(-1)?.destination ?? '';
  const to = last === from ? (flights[0]?.destination ?? '') : last;
  return `${from}-${to}`;
}
