/**
 * The Dubai demo destination (dmc-dubai.ts) on its demo site, as the DMC store keeps it (functions/src/dmc):
 * records with their list indexes, the Dubai city entry, the default market and each tour option's rate priority
 * lists (from the seed's priorities: highest tried first, ties in id order as the engine breaks them). Written with
 * BatchWrite (~400 items in ~16 requests); every item is a put by id, so seeding again overwrites, never duplicates.
 */
import { putItems } from './put-items.ts';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import { dmcKeys, type DmcKind } from '../../functions/src/dmc/keys.ts';
import type { DmcRecords, RateKind } from '../../functions/src/dmc/records.ts';
import { countsPut, putCity, putRateOrder, recordItem } from '../../functions/src/dmc/repo.ts';
import { DUBAI_DEMO as D } from './dmc-dubai.ts';
import { putContract } from '../../functions/src/dmc/hotel-contracts-repo.ts';
import { DUBAI_HOTEL_CONTRACTS } from './dmc-hotel-contracts.ts';
import { putExchangeRate } from '../../functions/src/dmc/exchange-rates-repo.ts';
import type { TExchangeRate } from '@tp/contracts/endpoints/dmc';

/**
 * The demo's exchange-rate table (docs/dmc.md "Exchange rates"): the dirham is pegged at 3.6725 to the dollar; the
 * rupee row gives ₹22.75 per dirham, the demo rate the invoices have quoted since before the table existed.
 */
export const DUBAI_EXCHANGE_RATES: TExchangeRate[] = [
  {
    id: 'dmc-fx-usd',
    currency: 'USD',
    rate: 3.6725,
    buffer: 0,
    validFrom: '2026-11-20',
    updatedAt: '2026-11-20T06:00:00.000Z',
  },
  {
    id: 'dmc-fx-inr',
    currency: 'INR',
    rate: 0.043956,
    buffer: 0,
    validFrom: '2026-11-20',
    updatedAt: '2026-11-20T06:00:00.000Z',
  },
];

/** Bottom-first priority lists per tour option, from records carrying a priority. */
export function priorityLists(rates: readonly { id: string; tourOptionId: string; priority: number }[]) {
  const lists = new Map<string, string[]>();
  const sorted = [...rates].sort((a, b) => a.priority - b.priority || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  for (const r of sorted) lists.set(r.tourOptionId, [...(lists.get(r.tourOptionId) ?? []), r.id]);
  return lists;
}

/** Every item of the demo destination. */
export function dmcDemoItems(siteId: SiteId = asSiteId(D.siteId)): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const counts: Partial<Record<DmcKind, number>> = {};
  const add = <K extends DmcKind>(kind: K, recs: readonly DmcRecords[K][]) => {
    items.push(...recs.map((r) => recordItem(siteId, kind, r)));
    counts[kind] = (counts[kind] ?? 0) + recs.length;
  };
  const city = { cityName: 'Dubai' };
  const [defaultMarket] = D.markets;
  add(
    'market',
    D.markets.map((m) => ({ ...m, isDefault: m.marketId === defaultMarket!.marketId })),
  );
  items.push({ ...dmcKeys.defaultMarket(siteId), kind: 'dmcDefaultMarket', marketId: defaultMarket!.marketId });
  items.push(putCity(siteId, D.cityId, city.cityName).Put!.Item!);
  add(
    'area',
    D.areas.map((a) => ({ ...a, ...city })),
  );
  add(
    'hotel',
    D.accommodations.map((h) => ({ ...h, ...city })),
  );
  add(
    'activity',
    D.activities.map((a) => ({ ...a, ...city })),
  );
  add('tourOption', D.tourOptions);
  for (const [kind, rates] of [
    ['ticketRate', D.ticketRates],
    ['transferRate', D.transferRates],
  ] as const) {
    add(kind, rates.map(({ priority: _p, ...r }) => r) as DmcRecords[RateKind][]);
    for (const [option, order] of priorityLists(rates))
      items.push(putRateOrder(siteId, kind, option, order, 0, false).Put!.Item!);
  }
  add('stopSale', D.stopSales);
  add('combo', D.combos);
  add('areaTransfer', D.areaTransfers);
  add('driver', D.drivers);
  add('location', D.locations);
  // Hotel contracts: one item per hotel at version 1 (a re-seed puts it back as seeded).
  items.push(...DUBAI_HOTEL_CONTRACTS.map((c) => putContract(siteId, c, 0).Put!.Item!));
  // The masters' counts, as seeded (a re-seed puts them back with the records).
  items.push({ ...countsPut(siteId, counts).Put!.Item! });
  // The exchange-rate table: the area transfers' dollars, and the rupee of the Indian agents and the tax invoices.
  items.push(...DUBAI_EXCHANGE_RATES.map((r) => putExchangeRate(siteId, r, 'create').Put!.Item!));
  return items;
}

export async function seedDmc(): Promise<number> {
  const items = dmcDemoItems();
  await putItems(items);
  return items.length;
}
