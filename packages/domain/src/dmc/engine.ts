/**
 * The rate engine behind `dmc/getTourOptionPriceForQuotationBuilder` (docs/dmc.md "Rate
 * engine"). Pure: the handler loads the tour option with its rates and stop-sales and passes them in.
 *
 * 1. A stop-sale covering the date (for every market, or for this one) blocks the option.
 * 2. Ticket: among the option's ticket rates for the market valid on the date, tried highest priority first,
 *    the first whose pax band holds adults + children wins; rates never add up. Failing that, a per-group rate
 *    whose band tops out below the party is used several times (add vehicles): the one with the biggest band.
 * 3. Transfers, the same way per leg: a return with one basis first looks for a "Pickup & Drop" rate, then
 *    prices the pickup and the drop apart; a mixed basis (DROP_SIC_PICKUP_PVT…) always prices them apart; a
 *    one-way transfer is the pickup alone.
 * 4. Per pax: adults × adult amount + children × child amount (transfers: one amount for everyone). Per
 *    group: the rate's amount per vehicle, boat or group.
 */
import { round2 } from '../pricing.ts';
import { DMC_TEXT } from './messages.ts';
import { comparePriority } from './priority.ts';
import { bandContains, dateWithin, isIsoDate } from './terms.ts';
import type {
  KartTransferType,
  Market,
  RateSharingBasis,
  RateTerms,
  SharingBasis,
  StopSale,
  TicketRate,
  TourOption,
  TransferDirection,
  TransferRate,
} from './types.ts';

/** The transfer a kart line asks for with the activity; null: none. */
export interface TransferChoice {
  transferType: KartTransferType;
  sharingBasis: SharingBasis;
}

/** A tour option with everything the engine reads about it. Rows of other tour options are ignored. */
export interface TourOptionRates {
  tourOption: TourOption;
  ticketRates: readonly TicketRate[];
  transferRates: readonly TransferRate[];
  stopSales: readonly StopSale[];
}

export interface PriceRequest {
  date: string;
  adults: number;
  children: number;
  transfer: TransferChoice | null;
}

export interface PricedTicket {
  rateId: string;
  isPerPax: boolean;
  adultAmount: number;
  childAmount: number;
  /** People charged (per pax) or groups / vehicles charged (per group). */
  units: number;
  amount: number;
  /** What the DMC pays for the same (the sell when the rate names no cost). */
  cost: number;
}

export interface PricedTransfer {
  rateId: string;
  transferType: TransferDirection;
  sharingBasis: RateSharingBasis;
  isPerPax: boolean;
  /** The rate's amount per person or per vehicle. */
  unitAmount: number;
  units: number;
  amount: number;
  cost: number;
}

export type UnavailableCode = 'invalidRequest' | 'stopSale' | 'noTicketRate' | 'noTransferRate';

export interface Unavailable {
  code: UnavailableCode;
  message: string;
  /** The stop-sale that blocks the date, for `stopSale`. */
  stopSale?: StopSale;
}

interface PriceHeader {
  tourOptionId: string;
  activityId: string;
  marketId: string;
  date: string;
  adults: number;
  children: number;
  transfer: TransferChoice | null;
}

/** What the quotation builder puts on a kart activity line: `price` is ticket plus transfers. */
export type TourOptionPrice =
  | (PriceHeader & {
      available: true;
      currency: string;
      /** Null when the option sells no ticket (`hasTicket` false). */
      ticket: PricedTicket | null;
      transfers: PricedTransfer[];
      ticketPrice: number;
      transferPrice: number;
      price: number;
      /** What the DMC pays for ticket and transfers; `costKnown` false when a row used names no cost. */
      cost: number;
      costKnown: boolean;
      /** The arithmetic, as the rate check shows it: "2 × AED 169.00 + 1 × AED 135.00 + 3 × AED 40.00 SIC Pickup". */
      working: string;
    })
  | (PriceHeader & { available: false; reason: Unavailable });

type RateRow = RateTerms & { id: string; priority: number };
type Picked<T> = { ok: true; rate: T; units: number } | { ok: false; stage: 'market' | 'date' | 'pax' };

