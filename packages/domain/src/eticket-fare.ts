/**
 * The fare printed on an e-ticket (spec 000 §9): the base fare shown is the total fare plus discount
 * minus baggage and meal charges, other charges, tax and transaction fee; the transaction fee may be
 * merged into taxes. Our markup and GST on it stay inside the base fare (a customer never sees them);
 * an agent's own e-ticket markup raises the total and its discount shows as a discount line.
 */
import { round2 } from './pricing.ts';

export interface ETicketFareInput {
  currency: string;
  /** What the booking's fare says the traveller pays, before extra services (pricing.ts totalFare). */
  totalFare: number;
  tax: number;
  txnFee: number;
  offeredOtherCharges: number;
  discount: number;
  baggagePrice: number;
  mealPrice: number;
  seatPrice: number;
  /** The agent's own markup / discount on the ticket they hand out (display only). */
  agentMarkup?: number;
  agentDiscount?: number;
}

export interface ETicketFare {
  currency: string;
  baseFare: number;
  tax: number;
  txnFee: number;
  otherCharges: number;
  baggageMealCharges: number;
  /** Seats are their own line, never folded into baggage and meal charges. */
  seatCharges: number;
  discount: number;
  totalFare: number;
  roundedTotalFare: number;
}

export function eTicketFare(f: ETicketFareInput, options: { mergeTxnFeeIntoTax?: boolean } = {}): ETicketFare {
  const baggageMealCharges = round2(f.baggagePrice + f.mealPrice);
  const seatCharges = round2(f.seatPrice);
  const extras = baggageMealCharges + seatCharges;
  const discount = round2(f.discount + (f.agentDiscount ?? 0));
  const totalFare = round2(f.totalFare + extras + (f.agentMarkup ?? 0) - (f.agentDiscount ?? 0));
  const otherCharges = round2(f.offeredOtherCharges);
  const baseFare = round2(totalFare + discount - extras - otherCharges - f.tax - f.txnFee);
  const merge = options.mergeTxnFeeIntoTax ?? false;
  return {
    currency: f.currency,
    baseFare,
    tax: round2(merge ? f.tax + f.txnFee : f.tax),
    txnFee: merge ? 0 : round2(f.txnFee),
    otherCharges,
    baggageMealCharges,
    seatCharges,
    discount,
    totalFare,
    roundedTotalFare: Math.round(totalFare),
  };
}

/**
 * The lines of a fare split, in the order every page, the mail and the PDF print them; zero optional lines
 * are left out, the discount is negative. They add up to `totalFare`.
 */
export function fareSplitLines(f: ETicketFare): { label: string; amount: number }[] {
  const optional: [string, number][] = [
    ['Transaction fee', f.txnFee],
    ['Other charges', f.otherCharges],
    ['Baggage and meal charges', f.baggageMealCharges],
    ['Seat charges', f.seatCharges],
    ['Discount', -f.discount],
  ];
  return [
    { label: 'Base fare', amount: f.baseFare },
    { label: 'Taxes and fees', amount: f.tax },
    ...optional.filter(([, amount]) => amount !== 0).map(([label, amount]) => ({ label, amount })),
  ];
}
