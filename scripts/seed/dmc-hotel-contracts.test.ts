import { describe, expect, it } from 'vitest';
import { hotelContractErrors, hotelRateOverlaps, priceHotelStay, type HotelContract } from '@tp/domain/dmc';
import { DUBAI_HOTELS, DUBAI_MARKETS } from './dmc-dubai.ts';
import { DUBAI_HOTEL_CONTRACTS } from './dmc-hotel-contracts.ts';

const stay = (c: HotelContract, marketId: string, checkinDate: string, childAges: number[] = []) =>
  priceHotelStay(
    { contract: c, market: DUBAI_MARKETS.find((m) => m.marketId === marketId)!, taken: new Map(), today: '2026-11-01' },
    { marketId, roomTypeId: 'STD', mealPlan: 'BB', checkinDate, nights: 3, rooms: [{ adults: 2, childAges }] },
  );

describe('the Dubai hotel contracts', () => {
  it('every demo hotel has a contract its rules accept, with no competing rows', () => {
    expect(DUBAI_HOTEL_CONTRACTS.map((c) => c.hotelId)).toEqual(DUBAI_HOTELS.map((h) => h.id));
    for (const c of DUBAI_HOTEL_CONTRACTS) {
      expect(hotelContractErrors(c), c.hotelId).toEqual({});
      expect(hotelRateOverlaps(c.rates), c.hotelId).toEqual([]);
    }
  });

  it('prices a stay across the season change for both markets, cost under sell, children by band', () => {
    for (const c of DUBAI_HOTEL_CONTRACTS)
      for (const market of ['dmc-mkt-gcc', 'dmc-mkt-india']) {
        const p = stay(c, market, '2027-04-29', [8]);
        expect(p.available, c.hotelId).toBe(true);
        if (!p.available) continue;
        expect(new Set(p.nights.map((n) => n.rateId)).size).toBe(2);
        expect(p.cost).toBeLessThan(p.sell);
      }
  });

  it("Atlantis refuses New Year's Eve; winter nights come from the allotment", () => {
    const atlantis = DUBAI_HOTEL_CONTRACTS.find((c) => c.hotelId === 'dmc-hotel-atlantis-palm')!;
    expect(stay(atlantis, 'dmc-mkt-gcc', '2026-12-30')).toMatchObject({
      available: false,
      reason: { code: 'stopSale' },
    });
    const winter = stay(atlantis, 'dmc-mkt-gcc', '2027-01-10');
    expect(winter.available && winter.onRequest).toBe(false);
  });
});
