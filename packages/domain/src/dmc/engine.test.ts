import { describe, expect, it } from 'vitest';
import { priceTourOption, transferLegs, type PriceRequest, type TourOptionRates } from './engine.ts';
import { DMC_TEXT } from './messages.ts';
import { GCC, INDIA, ticketRate, tourOption, transferRate } from './test-fixtures.ts';
import type { KartTransferType, SharingBasis, StopSale, TicketRate, TransferRate } from './types.ts';

const DAY = '2027-01-15';
const req = (over: Partial<PriceRequest> = {}): PriceRequest => ({
  date: DAY,
  adults: 2,
  children: 1,
  transfer: null,
  ...over,
});
const option = (
  ticketRates: TicketRate[],
  transferRates: TransferRate[] = [],
  stopSales: StopSale[] = [],
  over: Parameters<typeof tourOption>[0] = {},
): TourOptionRates => ({ tourOption: tourOption(over), ticketRates, transferRates, stopSales });

/** Price or throw: the examples below expect an answer. */
function priced(o: TourOptionRates, r: PriceRequest = req(), market = INDIA) {
  const p = priceTourOption(o, market, r);
  if (!p.available) throw new Error(p.reason.message);
  return p;
}
const reason = (o: TourOptionRates, r: PriceRequest = req(), market = INDIA) => {
  const p = priceTourOption(o, market, r);
  if (p.available) throw new Error(`priced at ${p.price}`);
  return p.reason;
};

// Burj Khalifa L124 off-peak (dmc.md §6): 169 adult, 135 child.
const burj = ticketRate({ id: 'burj', adultAmount: 169, childAmount: 135 });

describe('ticket pricing', () => {
  it('prices per pax: adults × adult amount + children × child amount', () => {
    const p = priced(option([burj]));
    expect(p.ticket).toEqual({
      rateId: 'burj',
      isPerPax: true,
      adultAmount: 169,
      childAmount: 135,
      units: 3,
      amount: 473,
      cost: 473,
    });
    expect(p).toMatchObject({ ticketPrice: 473, transferPrice: 0, price: 473, currency: 'AED', transfers: [] });
    // No cost on the row: the sell stands for the cost, and the working shows the arithmetic.
    expect(p).toMatchObject({ cost: 473, costKnown: false, working: '2 × AED 169.00 + 1 × AED 135.00' });
    expect(p).toMatchObject({ tourOptionId: 'to-1', activityId: 'act-1', marketId: 'mkt-india', date: DAY });
  });

  it('prices per group within its band, children included in the count', () => {
    // Private 4x4 desert safari: 1,200 a car for up to 6.
    const car = ticketRate({ id: 'car', isPerPax: false, minPax: 1, maxPax: 6, adultAmount: 1200, childAmount: 0 });
    expect(priced(option([car]), req({ adults: 4, children: 2 })).ticket).toMatchObject({ units: 1, amount: 1200 });
  });

  it('adds vehicles of the biggest band past the top band', () => {
    const car = ticketRate({ id: 'car', isPerPax: false, minPax: 1, maxPax: 6, adultAmount: 1200 });
    const sedan = ticketRate({ id: 'sedan', isPerPax: false, minPax: 1, maxPax: 3, adultAmount: 700, priority: 5 });
    const p = priced(option([car, sedan]), req({ adults: 9, children: 4 }));
    expect(p.ticket).toMatchObject({ rateId: 'car', units: 3, amount: 3600 });
    // Between bands of the same size, priority decides.
    const promoCar = { ...car, id: 'promo-car', adultAmount: 1000, priority: 2 };
    expect(priced(option([car, promoCar, sedan]), req({ adults: 9 })).ticket).toMatchObject({
      rateId: 'promo-car',
      units: 2,
      amount: 2000,
    });
  });

  it('never multiplies a per-pax band: a party above it has no rate', () => {
    const small = ticketRate({ minPax: 1, maxPax: 9 });
    expect(reason(option([small]), req({ adults: 10 }))).toEqual({
      code: 'noTicketRate',
      message: 'No ticket rate for the India market on 2027-01-15 for 11 pax',
    });
  });

  it('tries rates highest priority first; the first that fits wins and rates never add up', () => {
    const season = ticketRate({ id: 'season', priority: 1, adultAmount: 175, childAmount: 140 });
    const promo = ticketRate({ id: 'promo', priority: 2, adultAmount: 150, childAmount: 120 });
    expect(priced(option([season, promo])).ticket?.rateId).toBe('promo');
    expect(priced(option([{ ...season, priority: 3 }, promo])).ticket?.rateId).toBe('season');
    // A higher-priority rate whose band does not fit is skipped.
    const groups = ticketRate({ id: 'groups', priority: 9, minPax: 10, maxPax: 40, adultAmount: 90 });
    expect(priced(option([season, groups])).ticket?.rateId).toBe('season');
    expect(priced(option([season, groups]), req({ adults: 12 })).ticket).toMatchObject({
      rateId: 'groups',
      amount: 1160,
    });
  });

  it('uses only rates of the market, valid on the date (both ends inclusive), of this tour option', () => {
    const gcc = ticketRate({ id: 'gcc', marketId: GCC.marketId, adultAmount: 60, childAmount: 45 });
    const other = ticketRate({ id: 'other', tourOptionId: 'to-2', priority: 9 });
    expect(priced(option([burj, gcc, other])).ticket?.rateId).toBe('burj');
    expect(priced(option([burj, gcc]), req(), GCC).ticket?.rateId).toBe('gcc');
    expect(priced(option([burj]), req({ date: '2026-10-01' })).available).toBe(true);
    expect(priced(option([burj]), req({ date: '2027-09-30' })).available).toBe(true);
  });

  it('says which filter left nothing: market, then date, then pax', () => {
    expect(reason(option([burj]), req(), GCC).message).toBe('No ticket rate for the GCC market');
    expect(reason(option([burj]), req({ date: '2027-10-01' })).message).toBe(
      'No ticket rate for the India market valid on 2027-10-01',
    );
    expect(reason(option([]))).toEqual({ code: 'noTicketRate', message: 'No ticket rate for the India market' });
  });

  it('needs no ticket rate for an option without a ticket', () => {
    const p = priced(
      option([], [transferRate()], [], { hasTicket: false }),
      req({ transfer: { transferType: 'return', sharingBasis: 'SIC' } }),
    );
    expect(p).toMatchObject({ ticket: null, ticketPrice: 0, transferPrice: 120, price: 120 });
  });
});

