/**
 * Overlap detection, shown before a rate is saved: two rates for the same market (and, for
 * transfers, the same direction and basis) whose validity ranges share a day and whose pax bands share a
 * size. Priority still decides which one prices, so an overlap is a warning that names the rates, not a
 * refusal: a promotion on top of a season rate is an overlap on purpose.
 */
import { bandsOverlap, rangesOverlap } from './terms.ts';
import type { AreaTransfer, RateTerms, TicketRate, TransferRate } from './types.ts';

type Slotted = RateTerms & { id?: string };

const overlapping = (a: Slotted, b: Slotted): boolean =>
  rangesOverlap(a.validFromDate, a.validTillDate, b.validFromDate, b.validTillDate) && bandsOverlap(a, b);

/** Rates compete only inside one slot: a tour option's ticket rates for one market, and so on. */
const SLOT = {
  ticket: (r: Pick<TicketRate, 'tourOptionId' | 'marketId'>) => `${r.tourOptionId}|${r.marketId}`,
  transfer: (r: Pick<TransferRate, 'tourOptionId' | 'marketId' | 'transferType' | 'sharingBasis'>) =>
    `${r.tourOptionId}|${r.marketId}|${r.transferType}|${r.sharingBasis}`,
  areaTransfer: (r: Pick<AreaTransfer, 'from' | 'to' | 'marketId' | 'transferType' | 'sharingBasis'>) =>
    `${r.from}|${r.to}|${r.marketId}|${r.transferType}|${r.sharingBasis}`,
};

function overlapsOf<T extends Slotted>(slot: (r: T) => string, candidate: T, existing: readonly T[]): string[] {
  const key = slot(candidate);
  return existing
    .filter((r) => r.id !== undefined && r.id !== candidate.id && slot(r) === key && overlapping(candidate, r))
    .map((r) => r.id as string);
}

/** Ids of the saved rates that a new or edited rate overlaps (itself excluded by id). */
export const ticketRateOverlaps = (
  candidate: Omit<TicketRate, 'id' | 'priority'> & { id?: string },
  existing: readonly TicketRate[],
): string[] => overlapsOf(SLOT.ticket, candidate, existing);

export const transferRateOverlaps = (
  candidate: Omit<TransferRate, 'id' | 'priority'> & { id?: string },
  existing: readonly TransferRate[],
): string[] => overlapsOf(SLOT.transfer, candidate, existing);

export const areaTransferOverlaps = (
  candidate: Omit<AreaTransfer, 'id'> & { id?: string },
  existing: readonly AreaTransfer[],
): string[] => overlapsOf(SLOT.areaTransfer, candidate, existing);

/** Every overlapping pair in a list (an import sheet, a data check), each pair once, ids in list order. */
export function overlappingPairs<T extends Slotted & { id: string }>(
  slot: (r: T) => string,
  rates: readonly T[],
): [string, string][] {
  const pairs: [string, string][] = [];
  rates.forEach((a, i) => {
    for (const b of rates.slice(i + 1)) if (slot(a) === slot(b) && overlapping(a, b)) pairs.push([a.id, b.id]);
  });
  return pairs;
}

export const ticketRatePairs = (rates: readonly TicketRate[]) => overlappingPairs(SLOT.ticket, rates);
export const transferRatePairs = (rates: readonly TransferRate[]) => overlappingPairs(SLOT.transfer, rates);
export const areaTransferPairs = (rates: readonly AreaTransfer[]) => overlappingPairs(SLOT.areaTransfer, rates);
