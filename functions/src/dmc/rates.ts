/**
 * Ticket and transfer rates of a tour option, their priority, overlap warnings and stop-sales (spec 001 §3 "Tour
 * rate", §4, §5; /staff/dmc_rate_management). A tour option's rates of one kind are ordered by one priority list
 * (repo.ts `RateOrder`): a new rate goes on top, a drag replaces the list, each in one transaction with its audit
 * entry. Overlaps are reported, never refused (docs/dmc.md "Overlaps").
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import {
  DMC_MSG,
  MAX_RATES_PER_OPTION,
  type TStopSale,
  type TTicketRate,
  type TTransferRate,
} from '@tp/contracts/endpoints/dmc';
import {
  byPriority,
  prioritiesFromNewPriority,
  stopSaleErrors,
  ticketRateErrors,
  ticketRateOverlaps,
  transferRateErrors,
  transferRateOverlaps,
  type Errors,
  type StopSale,
} from '@tp/domain/dmc';
import { newId } from '#lib/crypto';
import type { TransactItem } from '#lib/db';
import { fail, refuseIfAny } from '#lib/errors';
import {
  CHANGED_MEANWHILE,
  RULE_MESSAGES,
  audited,
  saveRecord,
  removeRecord,
  siteOf,
  type DmcScope,
} from './changes.ts';
import { requireMarket } from './markets.ts';
import { existing, requireRef } from './masters.ts';
import type { RateKind, TicketRateRec, TransferRateRec } from './records.ts';
import * as repo from './repo.ts';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;
type RateRec = TicketRateRec | TransferRateRec;
type Rated<K extends RateKind> = K extends 'ticketRate' ? TTicketRate : TTransferRate;

/** Attempts at a write that lost a race on the priority list (another save of the same option meanwhile). */
const ORDER_ATTEMPTS = 3;
const LIMIT_TEXT = (kind: RateKind) =>
  `A tour option holds at most ${MAX_RATES_PER_OPTION} ${kind === 'ticketRate' ? 'ticket' : 'transfer'} rates`;

/** A rate's priority is its position in the list plus one (0: not listed, tried last). */
export function withPriority<T extends RateRec>(rates: readonly T[], order: readonly string[]) {
  const at = new Map(order.map((id, i) => [id, i + 1]));
  const ranked = rates.map((r) => ({ ...(r as RateRec), priority: at.get(r.id) ?? 0 }));
  return byPriority(ranked) as unknown as (T & { priority: number })[];
}

/** The rates of a tour option in the order the engine tries them, with their priorities. */
export async function ratesOf<K extends RateKind>(scope: DmcScope, kind: K, tourOptionId: string): Promise<Rated<K>[]> {
  const siteId = siteOf(scope);
  const [rates, order] = await Promise.all([
    repo.childrenOf(siteId, kind, ['TOUROPTION', tourOptionId]),
    repo.getRateOrder(siteId, kind, tourOptionId),
  ]);
  return withPriority(rates as RateRec[], order.order) as Rated<K>[];
}

export async function listRates<K extends RateKind>(
  scope: DmcScope,
  kind: K,
  input: { tourOptionId: string; marketId?: string | undefined },
): Promise<Rated<K>[]> {
  await existing(scope, 'tourOption', input.tourOptionId);
  const rates = await ratesOf(scope, kind, input.tourOptionId);
  return input.marketId ? rates.filter((r) => r.marketId === input.marketId) : rates;
}

// ---------------------------------------------------------------------------------------------------
// Drafts: the request as the domain rules read it

interface TermsInput {
  tourOptionId: string;
  marketId?: string | undefined;
  isPerPax: boolean;
  minPax: number | null;
  maxPax: number | null;
  validFromDate?: string | undefined;
  validTillDate?: string | undefined;
}
const termsDraft = (input: TermsInput) => ({
  tourOptionId: input.tourOptionId,
  marketId: input.marketId ?? null,
  isPerPax: input.isPerPax,
  minPax: input.minPax,
  maxPax: input.maxPax,
  validFromDate: input.validFromDate ?? null,
  validTillDate: input.validTillDate ?? null,
});

