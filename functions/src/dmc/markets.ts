/**
 * Markets (spec 001 §3 "Market"; docs dmc.md §1): the buyer segments rates are sold to, the site's default
 * market, and the market each customer buys in.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';
import { marketErrors } from '@tp/domain/dmc';
import { newId } from '#lib/crypto';
import { fail, refuseIfAny } from '#lib/errors';
import type { Page } from '#lib/db';
import { getUser } from '../users/index.ts';
import { CHANGED_MEANWHILE, RULE_MESSAGES, audited, siteOf, type DmcScope } from './changes.ts';
import { allByName, listByName, refuseNameTwin } from './lists.ts';
import type { MarketRec } from './records.ts';
import * as repo from './repo.ts';
import { answers, reply } from '#lib/answers';

/**
 * Every market of a site is offered (and names the rates that point at it); a DMC sells to a handful of source
 * markets, so this cap is a guard, not a page size.
 */
const MARKET_OPTIONS_CAP = 500;

export async function requireMarket(scope: DmcScope, marketId: string, field = 'marketId'): Promise<MarketRec> {
  const market = await repo.getRecord(siteOf(scope), 'market', marketId);
  if (!market) throw fail.validation(DMC_MSG.unknownMarket, { [field]: DMC_MSG.unknownMarket });
  return market;
}

/** The market a request names, or the site's default one. */
export async function marketOrDefault(scope: DmcScope, marketId: string | undefined): Promise<MarketRec> {
  const id = marketId ?? (await repo.getDefaultMarketId(siteOf(scope)));
  if (!id) throw fail.validation(DMC_MSG.unknownMarket, { marketId: DMC_MSG.unknownMarket });
  return requireMarket(scope, id);
}

/**
 * The market a quotation is priced in: the one it names, else the market staff set for its customer, else the
 * site's default (a customer buys in their market whatever the site's default is).
 */
export async function quotationMarketId(
  scope: DmcScope,
  marketId: string | null | undefined,
  customerId: string | null | undefined,
): Promise<string | null> {
  const siteId = siteOf(scope);
  const named = marketId ?? (customerId ? await repo.getCustomerMarket(siteId, customerId) : null);
  return named ?? (await repo.getDefaultMarketId(siteId));
}

export async function saveMarket(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.createNewMarket>,
): Promise<MarketRec> {
  const siteId = siteOf(scope);
  const currency = input.currency.toUpperCase();
  refuseIfAny(marketErrors({ name: input.name, currency }, RULE_MESSAGES));
  const before = input.marketId ? await repo.getRecord(siteId, 'market', input.marketId) : null;
  if (input.marketId && !before) throw fail.notFound();
  // Names are the market's face in every picker: one of each per site.
  await refuseNameTwin(scope, 'market', input.name, before?.marketId, {
    field: 'name',
    message: 'A market with this name already exists',
  });

  const currentDefault = await repo.getDefaultMarketId(siteId);
  const id = before?.marketId ?? newId();
  // The first market becomes the default; afterwards a market stops being the default only when another takes over.
  const makeDefault = input.isDefault || !currentDefault || currentDefault === id;
  const after: MarketRec = { marketId: id, name: input.name, currency, isDefault: makeDefault };
  const extra = [];
  if (makeDefault && currentDefault !== id) {
    extra.push(repo.putDefaultMarket(siteId, id, currentDefault));
    const old = currentDefault ? await repo.getRecord(siteId, 'market', currentDefault) : null;
    if (old) {
      const demoted = { ...old, isDefault: false };
      extra.push(repo.putRecord(siteId, 'market', demoted, 'update'));
      extra.push(...audited(scope, 'market', old.marketId, 'update', old, demoted));
    }
  }
  const items = [
    repo.putRecord(siteId, 'market', after, before ? 'update' : 'create'),
    ...extra,
    ...audited(scope, 'market', id, before ? 'update' : 'create', before, after),
  ];
  if (!(await repo.commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
  return after;
}

export const searchMarkets = (
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.searchMarket>,
): Promise<Page<MarketRec>> => listByName(scope, 'market', input);

export async function defaultMarketOptions(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.getDefaultMarketOptions>,
): Promise<{ markets: MarketRec[]; defaultMarketId: string | null; customerMarketId?: string | null }> {
  const siteId = siteOf(scope);
  const [markets, defaultMarketId] = await Promise.all([
    allByName(scope, 'market', MARKET_OPTIONS_CAP),
    repo.getDefaultMarketId(siteId),
  ]);
  if (!input.userId) return { markets, defaultMarketId };
  await requireCustomer(scope, input.userId);
  return {
    markets,
    defaultMarketId,
    customerMarketId: await repo.getCustomerMarket(siteId, input.userId),
  };
}

async function requireCustomer(scope: DmcScope, userId: string): Promise<void> {
  const user = await getUser(siteOf(scope), userId);
  if (!user) throw fail.notFound();
}

export async function setCustomerMarket(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.updateMarketForCustomer>,
): Promise<{ userId: string; marketId: string | null }> {
  const siteId = siteOf(scope);
  await requireCustomer(scope, input.userId);
  if (input.marketId) await requireMarket(scope, input.marketId);
  const before = await repo.getCustomerMarket(siteId, input.userId);
  const after = input.marketId;
  const items = [
    repo.putCustomerMarket(siteId, input.userId, after),
    ...(after ? [repo.recordExists(siteId, 'market', after)] : []),
    ...audited(scope, 'customerMarket', input.userId, 'update', { marketId: before }, { marketId: after }),
  ];
  if (!(await repo.commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
  return { userId: input.userId, marketId: after };
}

// The dmc Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerCreateNewMarket = answers(api.createNewMarket, async (input, scope) =>
  reply(await saveMarket(scope, input), { message: DMC_MSG.marketSaved }),
);
export const answerSearchMarket = answers(api.searchMarket, (input, scope) => searchMarkets(scope, input));
export const answerGetDefaultMarketOptions = answers(api.getDefaultMarketOptions, (input, scope) =>
  defaultMarketOptions(scope, input),
);
export const answerUpdateMarketForCustomer = answers(api.updateMarketForCustomer, async (input, scope) =>
  reply(await setCustomerMarket(scope, input), { message: DMC_MSG.customerMarketSaved }),
);
