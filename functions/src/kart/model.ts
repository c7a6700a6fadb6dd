/**
 * A kart as stored and as the calls answer it: the domain's `Kart` (spec field names) plus what the API keeps
 * beside it (version, market, customer snapshot, stamps, latest share). Pure: no I/O.
 */
import type { TKart, TKartRow } from '@tp/contracts/endpoints/kart';
import type { TKartCancellation } from '@tp/contracts/endpoints/dmc-payables';
import { sharedQuotationPath } from '@tp/contracts/endpoints/kart';
import {
  jobDetailsOf,
  kartDeadlineState,
  kartMargins,
  marginBelowMinimum,
  NO_AREAS,
  pickupAreaOf,
  type Kart,
  type PlaceAreas,
  type KartTotals,
  type PaymentTerms,
  type CancellationFeeRow,
  DEFAULT_CANCELLATION_FEES,
  collectedAfter,
  type PaymentSchedule,
  DEFAULT_PAYMENT_TERMS,
  paymentSchedule,
  type RateUsed,
  type TransferDetails,
  type VoucherTransfer,
} from '@tp/domain/dmc';
import { appLink } from '#lib/links';
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import { siteToday } from '#lib/time';

/** A staff call's scope as the kart's money steps read it (karts.ts `KartScope` is the same shape). */
export interface KartStaffScope {
  site: SiteRecord;
  principal: Principal;
  now: Date;
  log: Logger;
}

export interface KartShareRef {
  slug: string;
  version: number;
  sharedAt: string;
}

export interface KartRecord extends Kart {
  /** The grand total, and below the totals it is part of: computed on save (domain `withComputedPrices`), read as stored. */
  totalPrice: number;
  totals: KartTotals;
  /** Bumped by every change: the optimistic-concurrency check and the quotation's version number. */
  version: number;
  marketId: string | null;
  customerName: string;
  customerPhone: string;
  createdAt: string;
  updatedAt: string;
  /** The latest share (a new version needs a new one). */
  share: KartShareRef | null;
  /** Exchange rates frozen when the kart was shared or vouchered: later saves convert with these (ours). */
  frozenRates?: RateUsed[];
  /** This quotation's own payment terms; absent or null: the site's (docs/dmc.md "Payment terms"). */
  paymentTerms?: PaymentTerms | null;
  /**
   * Bumped by each receipt (or refund), which also moves `collectedPayment`: every other write of the kart is
   * conditional on the value it read, so a save never puts back a collected amount from before a payment.
   */
  paidRev?: number;
  /** The shared version the customer accepted, from which link, and when. */
  acceptance?: KartAcceptance | null;
  /** The cancellation fee schedule in force when the kart was last shared (docs/dmc.md "Cancellation"). */
  frozenCancellationFees?: CancellationFeeRow[] | null;
  /** What the cancellation kept and refunded, once cancelled. */
  cancellation?: TKartCancellation | null;
  /** The payables vouchering raised (their ids and amounts), which a cancel reverses. */
  payables?: { id: string; amount: number }[] | null;
}

export interface KartAcceptance {
  version: number;
  slug: string;
  at: string;
  /** Signed in (an agent) or null: whoever held the link. */
  byUserId: string | null;
}

/** The kart's payment schedule: its own terms, else the site's; outstanding after what its receipts collected. */
export const scheduleOf = (k: KartRecord, siteTerms: PaymentTerms): PaymentSchedule =>
  paymentSchedule(k.paymentTerms ?? siteTerms, k, k.totals.grandTotal, k.totals.collectedPayment);

/** The cancellation schedule a kart is cancelled under: frozen at its last share, else its own, else the site's. */
export const cancellationFeesOf = (k: KartRecord, siteTerms: PaymentTerms): CancellationFeeRow[] =>
  k.frozenCancellationFees ?? sharedCancellationFees(k, siteTerms);

/** The schedule a share freezes: the quotation's own terms', else the site's, else the platform's. */
export const sharedCancellationFees = (k: KartRecord, siteTerms: PaymentTerms): CancellationFeeRow[] =>
  k.paymentTerms?.cancellationFees ?? siteTerms.cancellationFees ?? DEFAULT_CANCELLATION_FEES;

/** Receipts − refunds less what the voucher owes its suppliers (nothing owed once cancelled: reversed). */
export function realisedOf(k: KartRecord): TKart['realised'] {
  if (!k.payables?.length) return null;
  const collected = k.collectedPayment ?? 0;
  const owed = k.isCancelled ? 0 : k.payables.reduce((sum, p) => collectedAfter(sum, p.amount), 0);
  return { collected, owed, margin: collectedAfter(collected, -owed) };
}

export const shareUrl = (site: SiteRecord, slug: string): string => appLink(site, sharedQuotationPath(slug));

/** The staff's view of a kart: with its margins and whether they are under the site's minimum (null: none set). */
export function kartView(
  site: SiteRecord,
  k: KartRecord,
  now: Date,
  minimumMarginPercent: number | null = null,
  siteTerms: PaymentTerms = DEFAULT_PAYMENT_TERMS,
): TKart {
  const margins = kartMargins(k, k.totals);
  return {
    ...k,
    paymentTerms: k.paymentTerms ?? null,
    schedule: scheduleOf(k, siteTerms),
    acceptance: k.acceptance ? { version: k.acceptance.version, at: k.acceptance.at } : null,
    margins,
    minimumMarginPercent,
    marginBelowMinimum: marginBelowMinimum(margins, minimumMarginPercent),
    deadline: kartDeadlineState(k, k.totals, siteToday(site, now)),
    share: k.share ? { ...k.share, url: shareUrl(site, k.share.slug) } : null,
    realised: realisedOf(k),
  } as TKart;
}

export function kartRow(site: SiteRecord, k: KartRecord, today: string): TKartRow {
  return {
    id: k.id,
    version: k.version,
    quotationId: k.quotationId,
    kartName: k.kartName,
    customerId: k.customerId,
    customerName: k.customerName,
    arrivalDate: k.arrivalDate,
    noOfDays: k.noOfDays,
    noOfNights: k.noOfNights,
    adults: k.adults,
    child: k.child,
    infant: k.infant,
    currencySymbol: k.currencySymbol,
    totalPrice: k.totalPrice,
    collectedPayment: k.collectedPayment,
    balanceDue: k.totals.balanceDue,
    paymentDeadline: k.paymentDeadline,
    isVouchered: k.isVouchered,
    isCancelled: k.isCancelled,
    createdAt: k.createdAt,
    updatedAt: k.updatedAt,
    deadline: kartDeadlineState(k, k.totals, today),
  };
}

/**
 * What the job sheet shows beside a voucher leg: the quotation, service, hotel and lead guest (jobDetailsOf), the
 * customer, the area it picks up in (pickupAreaOf, from `areas`), and the flight of an airport leg on its day.
 */
export function transferDetailsOf(
  k: KartRecord,
  areas: PlaceAreas = NO_AREAS,
): (leg: VoucherTransfer) => TransferDetails {
  return (leg) => {
    const flight =
      leg.source.section === 'accomodations'
        ? k.flightDetails.find((f) => (leg.leg === 'pickup' ? f.arrivalDate : f.departureDate) === leg.date)
        : undefined;
    return {
      ...jobDetailsOf(k, leg),
      customerName: k.customerName,
      customerPhone: k.customerPhone,
      pickupArea: pickupAreaOf(k, leg, areas),
      flightNo: flight ? `${flight.airlineCode} ${flight.flightNo}`.trim() : null,
    };
  };
}