describe('transfer pricing', () => {
  const sicRound = transferRate({ id: 'sic-rt', amount: 40 });
  const sicPickup = transferRate({ id: 'sic-p', transferType: 'Pickup', amount: 25 });
  const sicDrop = transferRate({ id: 'sic-d', transferType: 'Drop', amount: 25 });
  const pvt = (
    id: string,
    transferType: TransferRate['transferType'],
    minPax: number,
    maxPax: number,
    amount: number,
  ) => transferRate({ id, transferType, sharingBasis: 'PVT', isPerPax: false, minPax, maxPax, amount });
  const sedanRound = pvt('sedan-rt', 'Pickup & Drop', 1, 3, 390);
  const vanRound = pvt('van-rt', 'Pickup & Drop', 4, 7, 450);
  const sedanPickup = pvt('sedan-p', 'Pickup', 1, 3, 130);
  const sedanDrop = pvt('sedan-d', 'Drop', 1, 3, 130);
  const all = [sicRound, sicPickup, sicDrop, sedanRound, vanRound, sedanPickup, sedanDrop];
  const withTransfer = (sharingBasis: SharingBasis, transferType: KartTransferType = 'return') =>
    req({ transfer: { transferType, sharingBasis } });

  it('prices the cost from the same rows as the sell, per pax and per vehicle', () => {
    const costed = ticketRate({ id: 'burj-c', adultAmount: 169, childAmount: 135, adultCost: 150, childCost: 120 });
    const sicRt = sicRound;
    const p = priced(option([costed], [{ ...sicRt, cost: 30 }]), withTransfer('SIC'));
    // 2 × 150 + 1 × 120 ticket, 3 × 30 transfer.
    expect(p).toMatchObject({ price: 593, cost: 510, costKnown: true });
    expect(p.working).toBe('2 × AED 169.00 + 1 × AED 135.00 + 3 × AED 40.00 SIC Pickup & Drop');
  });

  it('a row without its cost leaves the whole price without a known cost', () => {
    const costed = ticketRate({ id: 'burj-c', adultAmount: 169, childAmount: 135, adultCost: 150, childCost: 120 });
    expect(priced(option([costed], all), withTransfer('SIC'))).toMatchObject({ cost: 540, costKnown: false });
  });

  it('prices a SIC return with the round-trip rate, per pax', () => {
    const p = priced(option([burj], all), withTransfer('SIC'));
    expect(p.transfers).toEqual([
      {
        rateId: 'sic-rt',
        transferType: 'Pickup & Drop',
        sharingBasis: 'SIC',
        isPerPax: true,
        unitAmount: 40,
        units: 3,
        amount: 120,
        cost: 120,
      },
    ]);
    expect(p).toMatchObject({ ticketPrice: 473, transferPrice: 120, price: 593 });
  });

  it('prices a PVT return per vehicle by band', () => {
    expect(priced(option([burj], all), withTransfer('PVT')).transfers).toMatchObject([
      { rateId: 'sedan-rt', units: 1, amount: 390 },
    ]);
    expect(
      priced(
        option([burj], all),
        req({ adults: 5, transfer: { transferType: 'return', sharingBasis: 'DROP_PVT_PICKUP_PVT' } }),
      ).transfers,
    ).toMatchObject([{ rateId: 'van-rt', amount: 450 }]);
    // 17 pax: three vans (the biggest band).
    expect(
      priced(option([burj], all), req({ adults: 16, transfer: { transferType: 'return', sharingBasis: 'PVT' } }))
        .transfers,
    ).toMatchObject([{ rateId: 'van-rt', units: 3, amount: 1350 }]);
  });

  it('prices pickup and drop apart for a mixed basis', () => {
    const p = priced(option([burj], all), withTransfer('DROP_SIC_PICKUP_PVT'));
    expect(p.transfers.map((t) => [t.rateId, t.amount])).toEqual([
      ['sedan-p', 130],
      ['sic-d', 75],
    ]);
    expect(p.transferPrice).toBe(205);
  });

  it('prices a one-way transfer as the pickup alone', () => {
    expect(priced(option([burj], all), withTransfer('SIC', 'oneway')).transfers.map((t) => t.rateId)).toEqual([
      'sic-p',
    ]);
    expect(
      priced(option([burj], all), withTransfer('DROP_SIC_PICKUP_PVT', 'oneway')).transfers.map((t) => t.rateId),
    ).toEqual(['sedan-p']);
  });

  it('falls back to pickup + drop when there is no round-trip rate', () => {
    expect(priced(option([burj], [sicPickup, sicDrop]), withTransfer('SIC')).transfers.map((t) => t.rateId)).toEqual([
      'sic-p',
      'sic-d',
    ]);
  });

  it('reports the missing transfer rate, the round trip first', () => {
    expect(reason(option([burj], [sicPickup]), withTransfer('SIC'))).toEqual({
      code: 'noTransferRate',
      message: 'No SIC Pickup & Drop transfer rate for the India market',
    });
    expect(reason(option([burj], [sicPickup]), withTransfer('DROP_SIC_PICKUP_SIC'))).toEqual({
      code: 'noTransferRate',
      message: 'No SIC Pickup & Drop transfer rate for the India market',
    });
    expect(reason(option([burj], [sicRound, sedanPickup]), withTransfer('DROP_PVT_PICKUP_PVT')).message).toBe(
      'No PVT Pickup & Drop transfer rate for the India market',
    );
    expect(reason(option([{ ...burj, marketId: GCC.marketId }], all), withTransfer('SIC'), GCC).message).toBe(
      'No SIC Pickup & Drop transfer rate for the GCC market',
    );
    expect(reason(option([burj], [sedanPickup]), withTransfer('DROP_SIC_PICKUP_PVT')).message).toBe(
      'No SIC Drop transfer rate for the India market',
    );
  });

  it('decodes the six sharing bases into legs', () => {
    expect(transferLegs({ transferType: 'return', sharingBasis: 'DROP_PVT_PICKUP_SIC' })).toEqual({
      combined: null,
      separate: [
        { transferType: 'Pickup', sharingBasis: 'SIC' },
        { transferType: 'Drop', sharingBasis: 'PVT' },
      ],
    });
    expect(transferLegs({ transferType: 'return', sharingBasis: 'DROP_SIC_PICKUP_SIC' }).combined).toEqual({
      transferType: 'Pickup & Drop',
      sharingBasis: 'SIC',
    });
  });
});

