/**
 * What a refund is made of: the lines that take what the customer paid for the cancelled
 * tickets apart into the supplier's charge, what the reseller keeps (each part named), and the refund (the
 * airline's taxes reversed first, then fare), with where the refund goes. The lines add up EXACTLY to what was
 * paid for the part (whole paise; for a refund of every ticket, the amount charged), so the dialog, the refund
 * mail and the credit note all show the same figures. Pure.
 *
 *   paid for the part = supplier charge + not refunded by the supplier + kept by the reseller + refund
 *   kept              = markup + GST on it − discount − commission passed on + TDS on it (the part's share)
 *                       + any supplier refund above what is left of the payment (never passed on twice)
 *   refund            = min(supplier refund, what is left of the payment, paid for the part)
 *                     = airline taxes reversed (up to the part's taxes) + fare refunded
 */

export interface RefundFacts {
  currency: string;
  /** What the booking charged (`accounting.amountCharged`) and what earlier refunds already gave back. */
  paid: number;
  refundedBefore: number;
  /** The booking's fare (whole booking): our markup, the GST on it, the discount, the commission passed on, TDS. */
  fare: { markup: number; gstOnMarkup: number; discount: number; commissionEarned: number; tds: number };
  /** Per passenger: what one passenger was priced at, its airline taxes, and whether this refund cancels it. */
  passengers: readonly { totalFare: number; tax: number; cancelled: boolean }[];
  /** The supplier's charge and refund for the cancelled part. */
  supplierCharge: number;
  supplierRefund: number;
  /** How the booking was paid; `refundsToSource`: a gateway payment we can refund through its gateway. */
  payer: { paymentMode: 'wallet' | 'gateway'; refundsToSource?: boolean };
  /** The reseller (the site's company name) that keeps its service fee. */
  resellerName: string;
}

export type RefundLineKey =
  | 'supplierCharge'
  | 'supplierKept'
  | 'markup'
  | 'gstOnMarkup'
  | 'discount'
  | 'commission'
  | 'tds'
  | 'capped'
  | 'taxReversed'
  | 'fareRefunded';

export interface RefundLine {
  key: RefundLineKey;
  /** supplier: what the airline / supplier keeps; kept: what the reseller keeps; refund: what comes back. */
  group: 'supplier' | 'kept' | 'refund';
  label: string;
  amount: number;
}

export interface RefundDestination {
  /**
   * source: back to the gateway payment it came from (card, UPI); wallet: credited to the payer's wallet at once;
   * none: nothing is refunded. The rule per payment method is in docs/flights.md ("Refunds go back where the money
   * came from").
   */
  kind: 'source' | 'wallet' | 'none';
  text: string;
}

export interface RefundBreakdown {
  currency: string;
  /** What the booking charged, what was paid for the cancelled part (the lines add up to it), and that part's share. */
  paid: number;
  paidForPart: number;
  share: number;
  lines: RefundLine[];
  supplierCharge: number;
  kept: number;
  taxReversed: number;
  refund: number;
  destination: RefundDestination;
}

const toPaise = (n: number) => Math.round((n + Math.sign(n) * Number.EPSILON) * 100);
const fromPaise = (p: number) => p / 100 || 0;

function check(name: string, n: number, min = 0): void {
  if (!Number.isFinite(n) || n < min) throw new RangeError(`refundBreakdown: ${name} must be a number ≥ ${min}`);
}

/** The bank's usual time to show a card or UPI refund once the gateway has accepted it (what the mail promises). */
export const SOURCE_REFUND_DAYS = '5–7 working days';