/** The applicable row for a market, date and party size, and how many times it is charged. */
export function pickRate<T extends RateRow>(
  rows: readonly T[],
  marketId: string,
  date: string,
  pax: number,
): Picked<T> {
  const inMarket = rows.filter((r) => r.marketId === marketId);
  if (!inMarket.length) return { ok: false, stage: 'market' };
  const valid = inMarket.filter((r) => dateWithin(date, r.validFromDate, r.validTillDate)).sort(comparePriority);
  if (!valid.length) return { ok: false, stage: 'date' };
  const fits = valid.find((r) => bandContains(r, pax));
  if (fits) return { ok: true, rate: fits, units: 1 };
  // Past the top band, add vehicles of the biggest band (dmc.md §1); per-pax rows never multiply.
  let biggest: (T & { maxPax: number }) | undefined;
  for (const r of valid)
    if (!r.isPerPax && r.maxPax !== null && r.maxPax < pax && (!biggest || r.maxPax > biggest.maxPax))
      biggest = r as T & { maxPax: number };
  return biggest ? { ok: true, rate: biggest, units: Math.ceil(pax / biggest.maxPax) } : { ok: false, stage: 'pax' };
}

interface Leg {
  transferType: TransferDirection;
  sharingBasis: RateSharingBasis;
}

/** The legs a choice needs: pickup and drop bases from the sharing basis (DROP_<drop>_PICKUP_<pickup>). */
export function transferLegs(choice: TransferChoice): { combined: Leg | null; separate: Leg[] } {
  const mixed = /^DROP_(SIC|PVT)_PICKUP_(SIC|PVT)$/.exec(choice.sharingBasis);
  const drop = (mixed ? mixed[1] : choice.sharingBasis) as RateSharingBasis;
  const pickup = (mixed ? mixed[2] : choice.sharingBasis) as RateSharingBasis;
  const pickupLeg: Leg = { transferType: 'Pickup', sharingBasis: pickup };
  if (choice.transferType === 'oneway') return { combined: null, separate: [pickupLeg] };
  return {
    combined: pickup === drop ? { transferType: 'Pickup & Drop', sharingBasis: pickup } : null,
    separate: [pickupLeg, { transferType: 'Drop', sharingBasis: drop }],
  };
}

const noRate = (what: string, stage: 'market' | 'date' | 'pax', market: Market, date: string, pax: number) =>
  stage === 'market'
    ? DMC_TEXT.noRateForMarket(what, market.name)
    : stage === 'date'
      ? DMC_TEXT.noRateOnDate(what, market.name, date)
      : DMC_TEXT.noRateForPax(what, market.name, date, pax);

function requestProblem(req: PriceRequest): string | null {
  if (!Number.isInteger(req.adults) || req.adults < 1) return DMC_TEXT.adultsRequired;
  if (!Number.isInteger(req.children) || req.children < 0) return DMC_TEXT.childrenInvalid;
  return isIsoDate(req.date) ? null : DMC_TEXT.priceDateInvalid;
}

