/**
 * The Dubai demo destination is valid data: every record passes the DMC rules, every reference resolves, and
 * every tour option prices for 2 adults + 1 child in both markets on a day of its validity.
 */
import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from '@tp/contracts/fields';
import * as MSG from '@tp/contracts/messages';
import {
  accommodationErrors,
  activityErrors,
  areaErrors,
  areaTransferErrors,
  areaTransferPairs,
  comboErrors,
  driverErrors,
  locationErrors,
  marketErrors,
  normaliseAreaTransfer,
  priceTourOption,
  stopSaleErrors,
  ticketRateErrors,
  ticketRatePairs,
  tourOptionErrors,
  transferRateErrors,
  transferRatePairs,
  type DmcMessages,
  type TourOptionRates,
  type TransferChoice,
} from '@tp/domain/dmc';
import { cityById } from '@tp/reference-data/geo';
import { DHOW_MARINA_PROMO_ID, DUBAI_DEMO as D } from './dmc-dubai.ts';

const M: DmcMessages = { ...MSG, invalidEmail: INVALID_EMAIL };
const INDIA = D.markets.find((m) => m.name === 'India')!;
const GCC = D.markets.find((m) => m.name === 'GCC')!;

const ratesOf = (tourOptionId: string): TourOptionRates => ({
  tourOption: D.tourOptions.find((o) => o.id === tourOptionId)!,
  ticketRates: D.ticketRates.filter((r) => r.tourOptionId === tourOptionId),
  transferRates: D.transferRates.filter((r) => r.tourOptionId === tourOptionId),
  stopSales: D.stopSales.filter((s) => s.tourOptionId === tourOptionId),
});
/** The first day of the option's rate validity for a market that no stop-sale blocks. */
function sellableDay(o: TourOptionRates, marketId: string): string {
  const rate = o.ticketRates.find((r) => r.marketId === marketId)!;
  for (let t = Date.parse(rate.validFromDate); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (!o.stopSales.some((s) => s.fromDate <= day && day <= s.tillDate)) return day;
  }
}
const price = (id: string, market = INDIA, date?: string, transfer: TransferChoice | null = null) => {
  const o = ratesOf(id);
  return priceTourOption(o, market, {
    date: date ?? sellableDay(o, market.marketId),
    adults: 2,
    children: 1,
    transfer,
  });
};
/** A price that must exist: a refusal fails the test with its reason. */
function priced(p: ReturnType<typeof price>) {
  if (!p.available) throw new Error(`${p.tourOptionId} ${p.marketId} ${p.date}: ${p.reason.message}`);
  return p;
}