export function refundDestination(refund: number, payer: RefundFacts['payer']): RefundDestination {
  if (!(refund > 0)) return { kind: 'none', text: 'Nothing is refunded.' };
  if (payer.paymentMode === 'gateway' && payer.refundsToSource)
    return {
      kind: 'source',
      text: `Refunded to the card or UPI account you paid with. We send it to the payment gateway at once; your bank usually shows it within ${SOURCE_REFUND_DAYS}.`,
    };
  if (payer.paymentMode === 'gateway')
    // A payment recorded before refunds to the card existed names no gateway payment to send it back to.
    return {
      kind: 'wallet',
      text: 'Credited to your wallet on this site at once (this online payment cannot be traced back to its card), ready for your next booking.',
    };
  return { kind: 'wallet', text: 'Credited to your wallet at once, the wallet the booking was paid from.' };
}

export function refundBreakdown(f: RefundFacts): RefundBreakdown {
  check('paid', f.paid);
  check('refundedBefore', f.refundedBefore);
  check('supplierCharge', f.supplierCharge);
  check('supplierRefund', f.supplierRefund);
  for (const k of ['markup', 'gstOnMarkup', 'discount', 'commissionEarned', 'tds'] as const) check(k, f.fare[k]);
  for (const p of f.passengers) {
    check('passenger totalFare', p.totalFare);
    check('passenger tax', p.tax);
  }
  const cancelled = f.passengers.filter((p) => p.cancelled);
  if (!cancelled.length) throw new RangeError('refundBreakdown: no passenger is cancelled');

  // The part's share of the booking: by the passengers' prices (markup is shared the same way), by head count
  // when the prices are all zero; exactly 1 when every passenger is cancelled.
  const priceOf = (ps: readonly { totalFare: number }[]) => ps.reduce((n, p) => n + toPaise(p.totalFare), 0);
  const share =
    cancelled.length === f.passengers.length
      ? 1
      : priceOf(f.passengers) > 0
        ? priceOf(cancelled) / priceOf(f.passengers)
        : cancelled.length / f.passengers.length;
  const part = (amount: number) => (share === 1 ? toPaise(amount) : Math.round(toPaise(amount) * share));

  const paidForPart = part(f.paid);
  const left = Math.max(0, toPaise(f.paid) - toPaise(f.refundedBefore));
  const supplierRefund = toPaise(f.supplierRefund);
  const refund = Math.max(0, Math.min(supplierRefund, left, paidForPart));
  const taxes = cancelled.reduce((n, p) => n + toPaise(p.tax), 0);
  const taxReversed = Math.min(refund, taxes);

  const kept: { key: RefundLineKey; label: string; paise: number }[] = [
    { key: 'markup', label: `Service fee kept by ${f.resellerName}`, paise: part(f.fare.markup) },
    {
      key: 'gstOnMarkup',
      label: 'GST on the service fee (kept with the fee, not reversed)',
      paise: part(f.fare.gstOnMarkup),
    },
    { key: 'discount', label: 'Discount you were given', paise: -part(f.fare.discount) },
    { key: 'commission', label: 'Commission passed on to you', paise: -part(f.fare.commissionEarned) },
    { key: 'tds', label: 'TDS deducted on that commission', paise: part(f.fare.tds) },
    {
      key: 'capped',
      label: 'Supplier refund above what is left of your payment (not paid out twice)',
      paise: supplierRefund - refund,
    },
  ];
  const keptPaise = kept.reduce((n, k) => n + k.paise, 0);
  const charge = toPaise(f.supplierCharge);
  const supplierKept = paidForPart - charge - keptPaise - refund;

  const lines: RefundLine[] = [
    { key: 'supplierCharge', group: 'supplier', label: 'Airline cancellation charge', amount: fromPaise(charge) },
    ...(supplierKept
      ? [
          {
            key: 'supplierKept' as const,
            group: 'supplier' as const,
            label:
              supplierKept > 0
                ? 'Not refunded by the airline (fees and extras)'
                : 'Refunded by the airline beyond the fare',
            amount: fromPaise(supplierKept),
          },
        ]
      : []),
    ...kept
      .filter((k) => k.paise !== 0)
      .map((k) => ({ key: k.key, group: 'kept' as const, label: k.label, amount: fromPaise(k.paise) })),
    ...(taxReversed
      ? [
          {
            key: 'taxReversed' as const,
            group: 'refund' as const,
            label: 'Airline taxes reversed',
            amount: fromPaise(taxReversed),
          },
        ]
      : []),
    ...(refund - taxReversed
      ? [
          {
            key: 'fareRefunded' as const,
            group: 'refund' as const,
            label: 'Fare refunded',
            amount: fromPaise(refund - taxReversed),
          },
        ]
      : []),
  ];
  return {
    currency: f.currency,
    paid: fromPaise(toPaise(f.paid)),
    paidForPart: fromPaise(paidForPart),
    share,
    lines,
    supplierCharge: fromPaise(charge),
    kept: fromPaise(keptPaise),
    taxReversed: fromPaise(taxReversed),
    refund: fromPaise(refund),
    destination: refundDestination(fromPaise(refund), f.payer),
  };
}

