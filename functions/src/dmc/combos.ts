/**
 * Combos (spec 001 §3 "Combo", §5; /staff/dmc-combos): several tour options sold together at one amount per
 * person. The list shows each combo's tour options with their ticket and transfer rates in priority order.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG, type TCombo } from '@tp/contracts/endpoints/dmc';
import { comboErrors, comboView, type Combo, type TicketRate, type TransferRate } from '@tp/domain/dmc';
import { newId } from '#lib/crypto';
import type { Page } from '#lib/db';
import { RULE_MESSAGES, saveRecord, siteOf, type DmcScope } from './changes.ts';
import { refuseIfAny } from '#lib/errors';
import { listByName } from './lists.ts';
import { existing } from './masters.ts';
import { ratesOf } from './rates.ts';
import * as repo from './repo.ts';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

/** Combos joined with their tour options and those options' rates (of one market when given). */
async function comboViews(scope: DmcScope, combos: Combo[], marketId?: string): Promise<TCombo[]> {
  const ids = [...new Set(combos.flatMap((c) => c.tourOptions.map((t) => t.tourOptionId)))];
  const [options, ticketRates, transferRates] = await Promise.all([
    repo.getRecords(siteOf(scope), 'tourOption', ids),
    Promise.all(ids.map((id) => ratesOf(scope, 'ticketRate', id))),
    Promise.all(ids.map((id) => ratesOf(scope, 'transferRate', id))),
  ]);
  return combos.map((c) =>
    comboView(c, options, ticketRates.flat() as TicketRate[], transferRates.flat() as TransferRate[], marketId),
  );
}

export async function saveCombo(scope: DmcScope, input: In<typeof api.createDmcCombo>): Promise<TCombo> {
  const tourOptions = input.tourOptions.map((t) => ({
    tourOptionId: t.tourOptionId ?? '',
    onwardTransfer: t.onwardTransfer ?? null,
    returnTransfer: t.returnTransfer ?? null,
  }));
  const currency = input.currency.toUpperCase();
  refuseIfAny(comboErrors({ name: input.name, currency, amount: input.amount, tourOptions }, RULE_MESSAGES));
  const before = await existing(scope, 'combo', input.id);
  const found = await repo.getRecords(
    siteOf(scope),
    'tourOption',
    tourOptions.map((t) => t.tourOptionId),
  );
  if (found.length !== tourOptions.length) refuseIfAny({ tourOptions: DMC_MSG.unknownTourOption });
  const after: Combo = {
    id: before?.id ?? newId(),
    name: input.name,
    currency,
    amount: input.amount as number,
    createdAt: before?.createdAt ?? scope.now.toISOString(),
    tourOptions,
  };
  const guards = tourOptions.map((t) => repo.recordExists(siteOf(scope), 'tourOption', t.tourOptionId));
  return (await comboViews(scope, [await saveRecord(scope, 'combo', before, after, guards)]))[0]!;
}

export async function listCombos(scope: DmcScope, input: In<typeof api.getCombos>): Promise<Page<TCombo>> {
  const page = await listByName(scope, 'combo', input);
  return { records: await comboViews(scope, page.records, input.marketId), nextCursor: page.nextCursor };
}

export async function allCombos(scope: DmcScope, input: In<typeof api.getAllCombos>) {
  const page = await listByName(scope, 'combo', input);
  return {
    records: page.records.map(({ tourOptions, ...c }) => ({
      ...c,
      tourOptionIds: tourOptions.map((t) => t.tourOptionId),
    })),
    nextCursor: page.nextCursor,
  };
}

// The dmc Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerCreateDmcCombo = answers(api.createDmcCombo, async (input, scope) =>
  reply(await saveCombo(scope, input), { message: MSG.comboCreated }),
);
export const answerGetCombos = answers(api.getCombos, (input, scope) => listCombos(scope, input));
export const answerGetAllCombos = answers(api.getAllCombos, (input, scope) => allCombos(scope, input));
