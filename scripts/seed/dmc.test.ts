import { describe, expect, it } from 'vitest';
import { DMC_ID } from '@tp/contracts/endpoints/dmc';
import { byPriority } from '@tp/domain/dmc';
import { DUBAI_DEMO as D } from './dmc-dubai.ts';
import { dmcDemoItems, priorityLists } from './dmc.ts';

describe('the seeded DMC destination as stored', () => {
  it('every record id is one the API accepts (a seeded record must be reachable)', () => {
    const ids = dmcDemoItems()
      .filter((i) => typeof i.rec === 'object')
      .map((i) => String(i.sk));
    expect(ids.length).toBeGreaterThan(800);
    expect(ids.filter((id) => !DMC_ID.test(id))).toEqual([]);
  });

  it('every key is under the demo site', () => {
    expect(dmcDemoItems().filter((i) => !String(i.pk).startsWith(`SITE#${D.siteId}#`))).toEqual([]);
  });

  it('priority lists keep the engine’s order of the seed’s priorities (ties in id order)', () => {
    for (const rates of [D.ticketRates, D.transferRates]) {
      const lists = priorityLists(rates);
      for (const [option, bottomFirst] of lists) {
        const engineOrder = byPriority(rates.filter((r) => r.tourOptionId === option)).map((r) => r.id);
        expect([...bottomFirst].reverse(), option).toEqual(engineOrder);
      }
    }
  });
});
