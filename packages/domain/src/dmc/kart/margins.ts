/**
 * Cost, sell and margin of a quotation's lines and of the whole (dmc.md §1 "Net/sell"): markup is on cost, margin
 * on sell, so 100 → 110 is a 10 % markup and a 9.09 % margin. The staff view's only: `quotationView` never reads
 * these, so a customer's document or shared link cannot show them.
 *
 *   line sell       = the line's total (its override's price when it has one)
 *   line cost       = its `cost`, or its sell when the cost is not known (no margin claimed)
 *   kart sell       = grand total − remittance charge (the bank's fee passed on, neither margin nor line cost)
 *   kart cost       = Σ line costs
 *   margin          = sell − cost;  markup % = margin / cost;  margin % = margin / sell
 */
import { fromMinor, toMinor } from './money.ts';
import { KART_SECTIONS, computedLineMinor, type KartSection, type KartTotals, type PricedKart } from './totals.ts';
import type { PriceOverride } from './types.ts';

export interface MarginFigures {
  cost: number;
  sell: number;
  margin: number;
  /** Margin over cost, a percentage with 2 decimals; null when the cost is 0. */
  markupPercent: number | null;
  /** Margin over sell, a percentage with 2 decimals; null when the sell is 0. */
  marginPercent: number | null;
}

export interface LineMargin extends MarginFigures {
  id: string;
  /** The price the contracts (or the typed price) give before any override. */
  computedPrice: number;
  override: PriceOverride | null;
  /** False when the line names no cost: its cost is counted as its sell. */
  costKnown: boolean;
}

export interface KartMargins extends MarginFigures {
  lines: Record<KartSection, LineMargin[]>;
  /** Lines sold at an overridden price. */
  overridden: number;
}

const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part * 10_000) / whole) / 100;

/** Markup and margin of a cost and a sell given in minor units. */
export function marginFigures(costMinor: number, sellMinor: number): MarginFigures {
  const margin = sellMinor - costMinor;
  return {
    cost: fromMinor(costMinor),
    sell: fromMinor(sellMinor),
    margin: fromMinor(margin),
    markupPercent: percent(margin, costMinor),
    marginPercent: percent(margin, sellMinor),
  };
}

type CostedLine = { id: string; cost?: number | null; override?: PriceOverride | null };

/**
 * A line's cost in minor units, null when not known. A hotel line's `cost` is its rooms' (typed, or the hotel
 * contract's); its transfer adds `transferCost` when the area transfers priced it, else the transfer's sell.
 */
export function lineCostMinor(section: KartSection, line: CostedLine): number | null {
  if (typeof line.cost !== 'number') return null;
  if (section !== 'accomodations') return toMinor(line.cost);
  const hotel = line as CostedLine & { transferPrice?: number; transferCost?: number | null };
  return toMinor(line.cost) + toMinor(hotel.transferCost ?? hotel.transferPrice);
}

export function kartMargins(kart: PricedKart, totals: KartTotals): KartMargins {
  let costSum = 0;
  let overridden = 0;
  const lines = Object.fromEntries(
    KART_SECTIONS.map((section) => [
      section,
      (kart[section] as readonly CostedLine[]).map((line, i): LineMargin => {
        const sell = toMinor(totals.lines[section][i]?.total);
        const known = lineCostMinor(section, line);
        const costKnown = known !== null;
        const cost = known ?? sell;
        costSum += cost;
        if (line.override) overridden += 1;
        return {
          id: line.id,
          ...marginFigures(cost, sell),
          computedPrice: fromMinor(computedLineMinor(section, line as PricedKart[typeof section][number])),
          override: line.override ?? null,
          costKnown,
        };
      }),
    ]),
  ) as Record<KartSection, LineMargin[]>;
  const sell = toMinor(totals.grandTotal) - toMinor(totals.remittanceCharge);
  return { lines, ...marginFigures(costSum, sell), overridden };
}

/**
 * Whether a quotation's margin is under the site's minimum (a percentage of sell): staff are warned before they
 * share it. No minimum set (null) never warns; a quotation that sells for nothing is under any minimum.
 */
export function marginBelowMinimum(margins: MarginFigures, minimumPercent: number | null): boolean {
  if (minimumPercent === null) return false;
  return margins.marginPercent === null || margins.marginPercent < minimumPercent;
}
