/**
 * Issuing: a ticketed booking's tax invoice and a refund's credit note (docs/invoices.md). The amounts are the
 * domain's (packages/domain/src/gst.ts); the numbering is the repo's one-transaction rule.
 */
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import type { InvoiceSource, TConversion, TInvoiceDocument, TInvoiceSettings } from '@tp/contracts/endpoints/invoices';
import type { TExtrasPurchase, TRefundBreakdown } from '@tp/contracts/endpoints/flights';
import {
  SAC_DESCRIPTION,
  conversionPart,
  creditNoteAmounts,
  documentNumber,
  financialYear,
  gstStateOf,
  invoiceAmounts,
  isRupee,
  placeOfSupplyLabel,
  rupeesInWords,
  toPaise,
  toRupees,
  type GstState,
  type InvoiceAmounts,
  type InvoiceKind,
} from '@tp/domain/gst';
import { formatDate } from '@tp/domain/format';
import { unitRate, type FxRow } from '@tp/domain/dmc';
import { newId } from '#lib/crypto';
import type { SiteId } from '#lib/keys';
import type { SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';
import type { BookingRecord } from '../bookings/index.ts';
import type { KartRecord } from '../kart/index.ts';
import { allExchangeRates } from '../dmc/index.ts';
import { getUser, type UserRecord } from '../users/records.ts';
import * as repo from './repo.ts';
import { NOTHING_CREDITED, type CreditedTotals, type DocumentRecord } from './model.ts';

/** Why a document was not issued (the caller logs it; a staff retry issues it once the cause is gone). */
export class NotIssued extends Error {}

type Party = TInvoiceDocument['recipient'];

function supplierParty(settings: TInvoiceSettings): Party {
  const state = gstStateOf(settings.stateCode);
  return {
    name: settings.legalName,
    address: settings.address,
    gstin: settings.gstin,
    state: state ? placeOfSupplyLabel(state) : '',
  };
}

/** The customer as billed: billing details first (name, GSTIN, state, PAN), the account's otherwise. Pure. */
export function recipientOf(
  user: UserRecord | null,
  fallback: { name: string; email: string; companyName?: string | undefined },
): { party: Party; state: GstState | null } {
  const b = user?.billing;
  const gstin = (b?.gstNumber || user?.gstNumber || '').trim().toUpperCase();
  const state = gstStateOf(b?.gstState, gstin);
  const name =
    b?.billingName || user?.company?.companyName || user?.companyName || fallback.companyName || fallback.name;
  const address = [user?.company?.address1, user?.company?.address2].filter(Boolean).join(', ');
  return {
    party: {
      name,
      address,
      gstin,
      state: state ? placeOfSupplyLabel(state) : '',
      pan: (b?.panNumber || user?.panNumber || '').toUpperCase(),
      email: user?.email || fallback.email,
    },
    state,
  };
}

const totalsOf = (a: Pick<InvoiceAmounts, keyof CreditedTotals>): CreditedTotals => ({
  taxableValue: a.taxableValue,
  cgst: a.cgst,
  sgst: a.sgst,
  igst: a.igst,
  reimbursement: a.reimbursement,
  total: a.total,
});
const addTotals = (a: CreditedTotals, b: CreditedTotals): CreditedTotals => {
  const sum = (k: keyof CreditedTotals) => (toPaise(a[k]) + toPaise(b[k])) / 100;
  return {
    taxableValue: sum('taxableValue'),
    cgst: sum('cgst'),
    sgst: sum('sgst'),
    igst: sum('igst'),
    reimbursement: sum('reimbursement'),
    total: sum('total'),
  };
};

async function settingsOf(siteId: SiteId): Promise<{ settings: TInvoiceSettings; state: GstState }> {
  const settings = await repo.getSettings(siteId);
  const state = settings ? gstStateOf(settings.stateCode) : null;
  if (!settings || !state) throw new NotIssued('the site has no invoice settings (legal name, GSTIN, state)');
  return { settings, state };
}

const isFixedDeparture = (b: BookingRecord) => b.source === 'FixedDeparture';

/** Statuses of a booking that was ticketed (cancelled and changed ones keep their invoice). */
const TICKETED = new Set<number>([
  BOOKING_STATUS.ticketed,
  BOOKING_STATUS.changeRequested,
  BOOKING_STATUS.partiallyCancelled,
  BOOKING_STATUS.reissued,
  BOOKING_STATUS.cancelled,
]);

export interface InvoiceSpec {
  source: InvoiceSource;
  sourceId: string;
  sourceRef: string;
  kind: InvoiceKind;
  /** The source's currency; `total` and `taxableValue` are in it (converted to rupees on the invoice). */
  currency: string;
  total: number;
  taxableValue: number;
  taxInclusive?: boolean;
  userId: string;
  legalEntityId: string;
  fallback: { name: string; email: string; companyName?: string | undefined };
  /** What the pure-agent amount was collected for (one line); the taxable line is the SAC's service. */
  collectedFor: string;
}

/**
 * A source's amounts in rupees: as they are when it is priced in rupees, else at the site's rate for its currency
 * (the invoice settings' exchange rates, with the day each is of). Without a rate it is not invoiced (logged; staff
 * add the rate and issue it).
 */
function inRupees(
  settings: TInvoiceSettings,
  spec: InvoiceSpec,
  table: { rows: readonly FxRow[]; day: string },
): { total: number; taxableValue: number; conversion: TConversion | null } {
  if (isRupee(spec.currency)) return { total: spec.total, taxableValue: spec.taxableValue, conversion: null };
  const code = spec.currency.trim().toUpperCase();
  // The site's one exchange-rate table first (docs/dmc.md "Exchange rates"): a dirham quotation or cart is invoiced
  // at the rate its price was quoted with. The invoice settings' own rates serve currencies the table has no row for.
  const fromTable = unitRate(code, 'INR', table.rows, table.day);
  const rate = fromTable.ok
    ? {
        inrPerUnit: Math.round(fromTable.perUnit * 10_000) / 10_000,
        rateDate: fromTable.used
          .map((u) => u.validFrom)
          .sort()
          .at(-1)!,
      }
    : settings.exchangeRates?.find((r) => r.currency === code);
  if (!rate)
    throw new NotIssued(`${spec.source} ${spec.sourceRef} is priced in ${code} and the site keeps no rate for it`);
  return {
    total: toRupees(spec.total, rate.inrPerUnit),
    taxableValue: toRupees(spec.taxableValue, rate.inrPerUnit),
    conversion: { currency: code, amount: spec.total, inrPerUnit: rate.inrPerUnit, rateDate: rate.rateDate },
  };
}

/**
 * An invoice as stored, numbered `sequence` (pure: the issuing transaction and the data-volume generator build it
 * alike). Always in rupees; `conversion` names what was quoted in another currency and the rate.
 */
export function invoiceRecord(p: {
  siteId: SiteId;
  id: string;
  sequence: number;
  now: Date;
  /** The site's calendar day of `now`. */
  issueDate: string;
  settings: TInvoiceSettings;
  spec: InvoiceSpec;
  amounts: InvoiceAmounts;
  conversion: TConversion | null;
  recipient: Party;
}): DocumentRecord {
  const { spec, amounts } = p;
  const fy = financialYear(p.issueDate);
  const service = SAC_DESCRIPTION[amounts.sac] ?? 'Reservation services';
  return {
    id: p.id,
    docType: 'invoice',
    number: documentNumber(p.settings.prefix, 'invoice', fy, p.sequence),
    sequence: p.sequence,
    issuedAt: p.now.toISOString(),
    issueDate: p.issueDate,
    financialYear: fy,
    source: spec.source,
    sourceId: spec.sourceId,
    sourceRef: spec.sourceRef,
    kind: spec.kind,
    sac: amounts.sac,
    sacDescription: service,
    currency: 'INR',
    conversion: p.conversion,
    supplier: supplierParty(p.settings),
    recipient: p.recipient,
    placeOfSupply: placeOfSupplyLabel(amounts.placeOfSupply),
    reverseCharge: false,
    lines: [
      { description: spec.collectedFor, sac: '', taxable: false, amount: amounts.reimbursement },
      { description: `Service charges: ${service}`, sac: amounts.sac, taxable: true, amount: amounts.taxableValue },
    ],
    supplyType: amounts.supplyType,
    rate: amounts.rate,
    taxableValue: amounts.taxableValue,
    cgst: amounts.cgst,
    sgst: amounts.sgst,
    igst: amounts.igst,
    totalTax: amounts.totalTax,
    reimbursement: amounts.reimbursement,
    total: amounts.total,
    amountInWords: rupeesInWords(amounts.total),
    against: null,
    reason: '',
    creditNotes: [],
    siteId: p.siteId,
    userId: spec.userId,
    legalEntityId: spec.legalEntityId,
    version: 1,
    credited: NOTHING_CREDITED,
  };
}

/**
 * Issues a source's invoice once (the document already issued for it when there is one). Always in rupees: lines,
 * taxes, total and words; a source priced in another currency names what was quoted and the rate (`conversion`).
 */
async function issueInvoice(site: SiteRecord, spec: InvoiceSpec, now: Date): Promise<DocumentRecord> {
  const existing = await repo.documentIdOfSource(site.siteId, spec.source, spec.sourceId);
  if (existing) return (await repo.getDocument(site.siteId, existing))!;
  const { settings, state } = await settingsOf(site.siteId);
  const rupees = inRupees(settings, spec, {
    rows: await allExchangeRates(site.siteId),
    day: siteToday(site, now),
  });
  const user = await getUser(site.siteId, spec.userId);
  const recipient = recipientOf(user, spec.fallback);
  const amounts = invoiceAmounts({
    kind: spec.kind,
    total: rupees.total,
    taxableValue: rupees.taxableValue,
    taxInclusive: spec.taxInclusive ?? false,
    supplierState: state,
    customerState: recipient.state,
  });
  const issueDate = siteToday(site, now);
  const fy = financialYear(issueDate);
  const id = `inv-${newId()}`;
  const result = await repo.issueDocument({
    siteId: site.siteId,
    series: 'invoice',
    fy,
    month: issueDate.slice(0, 7),
    source: [spec.source, spec.sourceId],
    build: async (sequence) => ({
      document: invoiceRecord({
        siteId: site.siteId,
        id,
        sequence,
        now,
        issueDate,
        settings,
        spec,
        amounts,
        conversion: rupees.conversion,
        recipient: recipient.party,
      }),
    }),
  });
  if (result.issued) return result.document;
  return (await repo.getDocument(site.siteId, result.documentId))!;
}

/**
 * The invoice of a ticketed booking (flight or fixed departure), issued once: its total is what the customer was
 * charged, its taxable value our markup (the fare is the airline's supply, collected as pure agent; the GST on the
 * markup was added on top of it by pricing.ts).
 */
export async function issueBookingInvoice(
  site: SiteRecord,
  booking: BookingRecord,
  now: Date,
): Promise<DocumentRecord> {
  if (!TICKETED.has(booking.statusId)) throw new NotIssued('the booking is not ticketed');
  return issueInvoice(site, bookingInvoiceSpec(booking), now);
}

/** Whom a booking's documents are billed to: its booker and legal entity, with the booker's own details to fall back on. */
const billedTo = (booking: BookingRecord) => ({
  userId: booking.userId,
  legalEntityId: booking.accounting.legalEntityId,
  fallback: {
    name: `${booking.user.firstName} ${booking.user.lastName}`.trim(),
    email: booking.user.email,
    companyName: booking.user.companyName,
  },
});
/** What a ticketed booking's invoice is of (pure: its issuing and the data-volume generator read it alike). */
export function bookingInvoiceSpec(booking: BookingRecord): InvoiceSpec {
  const kind = isFixedDeparture(booking) ? 'fixedDeparture' : 'flight';
  const route = booking.segments
    .flat()
    .map((s, i, all) =>
      i === all.length - 1 ? `${s.originAirportCode}-${s.destinationAirportCode}` : s.originAirportCode,
    )
    .join('-');
  return {
    source: 'booking',
    sourceId: booking.bookingId,
    sourceRef: booking.pnr,
    kind,
    currency: booking.accounting.currency,
    total: booking.accounting.amountCharged,
    taxableValue: booking.fare.markup,
    ...billedTo(booking),
    collectedFor: `${kind === 'fixedDeparture' ? 'Fixed-departure seats' : 'Air fare'} ${route} (${booking.airlineName}, PNR ${booking.pnr}), collected for the airline as pure agent`,
  };
}

/**
 * The supplementary invoice of extras bought after ticketing (one per purchase, numbered in the same series): its
 * total is what the purchase charged, its taxable value our markup on the extras (GST on top, as for the fare); the
 * airline's price of the bags and seats is collected for it as pure agent.
 */
export function issueExtrasInvoice(
  site: SiteRecord,
  booking: BookingRecord,
  purchase: TExtrasPurchase,
  now: Date,
): Promise<DocumentRecord> {
  const markup = purchase.lines.reduce((n, l) => n + toPaise(l.markup), 0) / 100;
  const what = purchase.lines.map((l) => `${l.description} ${l.segment}`).join('; ');
  return issueInvoice(
    site,
    {
      source: 'bookingExtras',
      sourceId: purchase.orderId,
      sourceRef: booking.pnr,
      kind: 'flight',
      currency: purchase.currency,
      total: purchase.amount,
      taxableValue: markup,
      ...billedTo(booking),
      collectedFor: `Extras after ticketing (${what}; ${booking.airlineName}, PNR ${booking.pnr}, booking ${booking.bookingId}), collected for the airline as pure agent`,
    },
    now,
  );
}

/** What the invoices domain reads of a vouchered activity cart (activities/index.ts CartRecord). */
export interface CartFacts {
  id: string;
  reference: string;
  userId: string;
  userName: string;
  items: readonly {
    activityName: string;
    tourOptionName: string;
    date: string;
    markup: number;
    price: number;
    currency: string;
  }[];
}

/**
 * The invoice of a vouchered activity cart: the customer's price of its lines; our markup is the taxable supply,
 * priced with its GST inside (activities add no tax on top), the operators' rates collected as pure agent.
 */
export async function issueCartInvoice(site: SiteRecord, cart: CartFacts, now: Date): Promise<DocumentRecord> {
  const sum = (k: 'markup' | 'price') => cart.items.reduce((n, l) => n + toPaise(l[k]), 0) / 100;
  const currencies = [...new Set(cart.items.map((l) => l.currency.trim().toUpperCase()))];
  if (currencies.length > 1) throw new NotIssued(`cart ${cart.reference} mixes ${currencies.join(', ')}`);
  return issueInvoice(
    site,
    {
      source: 'cart',
      sourceId: cart.id,
      sourceRef: cart.reference,
      kind: 'activityCart',
      currency: currencies[0] ?? 'INR',
      total: sum('price'),
      taxableValue: sum('markup'),
      taxInclusive: true,
      userId: cart.userId,
      legalEntityId: '',
      fallback: { name: cart.userName, email: '' },
      collectedFor: `Activities ${cart.items.map((l) => `${l.activityName} (${l.tourOptionName}) on ${formatDate(l.date)}`).join('; ')}, collected for the operators as pure agent`,
    },
    now,
  );
}

/**
 * The invoice of a vouchered quotation (kart): its grand total; our service and remittance charges less the
 * discount are the taxable supply, GST inside them (a kart adds no tax on top); hotels, activities, transfers and
 * flights are collected for their suppliers as pure agent. A kart priced in another currency is converted at the
 * site's rate for it, named on the invoice; without one it is not invoiced (logged; staff add the rate).
 */
export async function issueKartInvoice(site: SiteRecord, kart: KartRecord, now: Date): Promise<DocumentRecord> {
  const t = kart.totals;
  return issueInvoice(
    site,
    {
      source: 'kart',
      sourceId: kart.id,
      sourceRef: kart.quotationId,
      kind: 'kart',
      currency: kart.currencySymbol,
      total: kart.totalPrice,
      taxableValue: Math.max(0, t.serviceCharge + t.remittanceCharge - t.discount),
      taxInclusive: true,
      userId: kart.customerId,
      legalEntityId: '',
      fallback: { name: kart.customerName, email: '' },
      collectedFor: `${kart.kartName || 'Tour'} (quotation ${kart.quotationId}, arriving ${formatDate(kart.arrivalDate)}): hotels, activities and transfers collected for their suppliers as pure agent`,
    },
    now,
  );
}

/** What the invoices domain reads of a paid visa application (visa domain's ApplicationRecord). */
export interface VisaApplicationFacts {
  id: string;
  reference: string;
  userId: string;
  userName: string;
  userEmail: string;
  legalEntityId: string;
  countryName: string;
  visaCategory: string;
  travellers: number;
  /** What was charged, and the site's markup within it (the taxable supply, GST inside). */
  total: number;
  markup: number;
  currency: string;
}

/**
 * The invoice of a paid visa application: the embassy and service provider's fee is collected as pure agent, the
 * site's markup is the taxable supply (SAC 998559) with its GST inside (the fee adds no tax on top).
 */
export function issueVisaInvoice(site: SiteRecord, app: VisaApplicationFacts, now: Date): Promise<DocumentRecord> {
  return issueInvoice(
    site,
    {
      source: 'visa',
      sourceId: app.id,
      sourceRef: app.reference,
      kind: 'visaApplication',
      currency: app.currency,
      total: app.total,
      taxableValue: app.markup,
      taxInclusive: true,
      userId: app.userId,
      legalEntityId: app.legalEntityId,
      fallback: { name: app.userName, email: app.userEmail },
      collectedFor: `${app.countryName} ${app.visaCategory} for ${app.travellers} traveller${app.travellers === 1 ? '' : 's'} (application ${app.reference}): visa fee collected for the embassy and its service provider as pure agent`,
    },
    now,
  );
}

export interface RefundFacts {
  /** The refund's own id (the change request), one credit note each. */
  refundId: string;
  amount: number;
  cancellationCharge: number;
  /** What the refund is made of (domain refundBreakdown): named in the note; the service fee and its GST stay. */
  breakdown?: TRefundBreakdown | undefined;
}

/** A credit note's target: the source whose invoice it reverses, the refund (one note each), how much and why. */
export interface CreditTarget {
  source: InvoiceSource;
  sourceId: string;
  refundId: string;
  /** Given back; null: everything still left on the invoice (a cancellation in full). */
  amount: number | null;
  reason: string;
  /** The reseller keeps its service fee and GST: only the pure-agent amount is given back (gst.ts). */
  serviceKept?: boolean;
  /**
   * With `amount` null, the share of the invoice given back (0–1) when the source knows it only in its own currency
   * (a quotation cancelled with a fee); absent: all that is left.
   */
  share?: number;
}

/** A booking refund's credit note (tickets' change requests, through the after-refund port). */
export function issueRefundCreditNote(site: SiteRecord, booking: BookingRecord, refund: RefundFacts, now: Date) {
  const charge =
    refund.cancellationCharge > 0 ? ` after a cancellation charge of ${refund.cancellationCharge.toFixed(2)}` : '';
  // The same breakdown as the dialog and the refund mail: every line, adding up to what was paid.
  const b = refund.breakdown;
  const lines = b
    ? `: paid ${b.paidForPart.toFixed(2)} = ${b.lines.map((l) => `${l.label} ${l.amount.toFixed(2)}`).join(' + ')}; refund ${b.refund.toFixed(2)} (${b.destination.text.replace(/\.$/, '')}). GST on the service fee is not reversed: the fee is kept`
    : '';
  return issueCreditNote(
    site,
    {
      source: 'booking',
      sourceId: booking.bookingId,
      refundId: refund.refundId,
      amount: refund.amount,
      reason: `Refund for PNR ${booking.pnr} (change request ${refund.refundId})${b ? '' : charge}${lines}`,
      serviceKept: !!b,
    },
    now,
  );
}

/**
 * A credit note against `invoice`, numbered `sequence`, and the invoice as it is after it (its credited totals and
 * list of notes, its version bumped). Pure: the issuing transaction and the data-volume generator build them alike.
 * Throws NotIssued when the invoice has nothing left to credit.
 */
export function creditNoteRecords(p: {
  invoice: DocumentRecord;
  id: string;
  sequence: number;
  now: Date;
  /** The site's calendar day of `now`. */
  issueDate: string;
  settings: TInvoiceSettings;
  target: Pick<CreditTarget, 'amount' | 'share' | 'serviceKept' | 'reason'>;
}): { note: DocumentRecord; updated: DocumentRecord } {
  const { invoice, target, id, issueDate } = p;
  const fy = financialYear(issueDate);
  const wanted =
    target.amount ??
    (target.share === undefined ? invoice.total : Math.round(invoice.total * target.share * 100) / 100);
  const a = creditNoteAmounts(invoice, invoice.credited, wanted, {
    serviceKept: !!target.serviceKept,
  });
  if (a.total <= 0) throw new NotIssued(`invoice ${invoice.number} is fully credited`);
  const number = documentNumber(p.settings.prefix, 'creditNote', fy, p.sequence);
  const note: DocumentRecord = {
    ...invoice,
    id,
    docType: 'creditNote',
    number,
    sequence: p.sequence,
    issuedAt: p.now.toISOString(),
    issueDate,
    financialYear: fy,
    supplier: supplierParty(p.settings),
    conversion: invoice.conversion ? conversionPart(invoice.conversion, a.total, invoice.total) : null,
    lines: [
      ...(a.reimbursement
        ? [
            {
              description: 'Refund of the amount collected as pure agent',
              sac: '',
              taxable: false,
              amount: a.reimbursement,
            },
          ]
        : []),
      ...(a.taxableValue
        ? [{ description: 'Service charges reversed', sac: invoice.sac, taxable: true, amount: a.taxableValue }]
        : []),
    ],
    supplyType: a.supplyType,
    rate: a.rate,
    taxableValue: a.taxableValue,
    cgst: a.cgst,
    sgst: a.sgst,
    igst: a.igst,
    totalTax: a.totalTax,
    reimbursement: a.reimbursement,
    total: a.total,
    amountInWords: rupeesInWords(a.total),
    against: { id: invoice.id, number: invoice.number, issueDate: invoice.issueDate },
    reason: target.reason,
    creditNotes: [],
    version: 1,
    credited: NOTHING_CREDITED,
  };
  const updated: DocumentRecord = {
    ...invoice,
    version: invoice.version + 1,
    credited: addTotals(invoice.credited, totalsOf(a)),
    creditNotes: [...invoice.creditNotes, { id, number, issueDate, total: a.total }],
  };
  return { note, updated };
}

/**
 * The credit note of a refund against the source's invoice: the invoice's parts reversed in the refund's
 * proportion (gst.ts creditNoteAmounts), its own number series; the invoice records it in the same transaction.
 * Null when there is nothing to reverse (nothing refunded).
 */
export async function issueCreditNote(
  site: SiteRecord,
  target: CreditTarget,
  now: Date,
): Promise<DocumentRecord | null> {
  const source = ['refund', target.source, target.sourceId, target.refundId];
  const existing = await repo.documentIdOfSource(site.siteId, ...source);
  if (existing) return repo.getDocument(site.siteId, existing);
  if (target.amount !== null && target.amount <= 0) return null;
  const invoiceId = await repo.documentIdOfSource(site.siteId, target.source, target.sourceId);
  if (!invoiceId) throw new NotIssued(`${target.source} ${target.sourceId} has no invoice to credit`);
  const { settings } = await settingsOf(site.siteId);
  const issueDate = siteToday(site, now);
  const fy = financialYear(issueDate);
  const id = `cn-${newId()}`;
  const result = await repo.issueDocument({
    siteId: site.siteId,
    series: 'creditNote',
    fy,
    month: issueDate.slice(0, 7),
    source,
    build: async (sequence) => {
      const invoice = await repo.getDocument(site.siteId, invoiceId);
      if (!invoice) throw new NotIssued(`invoice ${invoiceId} is missing`);
      const { note, updated } = creditNoteRecords({ invoice, id, sequence, now, issueDate, settings, target });
      return { document: note, also: [repo.creditedUpdate(invoice, updated)] };
    },
  });
  if (result.issued) return result.document;
  return repo.getDocument(site.siteId, result.documentId);
}