const ticketDraft = (
  input: TermsInput & {
    adultAmount: number | null;
    childAmount: number | null;
    adultCost?: number | null;
    childCost?: number | null;
  },
) => ({
  ...termsDraft(input),
  adultAmount: input.adultAmount,
  childAmount: input.childAmount,
  // Blank costs are left out, as the import leaves them out (an export imports back unchanged).
  ...(typeof input.adultCost === 'number' ? { adultCost: input.adultCost } : {}),
  ...(typeof input.childCost === 'number' ? { childCost: input.childCost } : {}),
});

const transferDraft = (
  input: TermsInput & {
    description: string;
    transferType?: string | undefined;
    sharingBasis?: string | undefined;
    amount: number | null;
    cost?: number | null;
  },
) => ({
  ...termsDraft(input),
  description: input.description,
  transferType: input.transferType ?? null,
  sharingBasis: input.sharingBasis ?? null,
  amount: input.amount,
  ...(typeof input.cost === 'number' ? { cost: input.cost } : {}),
});

function ruleErrors(kind: RateKind, draft: Record<string, unknown>): Errors<Record<string, unknown>> {
  return kind === 'ticketRate'
    ? ticketRateErrors(draft as Parameters<typeof ticketRateErrors>[0], RULE_MESSAGES)
    : transferRateErrors(draft as Parameters<typeof transferRateErrors>[0], RULE_MESSAGES);
}

/** Checks a draft and returns it as a record (without id); refuses with every field's message. */
function checked<K extends RateKind>(kind: K, draft: Record<string, unknown>): Omit<RateRec, 'id'> {
  refuseIfAny(ruleErrors(kind, draft) as Record<string, string | undefined>);
  return draft as unknown as Omit<RateRec, 'id'>;
}

/** The saved rates of the same tour option a candidate overlaps. */
function overlapsOf(kind: RateKind, candidate: RateRec, siblings: readonly (RateRec & { priority: number })[]) {
  return kind === 'ticketRate'
    ? ticketRateOverlaps(candidate as TicketRateRec, siblings as (TicketRateRec & { priority: number })[])
    : transferRateOverlaps(candidate as TransferRateRec, siblings as (TransferRateRec & { priority: number })[]);
}

const overlapAnswer = (overlaps: string[]) => ({
  overlaps,
  warning: overlaps.length ? DMC_MSG.overlapWarning(overlaps.length) : null,
});

// ---------------------------------------------------------------------------------------------------
// Save, delete, reorder

async function saveRate<K extends RateKind>(
  scope: DmcScope,
  kind: K,
  id: string | null | undefined,
  draft: Record<string, unknown>,
): Promise<{ record: Rated<K>; overlaps: string[]; warning: string | null }> {
  const siteId = siteOf(scope);
  const fields = checked(kind, draft);
  const before = (await existing(scope, kind, id)) as RateRec | null;
  if (before && before.tourOptionId !== fields.tourOptionId)
    refuseIfAny({ tourOptionId: 'A rate stays with its tour option; add a new rate there instead' });
  await requireRef(scope, 'tourOption', fields.tourOptionId, 'tourOptionId', DMC_MSG.unknownTourOption);
  await requireMarket(scope, fields.marketId);
  const rec = { ...fields, id: before?.id ?? newId() } as RateRec;
  const guards: TransactItem[] = [
    repo.recordExists(siteId, 'tourOption', rec.tourOptionId),
    repo.recordExists(siteId, 'market', rec.marketId),
  ];

  for (let attempt = 1; ; attempt++) {
    const [siblings, order] = await Promise.all([
      repo.childrenOf(siteId, kind, ['TOUROPTION', rec.tourOptionId]) as Promise<RateRec[]>,
      repo.getRateOrder(siteId, kind, rec.tourOptionId),
    ]);
    if (!before && siblings.length >= MAX_RATES_PER_OPTION) refuseIfAny({ tourOptionId: LIMIT_TEXT(kind) });
    const ranked = withPriority(siblings, order.order);
    const overlaps = overlapsOf(kind, rec, ranked);
    // A new rate goes on top: the latest contract is tried first until staff move it.
    const newOrder = before ? order.order : [...order.order.filter((x) => x !== rec.id), rec.id];
    const items = [
      repo.putRecord(siteId, kind, rec as never, before ? 'update' : 'create'),
      ...(before ? [] : [repo.putRateOrder(siteId, kind, rec.tourOptionId, newOrder, order.version)]),
      ...guards,
      ...audited(scope, kind, rec.id, before ? 'update' : 'create', before, rec),
    ];
    if (await repo.commit(items)) {
      const priority = newOrder.indexOf(rec.id) + 1;
      return { record: { ...rec, priority } as Rated<K>, ...overlapAnswer(overlaps) };
    }
    if (before || attempt >= ORDER_ATTEMPTS) throw fail.conflict(CHANGED_MEANWHILE);
  }
}