describe('stop-sale and request checks', () => {
  const nye: StopSale = {
    id: 'nye',
    tourOptionId: 'to-1',
    marketId: null,
    fromDate: '2026-12-31',
    tillDate: '2027-01-01',
    reason: "New Year's Eve gala sold separately",
  };

  it('blocks every market on the stop-sale dates, with the reason', () => {
    const r = reason(option([burj], [], [nye]), req({ date: '2026-12-31' }));
    expect(r).toEqual({
      code: 'stopSale',
      message: "Not on sale from 2026-12-31 to 2027-01-01: New Year's Eve gala sold separately",
      stopSale: nye,
    });
    expect(reason(option([burj], [], [nye]), req({ date: '2027-01-01' })).code).toBe('stopSale');
    expect(priced(option([burj], [], [nye]), req({ date: '2027-01-02' })).price).toBe(473);
  });

  it('blocks only its market when it names one, and only its tour option', () => {
    const indiaOnly = { ...nye, marketId: INDIA.marketId, reason: '' };
    const gccRate = ticketRate({ id: 'gcc', marketId: GCC.marketId });
    const o = option([burj, gccRate], [], [indiaOnly, { ...nye, id: 'x', tourOptionId: 'to-2' }]);
    expect(reason(o, req({ date: '2026-12-31' })).message).toBe('Not on sale from 2026-12-31 to 2027-01-01');
    expect(priced(o, req({ date: '2026-12-31' }), GCC).available).toBe(true);
  });

  it('refuses a party without an adult, fractional children or an unreal date', () => {
    expect(reason(option([burj]), req({ adults: 0 }))).toEqual({
      code: 'invalidRequest',
      message: DMC_TEXT.adultsRequired,
    });
    expect(reason(option([burj]), req({ children: 1.5 })).message).toBe(DMC_TEXT.childrenInvalid);
    expect(reason(option([burj]), req({ date: '2027-02-30' })).message).toBe(DMC_TEXT.priceDateInvalid);
  });
});
