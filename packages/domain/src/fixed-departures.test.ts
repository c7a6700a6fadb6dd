import { describe, expect, it } from 'vitest';
import {
  FD_MSG,
  blockFare,
  countPax,
  fdSector,
  inventoryProblems,
  isOnSale,
  partyProblem,
  priceFixedDeparture,
  seatsFor,
  type FdFares,
} from './fixed-departures.ts';
import type { MarkupRule } from './pricing.ts';

const FARES: FdFares = {
  adult: { baseFare: 10_000, tax: 2_000 },
  child: { baseFare: 9_000, tax: 2_000 },
  infant: { baseFare: 1_500, tax: 500 },
};
const rule = (over: Partial<MarkupRule> = {}): MarkupRule => ({
  markupType: 'fixed',
  markupValue: 400,
  discountType: 'fixed',
  discountValue: 100,
  applyPer: 'passenger',
  ...over,
});
const flight = (origin: string, destination: string, departureTime: string, arrivalTime: string) => ({
  origin,
  destination,
  departureTime,
  arrivalTime,
});
const inventory = (over: Partial<Parameters<typeof inventoryProblems>[0]> = {}) => ({
  flights: [flight('DEL', 'DXB', '2027-01-10T04:40', '2027-01-10T06:55')],
  totalSeats: 10,
  saleFrom: '2026-12-01',
  saleUntil: '2027-01-07',
  ...over,
});

describe('inventoryProblems', () => {
  it('accepts a good block, a chained return and an overnight flight', () => {
    expect(inventoryProblems(inventory())).toEqual({});
    expect(
      inventoryProblems(
        inventory({
          flights: [
            flight('DEL', 'DXB', '2027-01-10T04:40', '2027-01-10T06:55'),
            flight('DXB', 'DEL', '2027-01-15T08:10', '2027-01-15T13:45'),
          ],
        }),
      ),
    ).toEqual({});
    expect(
      inventoryProblems(inventory({ flights: [flight('BOM', 'BKK', '2027-01-10T23:55', '2027-01-11T05:55')] })),
    ).toEqual({});
  });

  it('names each broken rule on its field', () => {
    expect(
      inventoryProblems(inventory({ flights: [flight('DEL', 'DEL', '2027-01-10T04:40', '2027-01-10T06:55')] })),
    ).toEqual({
      'flights.0.destination': FD_MSG.sameAirport,
    });
    expect(
      inventoryProblems(inventory({ flights: [flight('DEL', 'DXB', '2027-01-10T04:40', '2027-01-10T04:40')] })),
    ).toEqual({
      'flights.0.arrivalTime': FD_MSG.arrivalBeforeDeparture,
    });
    expect(
      inventoryProblems(
        inventory({
          flights: [
            flight('DEL', 'DXB', '2027-01-10T04:40', '2027-01-10T06:55'),
            flight('BOM', 'DEL', '2027-01-15T08:10', '2027-01-15T13:45'),
          ],
        }),
      ),
    ).toEqual({ 'flights.1.origin': FD_MSG.sectorChain });
    expect(
      inventoryProblems(
        inventory({
          flights: [
            flight('DEL', 'DXB', '2027-01-10T04:40', '2027-01-10T06:55'),
            flight('DXB', 'DEL', '2027-01-10T06:00', '2027-01-10T11:00'),
          ],
        }),
      ),
    ).toEqual({ 'flights.1.departureTime': FD_MSG.connectionBeforeArrival });
    expect(inventoryProblems(inventory({ saleFrom: '2027-01-05', saleUntil: '2027-01-01' }))).toEqual({
      saleUntil: FD_MSG.saleWindowOrder,
    });
    expect(inventoryProblems(inventory({ saleUntil: '2027-01-11' }))).toEqual({ saleUntil: FD_MSG.saleAfterDeparture });
    expect(inventoryProblems(inventory({ totalSeats: 3 }), 4)).toEqual({ totalSeats: FD_MSG.seatsBelowSold(4) });
    expect(inventoryProblems(inventory({ totalSeats: 4 }), 4)).toEqual({});
  });
});