export const saveTicketRate = (scope: DmcScope, input: In<typeof api.saveActivityTicketRates>) =>
  saveRate(scope, 'ticketRate', input.id, ticketDraft(input));

export const saveTransferRate = (scope: DmcScope, input: In<typeof api.saveTourOptionTransferRates>) =>
  saveRate(scope, 'transferRate', input.id, transferDraft(input));

export async function deleteRate(scope: DmcScope, kind: RateKind, id: string): Promise<{ id: string }> {
  const siteId = siteOf(scope);
  for (let attempt = 1; ; attempt++) {
    const before = (await existing(scope, kind, id)) as RateRec;
    const order = await repo.getRateOrder(siteId, kind, before.tourOptionId);
    const rest = order.order.filter((x) => x !== id);
    const items = [repo.putRateOrder(siteId, kind, before.tourOptionId, rest, order.version)];
    try {
      await removeRecord(scope, kind, before, items);
      return { id };
    } catch (err) {
      if (attempt >= ORDER_ATTEMPTS) throw err;
    }
  }
}

/** A drag on the screen: `newPriority` names every rate of the tour option, bottom first (§4). */
export async function reorderRates<K extends RateKind>(
  scope: DmcScope,
  kind: K,
  input: { tourOptionId: string; newPriority: string[] },
): Promise<Rated<K>[]> {
  const siteId = siteOf(scope);
  await existing(scope, 'tourOption', input.tourOptionId);
  const [rates, order] = await Promise.all([
    repo.childrenOf(siteId, kind, ['TOUROPTION', input.tourOptionId]) as Promise<RateRec[]>,
    repo.getRateOrder(siteId, kind, input.tourOptionId),
  ]);
  const result = prioritiesFromNewPriority(
    input.newPriority,
    rates.map((r) => r.id),
  );
  if (!result.ok) refuseIfAny({ newPriority: result.message });
  const field = kind === 'ticketRate' ? 'ticketRatePriority' : 'transferRatePriority';
  const items = [
    repo.putRateOrder(siteId, kind, input.tourOptionId, input.newPriority, order.version),
    // The order belongs to the tour option: its trail shows each reorder, bottom-first lists before and after.
    ...audited(
      scope,
      'tourOption',
      input.tourOptionId,
      'update',
      { [field]: order.order },
      { [field]: input.newPriority },
    ),
  ];
  if (!(await repo.commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
  return withPriority(rates, input.newPriority) as Rated<K>[];
}

/** The check a screen may call before saving: which saved rates the one being edited would overlap. */
export async function checkOverlaps(
  scope: DmcScope,
  input: In<typeof api.checkRateOverlaps>,
): Promise<{ overlaps: string[]; warning: string | null }> {
  const kind: RateKind = input.kind === 'ticket' ? 'ticketRate' : 'transferRate';
  const draft =
    kind === 'ticketRate'
      ? ticketDraft({ ...input, adultAmount: 0, childAmount: 0 })
      : transferDraft({ ...input, description: '-', amount: 0 });
  const fields = checked(kind, draft);
  await existing(scope, 'tourOption', fields.tourOptionId);
  const siblings = await ratesOf(scope, kind, fields.tourOptionId);
  const candidate = { ...fields, id: input.id ?? '' } as RateRec;
  return overlapAnswer(overlapsOf(kind, candidate, siblings as (RateRec & { priority: number })[]));
}

// ---------------------------------------------------------------------------------------------------
// Stop-sales

export async function saveStopSale(scope: DmcScope, input: In<typeof api.saveStopSale>): Promise<TStopSale> {
  const draft = {
    tourOptionId: input.tourOptionId,
    marketId: input.marketId ?? null,
    fromDate: input.fromDate ?? null,
    tillDate: input.tillDate ?? null,
    reason: input.reason,
  };
  refuseIfAny(stopSaleErrors(draft, RULE_MESSAGES));
  const before = await existing(scope, 'stopSale', input.id);
  await requireRef(scope, 'tourOption', input.tourOptionId, 'tourOptionId', DMC_MSG.unknownTourOption);
  if (draft.marketId) await requireMarket(scope, draft.marketId);
  const after = { ...draft, id: before?.id ?? newId() } as StopSale;
  return saveRecord(scope, 'stopSale', before, after, [
    repo.recordExists(siteOf(scope), 'tourOption', after.tourOptionId),
  ]);
}

export async function listStopSales(scope: DmcScope, tourOptionId: string): Promise<TStopSale[]> {
  await existing(scope, 'tourOption', tourOptionId);
  return repo.childrenOf(siteOf(scope), 'stopSale', ['TOUROPTION', tourOptionId]);
}

export async function deleteStopSale(scope: DmcScope, id: string): Promise<{ id: string }> {
  const before = (await existing(scope, 'stopSale', id))!;
  await removeRecord(scope, 'stopSale', before);
  return { id };
}

// The dmc Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerSaveActivityTicketRates = answers(api.saveActivityTicketRates, async (input, scope) =>
  reply(await saveTicketRate(scope, input), { message: DMC_MSG.rateSaved }),
);
export const answerGetTourOptionTicketRates = answers(api.getTourOptionTicketRates, (input, scope) =>
  listRates(scope, 'ticketRate', input),
);
export const answerDeleteTourOptionTicketRates = answers(api.deleteTourOptionTicketRates, async (input, scope) =>
  reply(await deleteRate(scope, 'ticketRate', input.id), { message: DMC_MSG.rateDeleted }),
);
export const answerChangeTourOptionTicketRatePriority = answers(
  api.changeTourOptionTicketRatePriority,
  async (input, scope) => reply(await reorderRates(scope, 'ticketRate', input), { message: DMC_MSG.priorityChanged }),
);
export const answerSaveTourOptionTransferRates = answers(api.saveTourOptionTransferRates, async (input, scope) =>
  reply(await saveTransferRate(scope, input), { message: DMC_MSG.rateSaved }),
);
export const answerGetTourOptionTransferRates = answers(api.getTourOptionTransferRates, (input, scope) =>
  listRates(scope, 'transferRate', input),
);
export const answerDeleteTourOptionTransferRates = answers(api.deleteTourOptionTransferRates, async (input, scope) =>
  reply(await deleteRate(scope, 'transferRate', input.id), { message: DMC_MSG.rateDeleted }),
);
export const answerChangeTourOptionTransferRatePriority = answers(
  api.changeTourOptionTransferRatePriority,
  async (input, scope) => reply(await reorderRates(scope, 'transferRate', input), { message: DMC_MSG.priorityChanged }),
);
export const answerCheckRateOverlaps = answers(api.checkRateOverlaps, (input, scope) => checkOverlaps(scope, input));
export const answerSaveStopSale = answers(api.saveStopSale, async (input, scope) =>
  reply(await saveStopSale(scope, input), { message: DMC_MSG.stopSaleSaved }),
);
export const answerGetStopSales = answers(api.getStopSales, (input, scope) => listStopSales(scope, input.tourOptionId));
export const answerDeleteStopSale = answers(api.deleteStopSale, async (input, scope) =>
  reply(await deleteStopSale(scope, input.id), { message: DMC_MSG.stopSaleDeleted }),
);
