/**
 * Combos through the gateway: the spec's three messages, 'Combo created successfully', a real
 * edit, and the list showing each combo's tour options with their ticket and transfer rates by priority.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDmcCombo,
  getAllCombos,
  getCombos,
  saveActivityTicketRates,
  saveTourOptionTransferRates,
  saveTourOptions,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import type { Client } from '../support/api.ts';
import { SEASON, destination, ok, refused, staff, tag, type Destination } from './dmc-helpers.ts';

let c: Client;
let d: Destination;
let second: string;

beforeAll(async () => {
  c = await staff();
  d = await destination(c);
  second = (await ok(c, saveTourOptions, { activityId: d.activityId, name: 'Private 4x4' })).id;
  await ok(c, saveActivityTicketRates, {
    tourOptionId: d.tourOptionId,
    marketId: d.marketId,
    adultAmount: 150,
    childAmount: 120,
    ...SEASON,
  });
  await ok(c, saveTourOptionTransferRates, {
    tourOptionId: d.tourOptionId,
    marketId: d.marketId,
    description: 'Shared',
    transferType: 'Pickup & Drop',
    sharingBasis: 'SIC',
    amount: 40,
    ...SEASON,
  });
});

const combo = (over: Record<string, unknown> = {}) => ({
  name: `Safari + 4x4 ${tag()}`,
  currency: 'AED',
  amount: 300,
  tourOptions: [
    { tourOptionId: d.tourOptionId, onwardTransfer: 'SIC', returnTransfer: 'SIC' },
    { tourOptionId: second, onwardTransfer: null, returnTransfer: null },
  ],
  ...over,
});

describe('combos', () => {
  it('refuses with the spec’s messages and writes nothing', async () => {
    const before = (await ok(c, getAllCombos, {})).records.length;
    expect((await refused(c, createDmcCombo, combo({ tourOptions: [{ tourOptionId: '' }] }))).shortError).toEqual({
      tourOptions: MSG.selectTourOption,
    });
    expect((await refused(c, createDmcCombo, combo({ tourOptions: [] }))).shortError).toEqual({
      tourOptions: MSG.selectTourOption,
    });
    const twice = combo({ tourOptions: [{ tourOptionId: second }, { tourOptionId: second }] });
    expect((await refused(c, createDmcCombo, twice)).shortError).toEqual({ tourOptions: MSG.tourAlreadyAdded });
    for (const amount of ['abc', -5, undefined])
      expect((await refused(c, createDmcCombo, combo({ amount }))).shortError, String(amount)).toEqual({
        amount: MSG.validAmount,
      });
    expect((await ok(c, getAllCombos, {})).records.length).toBe(before);
  });

  it("creates with 'Combo created successfully' and lists each tour option with its rates", async () => {
    const res = await c.call(createDmcCombo, combo({ amount: '285.5' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.comboCreated);
    const saved = res.body.result;
    expect(saved.amount).toBe(285.5);
    expect(saved.tourOptions[0]).toMatchObject({
      tourOptionId: d.tourOptionId,
      name: 'Evening SIC',
      onwardTransfer: 'SIC',
      // Each rate names its market: a list of every market's rates prices each in its own currency.
      ticketRates: [{ marketId: d.marketId, adultAmount: 150, childAmount: 120, isPerPax: true, ...SEASON }],
      transferRates: [
        { marketId: d.marketId, transferType: 'Pickup & Drop', sharingBasis: 'SIC', amount: 40, isPerPax: true },
      ],
    });
    expect(saved.tourOptions[1]).toMatchObject({ tourOptionId: second, ticketRates: [], transferRates: [] });

    const listed = await ok(c, getCombos, { search: saved.name, marketId: d.marketId });
    expect(listed.records).toEqual([saved]);
    const otherMarket = await ok(c, getCombos, { search: saved.name, marketId: 'dmc-mkt-gcc' });
    expect(otherMarket.records[0].tourOptions[0].ticketRates).toEqual([]);

    const edited = await ok(c, createDmcCombo, { ...combo({ id: saved.id, name: saved.name, amount: 299 }) });
    expect(edited).toMatchObject({ id: saved.id, amount: 299, createdAt: saved.createdAt });
    const all = await ok(c, getAllCombos, {});
    expect(all.records.find((x: { id: string }) => x.id === saved.id)).toMatchObject({
      amount: 299,
      tourOptionIds: [d.tourOptionId, second],
    });
  });

  it('refuses a tour option of no record', async () => {
    const body = await refused(c, createDmcCombo, combo({ tourOptions: [{ tourOptionId: 'dmc-to-nowhere' }] }));
    expect(body.errorMessage).toBe('Please choose a tour option of this site');
  });
});
