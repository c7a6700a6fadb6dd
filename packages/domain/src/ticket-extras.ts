/**
 * Extras bought after ticketing (bags and seats an airline sells on a ticketed booking): what the customer pays
 * for them. Pure.
 *
 *   markup  = the booker's markup rule for the airline: a percentage of each extra's price, or its fixed amount
 *             once per extra (a fixed rule's "per booking" is read per extra too: each is its own sale)
 *   price   = supplier price + markup + GST on the markup
 *
 * No discount and no commission: those belong to the fare, not to an airline's ancillary sold later. An extra the
 * airline gives free is not sold after ticketing (it is chosen at check-in), so every line here has a price.
 */
import { round2, ruleFor, type PricingContext } from './pricing.ts';

export interface SupplierExtra {
  /** The airline's price of the extra (through the supplier), in `currency`. */
  supplierPrice: number;
  currency: string;
}

export interface PricedExtra {
  supplierPrice: number;
  markup: number;
  gstOnMarkup: number;
  /** What the customer pays for this extra. */
  price: number;
}

export interface PricedExtras {
  lines: PricedExtra[];
  currency: string;
  supplierTotal: number;
  markup: number;
  gstOnMarkup: number;
  total: number;
}

/** Each extra priced for the customer whose pricing context this is, and their sums (whole paise). */
export function priceExtras(
  extras: readonly SupplierExtra[],
  airlineCode: string,
  ctx: Pick<PricingContext, 'defaultRule' | 'airlineRules' | 'gstRate'>,
): PricedExtras {
  const currencies = new Set(extras.map((x) => x.currency));
  if (currencies.size > 1) throw new Error('Extras in one currency only');
  const rule = ruleFor({ ...ctx, earnsCommission: false, tdsRate: 0 }, airlineCode);
  const lines = extras.map((x): PricedExtra => {
    const supplierPrice = round2(x.supplierPrice);
    const raw = !rule ? 0 : rule.markupType === 'percent' ? (supplierPrice * rule.markupValue) / 100 : rule.markupValue;
    const markup = round2(Math.max(0, raw));
    const gstOnMarkup = round2(markup * ctx.gstRate);
    return { supplierPrice, markup, gstOnMarkup, price: round2(supplierPrice + markup + gstOnMarkup) };
  });
  const sum = (k: keyof PricedExtra) => round2(lines.reduce((n, l) => n + l[k], 0));
  return {
    lines,
    currency: extras[0]?.currency ?? 'INR',
    supplierTotal: sum('supplierPrice'),
    markup: sum('markup'),
    gstOnMarkup: sum('gstOnMarkup'),
    total: sum('price'),
  };
}
