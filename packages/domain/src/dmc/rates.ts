/**
 * Rules of rates, area transfers and stop-sales (spec 001 §5 "Tour rate", "Area transfer"; §4 per pax forced
 * by sharing basis; §9 dollars with 2 decimals). Each returns field → first message, empty when valid.
 */
import { round2 } from '../pricing.ts';
import {
  amountProblem,
  bandErrors,
  optionalAmountProblem,
  flag,
  isBlank,
  isMissing,
  oneOf,
  rangeErrors,
} from './checks.ts';
import type { Draft, Errors } from './checks.ts';
import { DMC_TEXT, type DmcMessages } from './messages.ts';
import {
  AREA_SHARING_BASES,
  RATE_SHARING_BASES,
  TRANSFER_DIRECTIONS,
  type AreaTransfer,
  type StopSale,
  type TicketRate,
  type TransferRate,
} from './types.ts';

const VALIDITY = ['validFromDate', 'validTillDate'] as const;

export type TicketRateDraft = Draft<Omit<TicketRate, 'id' | 'priority'>>;
export type TransferRateDraft = Draft<Omit<TransferRate, 'id' | 'priority'>>;
export type AreaTransferDraft = Draft<Omit<AreaTransfer, 'id'>>;
export type StopSaleDraft = Draft<Omit<StopSale, 'id'>>;

/**
 * Ticket rate: tour option and market required, adult and child amounts ≥ 0, validity dates. A per-group
 * rate (a car, a boat) is priced by band, so it needs both pax bounds.
 */
export function ticketRateErrors(r: TicketRateDraft, m: DmcMessages): Errors<TicketRate> {
  const e: Errors<TicketRate> = {};
  if (isBlank(r.tourOptionId)) e.tourOptionId = m.required;
  if (isBlank(r.marketId)) e.marketId = m.required;
  flag(e, 'adultAmount', amountProblem(r.adultAmount, m));
  flag(e, 'childAmount', amountProblem(r.childAmount, m));
  flag(e, 'adultCost', optionalAmountProblem(r.adultCost, m));
  flag(e, 'childCost', optionalAmountProblem(r.childCost, m));
  if (typeof r.isPerPax !== 'boolean') e.isPerPax = m.required;
  if (r.isPerPax === false) {
    if (isMissing(r.minPax)) e.minPax = m.required;
    if (isMissing(r.maxPax)) e.maxPax = m.required;
  }
  bandErrors(r, m, e);
  rangeErrors(r, VALIDITY, m, e, DMC_TEXT.validTillBeforeFrom);
  return e;
}

/**
 * Transfer rate (§5 "Tour rate"): amount ≥ 0, description and transfer type non-empty, sharing basis PVT or
 * SIC, and min and max pax required when PVT, with the spec's two messages.
 */
export function transferRateErrors(r: TransferRateDraft, m: DmcMessages): Errors<TransferRate> {
  const e: Errors<TransferRate> = {};
  if (isBlank(r.tourOptionId)) e.tourOptionId = m.required;
  if (isBlank(r.marketId)) e.marketId = m.required;
  if (isBlank(r.description)) e.description = m.required;
  flag(e, 'amount', amountProblem(r.amount, m));
  flag(e, 'cost', optionalAmountProblem(r.cost, m));
  if (typeof r.isPerPax !== 'boolean') e.isPerPax = m.required;
  flag(e, 'transferType', oneOf(r.transferType, TRANSFER_DIRECTIONS, m));
  flag(e, 'sharingBasis', oneOf(r.sharingBasis, RATE_SHARING_BASES, m));
  if (r.sharingBasis === 'PVT') {
    if (isMissing(r.minPax)) e.minPax = m.minPaxPrivate;
    if (isMissing(r.maxPax)) e.maxPax = m.maxPaxPrivate;
  }
  bandErrors(r, m, e);
  rangeErrors(r, VALIDITY, m, e, DMC_TEXT.validTillBeforeFrom);
  return e;
}

/** Area transfer, every check and message of §5 "Area transfer". */
export function areaTransferErrors(r: AreaTransferDraft, m: DmcMessages): Errors<AreaTransfer> {
  const e: Errors<AreaTransfer> = {};
  if (isBlank(r.from)) e.from = m.fromAreaRequired;
  if (isBlank(r.to)) e.to = m.toAreaRequired;
  if (isBlank(r.marketId)) e.marketId = m.marketIdRequired;
  if (typeof r.amount !== 'number' || !Number.isFinite(r.amount) || r.amount < 0) e.amount = m.amountPositive;
  flag(e, 'cost', optionalAmountProblem(r.cost, m));
  flag(e, 'transferType', oneOf(r.transferType, TRANSFER_DIRECTIONS, m));
  flag(e, 'sharingBasis', oneOf(r.sharingBasis, AREA_SHARING_BASES, m));
  if (r.sharingBasis === 'private') {
    if (isMissing(r.minPax)) e.minPax = m.minMaxPaxPrivate;
    if (isMissing(r.maxPax)) e.maxPax = m.minMaxPaxPrivate;
  }
  bandErrors(r, m, e);
  rangeErrors(r, VALIDITY, m, e, DMC_TEXT.validTillBeforeFrom);
  return e;
}

/** An area transfer as stored: per pax on for sharing and off for private (§4), dollars to the cent (§9). */
export function normaliseAreaTransfer<T extends Pick<AreaTransfer, 'sharingBasis' | 'amount' | 'isPerPax'>>(t: T): T {
  return { ...t, isPerPax: t.sharingBasis === 'sharing', amount: round2(t.amount) };
}

/** Stop-sale: a tour option and a real date range; the market is optional (none: every market). */
export function stopSaleErrors(r: StopSaleDraft, m: DmcMessages): Errors<StopSale> {
  const e: Errors<StopSale> = {};
  if (isBlank(r.tourOptionId)) e.tourOptionId = m.required;
  rangeErrors(r, ['fromDate', 'tillDate'], m, e, DMC_TEXT.tillBeforeFrom);
  return e;
}
