/**
 * Flight pricing: from the supplier's fare to what this customer pays (domain.md "Money",
 * flight-supply.md "Fare arithmetic"). Pure; every amount is rounded to 2 decimals once, here.
 *
 *   published  = base + tax (incl. YQ) + other charges + service fee + transaction fee
 *   offered    = published − (commission + incentive + PLB)            (the supplier's net)
 *   markup     = our markup rule (fixed per seated passenger or booking, or % of published)
 *   price      = published + markup + GST on markup                   (publishedPrice)
 *   totalFare  = price − discount
 *   payable    = totalFare − commission passed on + TDS on it          (agents, consumers)
 */

export const GST_ON_MARKUP_RATE = 0.18;
/** TDS on commission (Income-tax Act s.194H, 2 % from 1 Oct 2024) where the relation deducts it. */
export const TDS_ON_COMMISSION_RATE = 0.02;

export const round2 = (n: number): number => Math.round((n + Number.EPSILON) * 100) / 100;

export type AmountType = 'fixed' | 'percent';

/** A markup-and-discount rule of a customer group (default airline or airline-specific). */
export interface MarkupRule {
  markupType: AmountType;
  markupValue: number;
  discountType: AmountType;
  discountValue: number;
  /** Fixed amounts apply per seated passenger (adults and children) or once per booking. */
  applyPer: 'passenger' | 'booking';
}

export interface PricingContext {
  /** Applies to airlines without their own rule. */
  defaultRule: MarkupRule | null;
  /** By airline code. */
  airlineRules: Readonly<Record<string, MarkupRule>>;
  gstRate: number;
  /** Agents, corporates and API consumers are passed the supplier's commission; retail is not. */
  earnsCommission: boolean;
  /** 0 unless the relation says `isTdsDeductable`. */
  tdsRate: number;
}

export const NO_MARKUP: PricingContext = {
  defaultRule: null,
  airlineRules: {},
  gstRate: GST_ON_MARKUP_RATE,
  earnsCommission: false,
  tdsRate: 0,
};

/** The supplier's fare for all passengers of an option. */
export interface SupplierFare {
  currency: string;
  baseFare: number;
  tax: number;
  yq: number;
  otherCharges: number;
  serviceFee: number;
  txnFee: number;
  commission: number;
  incentive: number;
  plb: number;
}

/** The supplier's fare for one passenger of a type; `count` passengers of that type travel. */
export interface SupplierPaxFare {
  passengerType: 1 | 2 | 3;
  count: number;
  baseFare: number;
  tax: number;
}

export interface PricedFare {
  currency: string;
  baseFare: number;
  tax: number;
  yq: number;
  offeredOtherCharges: number;
  serviceFee: number;
  txnFee: number;
  publishedFare: number;
  offeredFare: number;
  commissionEarned: number;
  tds: number;
  markup: number;
  gstOnMarkup: number;
  discount: number;
  publishedPrice: number;
  totalFare: number;
  totalPayable: number;
  totalPayableAmt: number;
  baggagePrice: number;
  mealPrice: number;
  seatPrice: number;
}

export interface PricedPaxFare {
  passengerType: number;
  count: number;
  baseFare: number;
  tax: number;
  totalFare: number;
}

const amountOf = (type: AmountType, value: number, percentOf: number, units: number): number =>
  type === 'percent' ? (percentOf * value) / 100 : value * units;

export function ruleFor(ctx: PricingContext, airlineCode: string): MarkupRule | null {
  // Own keys only: a code like 'constructor' must not find Object.prototype's members.
  const code = airlineCode.toUpperCase();
  return (Object.hasOwn(ctx.airlineRules, code) ? ctx.airlineRules[code] : undefined) ?? ctx.defaultRule;
}

