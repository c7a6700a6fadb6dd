/**
 * GST on what a reseller invoices (docs/invoices.md). Pure: amounts in, tax split out.
 *
 * - The taxable supply is the reseller's own consideration (its markup and service fees). The airline fare (or a
 *   supplier's price the reseller passes through) is collected as a pure agent (CGST Rules, rule 33): shown on the
 *   invoice, never taxed by us.
 * - 18 %: CGST 9 + SGST 9 when the place of supply is the reseller's own state, else IGST 18. Place of supply: the
 *   customer's billing state, the reseller's state when the customer gave none. A customer outside India (export
 *   of services) is zero-rated: the taxable value is shown with 0 tax.
 * - Everything is counted in whole paise, so the lines add up to the total exactly: the tax is 18 % of the taxable
 *   value rounded half-up to the paisa (as pricing.ts rounds the GST on markup), CGST gets the odd paisa, SGST the
 *   rest (the two differ by at most one paisa).
 */
import { formatDate, formatMoney } from './format.ts';

export const GST_RATE_PERCENT = 18;

/** What is being invoiced: each kind has its SAC (services accounting code, heading 9985 of India's scheme). */
export const INVOICE_KINDS = ['flight', 'fixedDeparture', 'activityCart', 'kart', 'visaApplication'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * - 998551 Reservation services for transportation (air tickets, fixed-departure seats);
 * - 998554 Reservation services for event tickets, … recreational services (activity tickets);
 * - 998555 Tour operator services (a DMC's quotation: hotel, activities and transfers arranged as one tour);
 * - 998559 Other travel arrangement and related services n.e.c. (a visa application filed for the traveller).
 */
export const SAC_BY_KIND: Readonly<Record<InvoiceKind, string>> = {
  flight: '998551',
  fixedDeparture: '998551',
  activityCart: '998554',
  kart: '998555',
  visaApplication: '998559',
};

export const SAC_DESCRIPTION: Readonly<Record<string, string>> = {
  '998551': 'Reservation services for transportation',
  '998554': 'Reservation services for event tickets and recreational services',
  '998555': 'Tour operator services',
  '998559': 'Other travel arrangement and related services',
};

/** A state or union territory of the GST scheme: its 2-digit code (the first two characters of a GSTIN). */
export interface GstState {
  code: string;
  name: string;
}

/** Code 96: a place of supply outside India (export of services). */
export const FOREIGN_STATE: GstState = { code: '96', name: 'Other country' };

/** GST state codes with the letter codes and names customers type (ISO 3166-2:IN and older forms). */
const STATES: readonly [code: string, name: string, ...letters: string[]][] = [
  ['01', 'Jammu and Kashmir', 'JK'],
  ['02', 'Himachal Pradesh', 'HP'],
  ['03', 'Punjab', 'PB'],
  ['04', 'Chandigarh', 'CH'],
  ['05', 'Uttarakhand', 'UK', 'UT'],
  ['06', 'Haryana', 'HR'],
  ['07', 'Delhi', 'DL'],
  ['08', 'Rajasthan', 'RJ'],
  ['09', 'Uttar Pradesh', 'UP'],
  ['10', 'Bihar', 'BR'],
  ['11', 'Sikkim', 'SK'],
  ['12', 'Arunachal Pradesh', 'AR'],
  ['13', 'Nagaland', 'NL'],
  ['14', 'Manipur', 'MN'],
  ['15', 'Mizoram', 'MZ'],
  ['16', 'Tripura', 'TR'],
  ['17', 'Meghalaya', 'ML'],
  ['18', 'Assam', 'AS'],
  ['19', 'West Bengal', 'WB'],
  ['20', 'Jharkhand', 'JH'],
  ['21', 'Odisha', 'OD', 'OR'],
  ['22', 'Chhattisgarh', 'CG', 'CT'],
  ['23', 'Madhya Pradesh', 'MP'],
  ['24', 'Gujarat', 'GJ'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu', 'DH', 'DN', 'DD'],
  ['27', 'Maharashtra', 'MH'],
  ['29', 'Karnataka', 'KA'],
  ['30', 'Goa', 'GA'],
  ['31', 'Lakshadweep', 'LD'],
  ['32', 'Kerala', 'KL'],
  ['33', 'Tamil Nadu', 'TN'],
  ['34', 'Puducherry', 'PY'],
  ['35', 'Andaman and Nicobar Islands', 'AN'],
  ['36', 'Telangana', 'TG', 'TS'],
  ['37', 'Andhra Pradesh', 'AP'],
  ['38', 'Ladakh', 'LA'],
  ['97', 'Other Territory', 'OT'],
];

/** The states and union territories by GST code (the invoice settings' state picker). */
export const GST_STATES: readonly GstState[] = STATES.map(([code, name]) => ({ code, name }));

const BY_ALIAS = new Map<string, GstState>();
for (const [code, name, ...letters] of STATES) {
  const state = { code, name };
  for (const alias of [code, name, ...letters]) BY_ALIAS.set(alias.toUpperCase(), state);
}
for (const alias of ['96', 'OTHER COUNTRY', 'FOREIGN', 'OUTSIDE INDIA']) BY_ALIAS.set(alias, FOREIGN_STATE);

/**
 * A state from what a customer or staff typed: its GST code (`27`), letter code (`MH`) or name, any case; null when
 * it names none. With no state, a GSTIN's first two digits name it.
 */
export function gstStateOf(state: string | null | undefined, gstin?: string | null): GstState | null {
  const typed = (state ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  if (typed) return BY_ALIAS.get(typed) ?? BY_ALIAS.get(typed.replace(/^\d{2}\s*-\s*/, '')) ?? null;
  const fromGstin = (gstin ?? '').trim().slice(0, 2);
  return /^\d{2}$/.test(fromGstin) ? (BY_ALIAS.get(fromGstin) ?? null) : null;
}

/** How a place of supply is printed and filed: `27-Maharashtra`. */
export const placeOfSupplyLabel = (s: GstState): string => `${s.code}-${s.name}`;

export const toPaise = (amount: number): number => Math.round((amount + Math.sign(amount) * Number.EPSILON) * 100);
export const fromPaise = (paise: number): number => paise / 100;

/** How a rupee amount may be written as a currency: the code, the sign and the old abbreviations. */
const RUPEE = new Set(['INR', '₹', 'RS', 'RS.']);
export const isRupee = (currency: string): boolean => RUPEE.has(currency.trim().toUpperCase());

/** What was quoted in another currency and the rate it became rupees at (an invoice's `conversion`). */
export interface Conversion {
  currency: string;
  amount: number;
  inrPerUnit: number;
  /** ISO day the rate is of. */
  rateDate: string;
}

/** The line an invoice prints under its total: `Quoted in AED 404.80, converted at ₹22.75 per AED (rate of 20 Nov 2026)`. */
export const conversionText = (c: Conversion): string =>
  `Quoted in ${formatMoney(c.amount, c.currency)}, converted at ₹${c.inrPerUnit.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 4 })} per ${c.currency} (rate of ${formatDate(c.rateDate)})`;

/** The part of a conversion a credit note reverses: the same rate, the quoted amount in the note's proportion. */
export function conversionPart(c: Conversion, part: number, whole: number): Conversion {
  if (toPaise(part) === toPaise(whole) || whole === 0) return c;
  return { ...c, amount: fromPaise(Math.round((toPaise(c.amount) * toPaise(part)) / toPaise(whole))) };
}

/**
 * An amount of another currency in rupees at `inrPerUnit` (an Indian tax invoice states its values in INR, GST rule
 * 34), half-up to the paisa: the amount is taken in its own cents first, so 404.80 × 22.75 is ₹9,209.20 exactly and
 * a product a hair under a half paisa in floating point still rounds up.
 */
export function toRupees(amount: number, inrPerUnit: number): number {
  if (!(inrPerUnit > 0) || !Number.isFinite(inrPerUnit)) throw new RangeError(`invalid rate: ${inrPerUnit}`);
  const paise = toPaise(amount) * inrPerUnit;
  return Math.round(paise + Math.sign(paise) * 1e-6) / 100;
}

export type SupplyType = 'intraState' | 'interState' | 'zeroRated';

export interface TaxSplit {
  supplyType: SupplyType;
  /** 18, or 0 when zero-rated. */
  rate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  totalTax: number;
}

/** The GST on a taxable value: intra-state (CGST + SGST), inter-state (IGST) or zero-rated. */
export function taxSplit(taxableValue: number, supplyType: SupplyType): TaxSplit {
  const taxable = Math.max(0, toPaise(taxableValue));
  const rate = supplyType === 'zeroRated' ? 0 : GST_RATE_PERCENT;
  // Half-up on whole paise: 18 % of n paise is 18n/100.
  const tax = Math.floor((taxable * rate + 50) / 100);
  const cgst = supplyType === 'intraState' ? Math.ceil(tax / 2) : 0;
  const sgst = supplyType === 'intraState' ? tax - cgst : 0;
  const igst = supplyType === 'interState' ? tax : 0;
  return {
    supplyType,
    rate,
    taxableValue: fromPaise(taxable),
    cgst: fromPaise(cgst),
    sgst: fromPaise(sgst),
    igst: fromPaise(igst),
    totalTax: fromPaise(tax),
  };
}

/** Intra- or inter-state, or zero-rated for a place of supply outside India. */
export function supplyTypeOf(supplier: GstState, placeOfSupply: GstState): SupplyType {
  if (placeOfSupply.code === FOREIGN_STATE.code) return 'zeroRated';
  return placeOfSupply.code === supplier.code ? 'intraState' : 'interState';
}

/** The split of a tax-inclusive amount (paise): taxable = gross / (1 + rate), the paisa left to the taxable value. */
function inclusiveSplit(gross: number, supplyType: SupplyType): TaxSplit {
  const rate = supplyType === 'zeroRated' ? 0 : GST_RATE_PERCENT;
  const split = taxSplit(fromPaise(Math.floor((gross * 100) / (100 + rate))), supplyType);
  const gap = gross - toPaise(split.taxableValue) - toPaise(split.totalTax);
  return gap > 0 ? { ...split, taxableValue: fromPaise(toPaise(split.taxableValue) + gap) } : split;
}

export interface InvoiceAmountsInput {
  kind: InvoiceKind;
  /** What the customer paid for the source, all included. */
  total: number;
  /** The reseller's own consideration before GST (markup + service fees); the rest is collected as pure agent. */
  taxableValue: number;
  /**
   * The consideration already includes its GST (an activity's markup priced without tax on top): the taxable value
   * is taken out of it (value / 1.18) instead of the tax being added.
   */
  taxInclusive?: boolean;
  /** The reseller's state (site settings). */
  supplierState: GstState;
  /** The customer's billing state; null: the reseller's state. */
  customerState: GstState | null;
}

export interface InvoiceAmounts extends TaxSplit {
  kind: InvoiceKind;
  sac: string;
  placeOfSupply: GstState;
  /** Collected for the airline / supplier (pure agent), not our supply. */
  reimbursement: number;
  /** reimbursement + taxableValue + totalTax. */
  total: number;
}

/**
 * The invoice of a source. When the taxable value and its tax exceed what was paid (a discount larger than the
 * markup), the total is read as tax-inclusive consideration: taxable = total / 1.18, so nothing is invented.
 */
export function invoiceAmounts(input: InvoiceAmountsInput): InvoiceAmounts {
  const placeOfSupply = input.customerState ?? input.supplierState;
  const supplyType = supplyTypeOf(input.supplierState, placeOfSupply);
  const total = Math.max(0, toPaise(input.total));
  let split = input.taxInclusive
    ? inclusiveSplit(Math.min(toPaise(input.taxableValue), total), supplyType)
    : taxSplit(input.taxableValue, supplyType);
  if (toPaise(split.taxableValue) + toPaise(split.totalTax) > total) split = inclusiveSplit(total, supplyType);
  const reimbursement = total - toPaise(split.taxableValue) - toPaise(split.totalTax);
  return {
    ...split,
    kind: input.kind,
    sac: SAC_BY_KIND[input.kind],
    placeOfSupply,
    reimbursement: fromPaise(reimbursement),
    total: fromPaise(total),
  };
}

export interface CreditNoteAmounts extends TaxSplit {
  reimbursement: number;
  total: number;
}

/**
 * A credit note for `amount` given back (a refund) against an invoice, of which `alreadyCredited` was credited by
 * earlier notes: the invoice's parts (pure-agent amount, taxable value, each tax) reversed in the refund's
 * proportion, never more than what is left of each. A full refund reverses every part exactly.
 */
export function creditNoteAmounts(
  invoice: Pick<
    InvoiceAmounts,
    'supplyType' | 'rate' | 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'reimbursement' | 'total'
  >,
  alreadyCredited: Pick<CreditNoteAmounts, 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'reimbursement' | 'total'>,
  amount: number,
  /**
   * The reseller keeps its service fee and the GST on it (a flight refund's breakdown, domain refund.ts): the
   * note gives back the pure-agent amount only and reverses no tax, as far as that amount reaches.
   */
  options: { serviceKept?: boolean } = {},
): CreditNoteAmounts {
  const left = (k: 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'reimbursement' | 'total') =>
    Math.max(0, toPaise(invoice[k]) - toPaise(alreadyCredited[k]));
  const leftTotal = left('total');
  const credit = Math.min(Math.max(0, toPaise(amount)), leftTotal);
  if (options.serviceKept && credit <= left('reimbursement'))
    return {
      supplyType: invoice.supplyType,
      rate: invoice.rate,
      taxableValue: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      totalTax: 0,
      reimbursement: fromPaise(credit),
      total: fromPaise(credit),
    };
  const share = (k: 'taxableValue' | 'cgst' | 'sgst' | 'igst') =>
    credit === leftTotal ? left(k) : Math.min(left(k), Math.round((left(k) * credit) / (leftTotal || 1)));
  const cgst = share('cgst');
  const sgst = share('sgst');
  const igst = share('igst');
  const taxable = share('taxableValue');
  // The pure-agent part takes what is left, so the credit note adds up to the amount refunded.
  let reimbursement = credit - taxable - cgst - sgst - igst;
  let taxableValue = taxable;
  if (reimbursement > left('reimbursement')) {
    taxableValue += reimbursement - left('reimbursement');
    reimbursement = left('reimbursement');
  }
  return {
    supplyType: invoice.supplyType,
    rate: invoice.rate,
    taxableValue: fromPaise(taxableValue),
    cgst: fromPaise(cgst),
    sgst: fromPaise(sgst),
    igst: fromPaise(igst),
    totalTax: fromPaise(cgst + sgst + igst),
    reimbursement: fromPaise(Math.max(0, reimbursement)),
    total: fromPaise(credit),
  };
}

/** The Indian financial year (April–March) of a calendar day `YYYY-MM-DD` in the site's time zone: `2026-27`. */
export function financialYear(localDay: string): string {
  const year = Number(localDay.slice(0, 4));
  const month = Number(localDay.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export type DocumentSeries = 'invoice' | 'creditNote';

/** A series prefix: 1–3 capital letters or digits, so a number stays within GST's 16 characters (rule 46(b)). */
export const INVOICE_PREFIX = /^[A-Z0-9]{1,3}$/;

/**
 * A document number, consecutive per site, series and financial year: `TPI/26-27/00001` for invoices and
 * `TPIC/26-27/00001` for credit notes (their own series). At most 16 characters of letters, digits, `/` and `-`.
 */
export function documentNumber(prefix: string, series: DocumentSeries, fy: string, sequence: number): string {
  if (!INVOICE_PREFIX.test(prefix)) throw new RangeError(`invalid invoice prefix: ${prefix}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`invalid sequence: ${sequence}`);
  const shortFy = `${fy.slice(2, 4)}-${fy.slice(5, 7)}`;
  return `${prefix}${series === 'creditNote' ? 'C' : ''}/${shortFy}/${String(sequence).padStart(5, '0')}`;
}

/** Amount in words for the printed invoice (Indian grouping: lakh, crore): `Rupees One Thousand and Paise Fifty Only`. */
export function rupeesInWords(amount: number): string {
  const ones = [
    '',
    'One',
    'Two',
    'Three',
    'Four',
    'Five',
    'Six',
    'Seven',
    'Eight',
    'Nine',
    'Ten',
    'Eleven',
    'Twelve',
    'Thirteen',
    'Fourteen',
    'Fifteen',
    'Sixteen',
    'Seventeen',
    'Eighteen',
    'Nineteen',
  ];
  const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
  const two = (n: number) => (n < 20 ? ones[n]! : `${tens[Math.floor(n / 10)]!}${n % 10 ? ` ${ones[n % 10]!}` : ''}`);
  const three = (n: number) =>
    [n >= 100 ? `${ones[Math.floor(n / 100)]!} Hundred` : '', n % 100 ? two(n % 100) : ''].filter(Boolean).join(' ');
  const words = (n: number): string => {
    if (n === 0) return 'Zero';
    const parts: string[] = [];
    const crore = Math.floor(n / 10_000_000);
    if (crore) parts.push(`${words(crore)} Crore`);
    const lakh = Math.floor((n % 10_000_000) / 100_000);
    if (lakh) parts.push(`${two(lakh)} Lakh`);
    const thousand = Math.floor((n % 100_000) / 1000);
    if (thousand) parts.push(`${two(thousand)} Thousand`);
    const rest = n % 1000;
    if (rest) parts.push(three(rest));
    return parts.join(' ');
  };
  const paise = Math.abs(toPaise(amount));
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${words(rupees)}${p ? ` and Paise ${two(p)}` : ''} Only`;
}
