/**
 * Totals and the printed break-up against a reference in BigInt cents, written from the formula in docs/dmc.md
 * "Karts" (not from totals.ts): amounts are generated as whole cents, so the reference is exact by construction.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { kart as sampleKart } from './fixtures.ts';
import { quotationView } from './quotation.ts';
import { kartTotals } from './totals.ts';
import {
  PRICE_BREAKUPS,
  ROOM_TYPES,
  type Kart,
  type KartAccomodation,
  type KartActivity,
  type KartFlight,
  type KartMiscellaneous,
  type RoomType,
} from './types.ts';

const cents = fc.integer({ min: 0, max: 10_000_000 }); // up to 100,000.00
const amount = cents.map((c) => c / 100);
const NO_TRANSFER = { transferType: null, sharingBasis: null, pickupTransfer: null, dropTransfer: null };

const arbRooms = fc.dictionary(
  fc.constantFrom(...ROOM_TYPES),
  fc.record({ price: amount, count: fc.integer({ min: 0, max: 9 }) }),
) as fc.Arbitrary<Partial<Record<RoomType, { price: number; count: number }>>>;

const arbHotel = (id: string): fc.Arbitrary<KartAccomodation> =>
  fc
    .record({ nights: fc.integer({ min: 1, max: 90 }), rooms: arbRooms, transferPrice: amount, booked: fc.boolean() })
    .map(({ nights, rooms, transferPrice, booked }) => ({
      id,
      accomodationId: 'h',
      noOfNights: nights,
      checkinDate: null,
      numberOfRooms: 1,
      rooms,
      transferPrice,
      bookedByCustomer: booked,
      ...NO_TRANSFER,
    }));
const arbActivity = (id: string): fc.Arbitrary<KartActivity> =>
  amount.map((price) => ({
    id,
    activityId: 'a',
    tourOptionId: 't',
    price,
    startDate: null,
    time: null,
    transfers: NO_TRANSFER,
  }));
const arbMisc = (id: string): fc.Arbitrary<KartMiscellaneous> =>
  amount.map((price) => ({ id, name: 'm', description: '', price, startDate: null }));
const arbFlight = (id: string): fc.Arbitrary<KartFlight> =>
  amount.map((price) => ({
    id,
    airlineCode: 'EK',
    flightNo: '1',
    origin: 'BOM',
    destination: 'DXB',
    price,
    departureDate: null,
    departureTime: null,
    arrivalDate: null,
    arrivalTime: null,
    pnr: '',
  }));
const lines = <T>(make: (id: string) => fc.Arbitrary<T>) =>
  fc.integer({ min: 0, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => make(`l${i}`))));

const arbKart: fc.Arbitrary<Kart> = fc
  .record({
    accomodations: lines(arbHotel),
    activities: lines(arbActivity),
    miscellaneous: lines(arbMisc),
    flightDetails: lines(arbFlight),
    serviceCharge: fc.option(amount, { nil: null }),
    remittanceCharge: fc.option(amount, { nil: null }),
    discount: fc.option(amount, { nil: null }),
    collectedPayment: fc.option(amount, { nil: null }),
  })
  .map((parts) => sampleKart(parts));

// ---- the reference ----
const c = (v: number | null | undefined): bigint => BigInt(Math.round((v ?? 0) * 100));
function reference(k: Kart) {
  let hotels = 0n;
  for (const h of k.accomodations) {
    let perNight = 0n;
    for (const t of ROOM_TYPES) perNight += c(h.rooms[t]?.price) * BigInt(h.rooms[t]?.count ?? 0);
    hotels += (h.bookedByCustomer ? 0n : BigInt(h.noOfNights) * perNight) + c(h.transferPrice);
  }
  let others = 0n;
  for (const l of [...k.activities, ...k.miscellaneous, ...k.flightDetails]) others += c(l.price);
  const total = hotels + others + c(k.serviceCharge) + c(k.remittanceCharge) - c(k.discount);
  return { total, balance: total - c(k.collectedPayment) };
}
/** An amount the totals report: it must be exactly some k / 100 (no drift), and k is its value in cents. */
const asCents = (n: number): bigint => {
  expect(Math.round(n * 100) / 100).toBe(n);
  return BigInt(Math.round(n * 100));
};
const sumCents = (xs: readonly number[]) => xs.reduce((a, x) => a + asCents(x), 0n);

describe('kartTotals (property)', () => {
  it('matches the exact reference; balance = total − collected; line order does not matter', () => {
    fc.assert(
      fc.property(arbKart, (k) => {
        const t = kartTotals(k);
        const ref = reference(k);
        expect(asCents(t.grandTotal)).toBe(ref.total);
        expect(asCents(t.balanceDue)).toBe(ref.balance);
        expect(asCents(t.balanceDue)).toBe(asCents(t.grandTotal) - asCents(t.collectedPayment));
        const reversed = kartTotals({
          ...k,
          accomodations: [...k.accomodations].reverse(),
          activities: [...k.activities].reverse(),
          miscellaneous: [...k.miscellaneous].reverse(),
          flightDetails: [...k.flightDetails].reverse(),
        });
        expect(reversed.grandTotal).toBe(t.grandTotal);
      }),
      { numRuns: 500 },
    );
  });

  it('adds up under every break-up mode: lines to sections, sections and charges to the grand total', () => {
    fc.assert(
      fc.property(arbKart, fc.constantFrom(...PRICE_BREAKUPS), (k, mode) => {
        const t = kartTotals(k);
        const v = quotationView(k, t, mode);
        const charges = v.charges.reduce(
          (a, ch) => (ch.key === 'discount' ? a - asCents(ch.amount) : a + asCents(ch.amount)),
          0n,
        );
        if (mode === 'full')
          for (const s of v.sections)
            expect(sumCents(s.lines.map((l) => l.price ?? Number.NaN))).toBe(asCents(s.total!));
        if (mode === 'full' || mode === 'partial')
          expect(sumCents(v.sections.map((s) => s.total!)) + charges).toBe(asCents(v.grandTotal!));
        if (mode === 'noprice') expect(v.grandTotal).toBeNull();
        else expect(v.grandTotal).toBe(t.grandTotal);
        // Whatever the mode, a hidden price stays hidden.
        const shown = v.sections.flatMap((s) => [s.total, ...s.lines.map((l) => l.price)]);
        const visible = { full: 'all', partial: 'sections', none: 'none', noprice: 'none' }[mode];
        if (visible === 'none') expect(shown.every((x) => x === null)).toBe(true);
        if (visible === 'sections') expect(v.sections.every((s) => s.lines.every((l) => l.price === null))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