/** What the breakdown reads of a booking (the contract's booking, the server's record). */
export interface RefundableBooking {
  accounting: {
    currency: string;
    amountCharged: number;
    refundedAmount: number;
    paymentMode: 'wallet' | 'gateway';
    /** The gateway payment that paid it (bookings paid online since refunds to the card exist). */
    gatewayPayment?: { paymentId: string } | undefined;
  };
  fare: RefundFacts['fare'];
  passengers: readonly { fare: { totalFare: number; tax: number }; ticket: { ticketId: string } | null }[];
}

/**
 * The breakdown of a booking's tickets (null: every passenger) for a supplier's charge and refund, against what
 * the booking paid and what earlier refunds gave back: the one call the server (getCC, the credit) and the staff
 * approval screen make. A ticket id the booking does not know (a supplier's own reference) reads as the whole
 * booking.
 */
export function bookingRefundBreakdown(
  b: RefundableBooking,
  ticketIds: readonly string[] | null,
  supplier: { charge: number; refund: number },
  resellerName: string,
): RefundBreakdown {
  const named = (ticketId: string | undefined) => ticketIds === null || (!!ticketId && ticketIds.includes(ticketId));
  const any = b.passengers.some((p) => named(p.ticket?.ticketId));
  return refundBreakdown({
    currency: b.accounting.currency,
    paid: b.accounting.amountCharged,
    refundedBefore: b.accounting.refundedAmount,
    fare: b.fare,
    passengers: b.passengers.map((p) => ({
      totalFare: p.fare.totalFare,
      tax: p.fare.tax,
      cancelled: !any || named(p.ticket?.ticketId),
    })),
    supplierCharge: Math.max(0, supplier.charge),
    supplierRefund: Math.max(0, supplier.refund),
    payer: { paymentMode: b.accounting.paymentMode, refundsToSource: !!b.accounting.gatewayPayment },
    resellerName,
  });
}

/** The breakdown as label/amount rows with its subtotals, for the mail, the credit note and plain text. */
export function refundRows(
  b: RefundBreakdown,
  money: (amount: number, currency: string) => string,
): { label: string; value: string; strong?: boolean }[] {
  const of = (group: RefundLine['group']) => b.lines.filter((l) => l.group === group);
  const row = (l: { label: string; amount: number }) => ({ label: l.label, value: money(l.amount, b.currency) });
  return [
    {
      label: b.share === 1 ? 'You paid' : 'You paid for the cancelled tickets',
      value: money(b.paidForPart, b.currency),
      strong: true,
    },
    ...of('supplier').map(row),
    ...(of('kept').length ? [{ label: 'Kept by the reseller', value: money(b.kept, b.currency), strong: true }] : []),
    ...of('kept').map(row),
    ...of('refund').map(row),
    { label: 'Refund', value: money(b.refund, b.currency), strong: true },
    { label: 'Where the refund goes', value: b.destination.text },
  ];
}