describe('sale and party', () => {
  const fd = { isActive: true, saleFrom: '2026-12-01', saleUntil: '2027-01-07', seatsLeft: 2 };
  it('is on sale inside its window (both days included), while active with seats', () => {
    expect(isOnSale(fd, '2026-12-01')).toBe(true);
    expect(isOnSale(fd, '2027-01-07')).toBe(true);
    expect(isOnSale(fd, '2026-11-30')).toBe(false);
    expect(isOnSale(fd, '2027-01-08')).toBe(false);
    expect(isOnSale({ ...fd, isActive: false }, '2026-12-10')).toBe(false);
    expect(isOnSale({ ...fd, seatsLeft: 0 }, '2026-12-10')).toBe(false);
  });

  it('counts seats without infants and wants an adult lap per infant', () => {
    const c = countPax([1, 1, 2, 3]);
    expect(c).toEqual({ adults: 2, children: 1, infants: 1 });
    expect(seatsFor(c)).toBe(3);
    expect(partyProblem(c)).toBeNull();
    expect(partyProblem({ adults: 0, children: 2, infants: 0 })).toBe(FD_MSG.noAdult);
    expect(partyProblem({ adults: 1, children: 0, infants: 2 })).toBe(FD_MSG.infantsOverAdults);
  });

  it('names the sector of one-way, multi-stop and return blocks', () => {
    expect(fdSector([{ origin: 'DEL', destination: 'DXB' }])).toBe('DEL-DXB');
    expect(
      fdSector([
        { origin: 'DEL', destination: 'BOM' },
        { origin: 'BOM', destination: 'BKK' },
      ]),
    ).toBe('DEL-BKK');
    expect(
      fdSector([
        { origin: 'DEL', destination: 'DXB' },
        { origin: 'DXB', destination: 'DEL' },
      ]),
    ).toBe('DEL-DXB');
  });
});

describe('priceFixedDeparture', () => {
  const party = { adults: 2, children: 1, infants: 1 };

  it('sums the block fare per passenger type', () => {
    const { fare, paxFares } = blockFare(FARES, party, 'INR');
    expect(fare).toMatchObject({ baseFare: 30_500, tax: 6_500, commission: 0 });
    expect(paxFares.map((p) => [p.passengerType, p.count])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
  });

  it('without a rule charges the block fare', () => {
    expect(priceFixedDeparture(FARES, party, 'INR', null).fare).toMatchObject({ totalPayable: 37_000, markup: 0 });
  });

  it('adds a fixed markup per seated passenger with GST on it, less the discount', () => {
    const { fare, fareBreakdown } = priceFixedDeparture(FARES, party, 'INR', rule());
    expect(fare).toMatchObject({
      publishedFare: 37_000,
      markup: 1_200,
      gstOnMarkup: 216,
      discount: 300,
      totalPayable: 38_116,
    });
    // The infant carries no markup; the breakdown adds up to the total.
    expect(fareBreakdown.find((p) => p.passengerType === 3)?.totalFare).toBe(2_000);
    expect(fareBreakdown.reduce((n, p) => n + p.totalFare * p.count, 0)).toBeCloseTo(38_116, 1);
  });

  it('applies a percentage of the published fare, or a fixed amount once per booking', () => {
    expect(
      priceFixedDeparture(FARES, party, 'INR', rule({ markupType: 'percent', markupValue: 3, discountValue: 0 })).fare,
    ).toMatchObject({
      markup: 1_110,
      gstOnMarkup: 199.8,
      totalPayable: 38_309.8,
    });
    expect(priceFixedDeparture(FARES, party, 'INR', rule({ applyPer: 'booking' })).fare).toMatchObject({
      markup: 400,
      discount: 100,
      totalPayable: 37_372,
    });
  });

  it("prices a supplier's seat with the supplier's rule first, then ours on top", () => {
    const supplier = rule({ markupValue: 200, discountValue: 0 });
    const toUs = priceFixedDeparture(FARES, party, 'INR', supplier).fare.totalPayable;
    expect(toUs).toBe(37_708);
    const ours = priceFixedDeparture(FARES, party, 'INR', rule(), supplier);
    expect(ours.fare.publishedFare).toBe(toUs);
    expect(ours.fare.totalPayable).toBe(toUs + 1_200 + 216 - 300);
    expect(priceFixedDeparture(FARES, party, 'INR', null, supplier).fare.totalPayable).toBe(toUs);
  });
});