/** Prices an option's fare for one customer. */
export function priceFare(
  fare: SupplierFare,
  paxFares: readonly SupplierPaxFare[],
  airlineCode: string,
  ctx: PricingContext,
): { fare: PricedFare; fareBreakdown: PricedPaxFare[] } {
  const publishedFare = round2(fare.baseFare + fare.tax + fare.otherCharges + fare.serviceFee + fare.txnFee);
  const earnings = round2(fare.commission + fare.incentive + fare.plb);
  const seated = paxFares.filter((p) => p.passengerType !== 3).reduce((n, p) => n + p.count, 0) || 1;
  const rule = ruleFor(ctx, airlineCode);
  const units = rule?.applyPer === 'booking' ? 1 : seated;
  const markup = rule ? round2(Math.max(0, amountOf(rule.markupType, rule.markupValue, publishedFare, units))) : 0;
  const gstOnMarkup = round2(markup * ctx.gstRate);
  const publishedPrice = round2(publishedFare + markup + gstOnMarkup);
  const discount = rule
    ? round2(
        Math.min(publishedPrice, Math.max(0, amountOf(rule.discountType, rule.discountValue, publishedFare, units))),
      )
    : 0;
  const commissionEarned = ctx.earnsCommission ? earnings : 0;
  const tds = round2(commissionEarned * ctx.tdsRate);
  const totalFare = round2(publishedPrice - discount);
  const totalPayable = round2(totalFare - commissionEarned + tds);

  // Per passenger: its base and tax, plus a share of the other charges weighted by base + tax. Markup,
  // GST and discount are shared among seated passengers only: an infant carries no markup.
  const fareOf = (p: SupplierPaxFare) => p.baseFare + p.tax;
  const weightOf = (pax: readonly SupplierPaxFare[]) => pax.reduce((n, p) => n + fareOf(p) * p.count, 0);
  const allWeight = weightOf(paxFares);
  const seatedWeight = weightOf(paxFares.filter((p) => p.passengerType !== 3)) || allWeight;
  const charges = publishedFare - allWeight;
  const ours = markup + gstOnMarkup - discount;
  const share = (amount: number, weight: number, p: SupplierPaxFare) => (weight ? (amount * fareOf(p)) / weight : 0);
  const fareBreakdown = paxFares.map((p) => ({
    passengerType: p.passengerType,
    count: p.count,
    baseFare: round2(p.baseFare),
    tax: round2(p.tax),
    totalFare: round2(
      fareOf(p) +
        share(charges, allWeight, p) +
        (p.passengerType !== 3 || seatedWeight === allWeight ? share(ours, seatedWeight, p) : 0),
    ),
  }));

  return {
    fare: {
      currency: fare.currency,
      baseFare: round2(fare.baseFare),
      tax: round2(fare.tax),
      yq: round2(fare.yq),
      offeredOtherCharges: round2(fare.otherCharges),
      serviceFee: round2(fare.serviceFee),
      txnFee: round2(fare.txnFee),
      publishedFare,
      offeredFare: round2(publishedFare - earnings),
      commissionEarned,
      tds,
      markup,
      gstOnMarkup,
      discount,
      publishedPrice,
      totalFare,
      totalPayable,
      totalPayableAmt: totalPayable,
      baggagePrice: 0,
      mealPrice: 0,
      seatPrice: 0,
    },
    fareBreakdown,
  };
}

/** Adds chosen extra services (SSR) to a priced fare; they are passed through at cost. */
export function withExtras(
  fare: PricedFare,
  extras: { baggagePrice: number; mealPrice: number; seatPrice: number },
): PricedFare {
  const baggagePrice = round2(extras.baggagePrice);
  const mealPrice = round2(extras.mealPrice);
  const seatPrice = round2(extras.seatPrice);
  return {
    ...fare,
    baggagePrice,
    mealPrice,
    seatPrice,
    totalPayableAmt: round2(fare.totalPayable + baggagePrice + mealPrice + seatPrice),
  };
}

/**
 * A priced fare as the next seller's supplier fare: when a supplier site sells to its API consumer, the
 * consumer's cost (the supplier's price to it) becomes the base the consumer adds its own markup to.
 * The supplier's markup, GST and discount fold into other charges; the commission passed on stays one.
 */
export function asSupplierFare(priced: PricedFare): SupplierFare {
  return {
    currency: priced.currency,
    baseFare: priced.baseFare,
    tax: priced.tax,
    yq: priced.yq,
    otherCharges: round2(priced.offeredOtherCharges + priced.markup + priced.gstOnMarkup - priced.discount),
    serviceFee: priced.serviceFee,
    txnFee: priced.txnFee,
    commission: priced.commissionEarned,
    incentive: 0,
    plb: 0,
  };
}