/** Prices one tour option for a market, date, party and transfer choice. */
export function priceTourOption(option: TourOptionRates, market: Market, req: PriceRequest): TourOptionPrice {
  const { tourOption } = option;
  const header: PriceHeader = {
    tourOptionId: tourOption.id,
    activityId: tourOption.activityId,
    marketId: market.marketId,
    date: req.date,
    adults: req.adults,
    children: req.children,
    transfer: req.transfer,
  };
  const unavailable = (reason: Unavailable): TourOptionPrice => ({ ...header, available: false, reason });
  const mine = <T extends { tourOptionId: string }>(rows: readonly T[]) =>
    rows.filter((r) => r.tourOptionId === tourOption.id);

  const problem = requestProblem(req);
  if (problem) return unavailable({ code: 'invalidRequest', message: problem });

  const stop = mine(option.stopSales).find(
    (s) => (s.marketId === null || s.marketId === market.marketId) && dateWithin(req.date, s.fromDate, s.tillDate),
  );
  if (stop)
    return unavailable({
      code: 'stopSale',
      message: DMC_TEXT.stopSale(stop.fromDate, stop.tillDate, stop.reason),
      stopSale: stop,
    });

  const pax = req.adults + req.children;
  const money = (amount: number) => `${market.currency} ${amount.toFixed(2)}`;
  const working: string[] = [];
  let costKnown = true;
  let ticket: PricedTicket | null = null;
  if (tourOption.hasTicket) {
    const picked = pickRate(mine(option.ticketRates), market.marketId, req.date, pax);
    if (!picked.ok)
      return unavailable({ code: 'noTicketRate', message: noRate('ticket rate', picked.stage, market, req.date, pax) });
    const { rate, units } = picked;
    const adultCost = rate.adultCost ?? rate.adultAmount;
    const childCost = rate.childCost ?? rate.childAmount;
    costKnown &&= typeof rate.adultCost === 'number' && (!rate.isPerPax || typeof rate.childCost === 'number');
    working.push(
      rate.isPerPax
        ? [
            `${req.adults} × ${money(rate.adultAmount)}`,
            ...(req.children ? [`${req.children} × ${money(rate.childAmount)}`] : []),
          ].join(' + ')
        : `${units} × ${money(rate.adultAmount)} per group`,
    );
    ticket = {
      rateId: rate.id,
      isPerPax: rate.isPerPax,
      adultAmount: rate.adultAmount,
      childAmount: rate.childAmount,
      units: rate.isPerPax ? pax : units,
      amount: round2(
        rate.isPerPax ? req.adults * rate.adultAmount + req.children * rate.childAmount : units * rate.adultAmount,
      ),
      cost: round2(rate.isPerPax ? req.adults * adultCost + req.children * childCost : units * adultCost),
    };
  }

  const transfers: PricedTransfer[] = [];
  if (req.transfer) {
    const rows = mine(option.transferRates);
    const pickLeg = (leg: Leg) =>
      pickRate(
        rows.filter((r) => r.transferType === leg.transferType && r.sharingBasis === leg.sharingBasis),
        market.marketId,
        req.date,
        pax,
      );
    const { combined, separate } = transferLegs(req.transfer);
    let legs = combined ? [combined] : separate;
    let picks = legs.map(pickLeg);
    if (combined && !picks[0]?.ok) {
      const apart = separate.map(pickLeg);
      // Pickup and drop priced apart stand in for a missing round-trip rate; else the round trip is reported.
      if (apart.every((p) => p.ok)) [legs, picks] = [separate, apart];
    }
    for (const [i, p] of picks.entries())
      if (!p.ok) {
        const leg = legs[i] as Leg;
        const what = `${leg.sharingBasis} ${leg.transferType} transfer rate`;
        return unavailable({ code: 'noTransferRate', message: noRate(what, p.stage, market, req.date, pax) });
      }
    for (const p of picks) {
      if (!p.ok) continue;
      const { rate } = p;
      const units = rate.isPerPax ? pax : p.units;
      costKnown &&= typeof rate.cost === 'number';
      working.push(`${units} × ${money(rate.amount)} ${rate.sharingBasis} ${rate.transferType}`);
      transfers.push({
        rateId: rate.id,
        transferType: rate.transferType,
        sharingBasis: rate.sharingBasis,
        isPerPax: rate.isPerPax,
        unitAmount: rate.amount,
        units,
        amount: round2(units * rate.amount),
        cost: round2(units * (rate.cost ?? rate.amount)),
      });
    }
  }

  const ticketPrice = ticket?.amount ?? 0;
  const transferPrice = round2(transfers.reduce((sum, t) => sum + t.amount, 0));
  return {
    ...header,
    available: true,
    currency: market.currency,
    ticket,
    transfers,
    ticketPrice,
    transferPrice,
    price: round2(ticketPrice + transferPrice),
    cost: round2([ticket, ...transfers].reduce((sum, t) => sum + (t?.cost ?? 0), 0)),
    costKnown,
    working: working.join(' + '),
  };
}