describe('Dubai demo data', () => {
  it('is a destination that looks real: 2 markets, its areas, 8 hotels, 20+ activities', () => {
    expect(cityById(D.cityId)?.name).toBe('Dubai');
    expect(D.markets.map((m) => m.name)).toEqual(['India', 'GCC']);
    expect(D.areas.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Deira', 'Bur Dubai', 'Dubai Marina', 'JBR', 'Palm Jumeirah', 'DXB Airport']),
    );
    expect(D.accommodations.length).toBeGreaterThanOrEqual(8);
    expect(D.activities.length).toBeGreaterThanOrEqual(20);
    expect(D.combos.length).toBeGreaterThanOrEqual(3);
    for (const a of D.activities) expect(D.tourOptions.some((o) => o.activityId === a.id)).toBe(true);
  });

  it('has unique ids and only references that resolve', () => {
    const unique = (ids: string[]) => expect(new Set(ids).size).toBe(ids.length);
    unique(D.markets.map((m) => m.marketId));
    for (const list of [D.areas, D.accommodations, D.activities, D.tourOptions, D.ticketRates, D.transferRates])
      unique(list.map((r) => r.id));
    unique([...D.stopSales, ...D.combos, ...D.areaTransfers, ...D.locations].map((r) => r.id));
    unique(D.drivers.map((d) => d.driverId));
    const areas = new Set(D.areas.map((a) => a.id));
    const markets = new Set(D.markets.map((m) => m.marketId));
    const options = new Set(D.tourOptions.map((o) => o.id));
    for (const h of D.accommodations) expect(areas.has(h.area ?? '')).toBe(true);
    for (const a of D.activities) if (a.area) expect(areas.has(a.area)).toBe(true);
    for (const o of D.tourOptions) expect(D.activities.some((a) => a.id === o.activityId)).toBe(true);
    for (const r of [...D.ticketRates, ...D.transferRates]) {
      expect(options.has(r.tourOptionId)).toBe(true);
      expect(markets.has(r.marketId)).toBe(true);
    }
    for (const t of D.areaTransfers)
      expect([areas.has(t.from), areas.has(t.to), markets.has(t.marketId)]).toEqual([true, true, true]);
    for (const s of D.stopSales) expect(options.has(s.tourOptionId)).toBe(true);
    for (const c of D.combos) for (const t of c.tourOptions) expect(options.has(t.tourOptionId)).toBe(true);
  });

  it('passes every master and rate rule', () => {
    const valid = (errors: object) => expect(errors).toEqual({});
    D.markets.forEach((r) => valid(marketErrors(r, M)));
    D.areas.forEach((r) => valid(areaErrors(r, M)));
    D.accommodations.forEach((r) => valid(accommodationErrors(r, M)));
    D.activities.forEach((r) => valid(activityErrors(r, M)));
    D.tourOptions.forEach((r) => valid(tourOptionErrors(r, M)));
    D.ticketRates.forEach((r) => valid(ticketRateErrors(r, M)));
    D.transferRates.forEach((r) => valid(transferRateErrors(r, M)));
    D.stopSales.forEach((r) => valid(stopSaleErrors(r, M)));
    D.combos.forEach((r) => valid(comboErrors(r, M)));
    D.drivers.forEach((r) => valid(driverErrors(r, M)));
    D.locations.forEach((r) => valid(locationErrors(r, M)));
    for (const t of D.areaTransfers) {
      valid(areaTransferErrors(t, M));
      // Stored as the rules would store it: per pax by sharing basis, dollars to the cent.
      expect(normaliseAreaTransfer(t)).toEqual(t);
    }
  });

  it('has no overlapping rates but the intended India summer promotion on the Marina dhow', () => {
    expect(ticketRatePairs(D.ticketRates)).toEqual([['dmc-tr-dhow-marina-dinner-india', DHOW_MARINA_PROMO_ID]]);
    expect(transferRatePairs(D.transferRates)).toEqual([]);
    expect(areaTransferPairs(D.areaTransfers)).toEqual([]);
  });

  it('prices every tour option for 2 adults + 1 child in both markets, with each transfer it sells', () => {
    let withTransfers = 0;
    for (const o of D.tourOptions)
      for (const market of [INDIA, GCC]) {
        expect(priced(price(o.id, market)).price).toBeGreaterThan(0);
        const bases = new Set(
          ratesOf(o.id)
            .transferRates.filter((r) => r.marketId === market.marketId)
            .map((r) => r.sharingBasis),
        );
        for (const sharingBasis of bases)
          for (const transferType of ['oneway', 'return'] as const) {
            expect(
              priced(price(o.id, market, undefined, { transferType, sharingBasis })).transferPrice,
            ).toBeGreaterThan(0);
            withTransfers++;
          }
      }
    expect(withTransfers).toBeGreaterThan(40);
  });

  it("matches dmc.md's figures (2 adults + 1 child, India)", () => {
    const expected: Record<string, number> = {
      'dmc-to-burj-khalifa-l124-non-prime': 2 * 169 + 135,
      'dmc-to-burj-khalifa-l124-prime': 2 * 249 + 199,
      'dmc-to-burj-khalifa-sky-148': 3 * 399,
      'dmc-to-dubai-frame-entry': 2 * 50 + 20,
      'dmc-to-desert-safari-private-4x4': 1200,
      'dmc-to-abu-dhabi-city-tour-private': 1000,
      'dmc-to-louvre-abu-dhabi-entry': 2 * 63,
      'dmc-to-yacht-two-hours': 1200,
    };
    for (const [id, amount] of Object.entries(expected))
      expect(price(id)).toMatchObject({ available: true, price: amount });
    // Resident tickets differ: one row per market (Miracle Garden 100 vs 60).
    expect(price('dmc-to-miracle-garden-entry', INDIA, '2027-01-10')).toMatchObject({ price: 285 });
    expect(price('dmc-to-miracle-garden-entry', GCC, '2027-01-10')).toMatchObject({ price: 170 });
    // SIC tour add-on 40 a person; a private van for a family of 5 half a day: 450.
    expect(
      price('dmc-to-dubai-frame-entry', INDIA, undefined, { transferType: 'return', sharingBasis: 'SIC' }),
    ).toMatchObject({
      transferPrice: 120,
    });
    const family = priceTourOption(ratesOf('dmc-to-dubai-frame-entry'), GCC, {
      date: '2027-01-10',
      adults: 3,
      children: 2,
      transfer: { transferType: 'return', sharingBasis: 'PVT' },
    });
    expect(family).toMatchObject({ transferPrice: 450 });
  });

  it('honours its stop-sales and its promotion', () => {
    const nye = price('dmc-to-dhow-marina-dinner', INDIA, '2026-12-31');
    expect(nye.available ? null : nye.reason.code).toBe('stopSale');
    expect(price('dmc-to-dhow-marina-dinner', INDIA, '2027-07-01')).toMatchObject({ price: 2 * 150 + 120 });
    expect(price('dmc-to-dhow-marina-dinner', GCC, '2027-07-01')).toMatchObject({ price: 2 * 175 + 140 });
    const sic = price('dmc-to-dhow-marina-dinner', GCC, '2027-01-10', { transferType: 'return', sharingBasis: 'SIC' });
    expect(sic.available ? null : sic.reason.message).toBe('No SIC Pickup & Drop transfer rate for the GCC market');
  });

  it('sells combos below the sum of their adult tickets (a combo amount is per person)', () => {
    for (const c of D.combos) {
      const adults = c.tourOptions.map(
        (t) => priced(price(t.tourOptionId, INDIA, '2027-01-10')).ticket?.adultAmount ?? 0,
      );
      expect(c.amount).toBeLessThan(adults.reduce((a, b) => a + b, 0));
    }
  });
});
