/**
 * Extra services of a simulated option: LCCs sell baggage, meals and seats online (priced); GDS
 * carriers take meal and seat requests (free) and sell no extra baggage here.
 */
import type { TSeat, TSsrCatalogue, TSsrItem } from '@tp/contracts/endpoints/flights';
import type { Offer } from './generate.ts';
import { rng } from './prng.ts';

const BAGGAGE_KG = [0, 5, 10, 15, 20, 30] as const;
const LCC_MEALS = [
  ['VGSW', 'Veg sandwich', 300],
  ['NVSW', 'Chicken sandwich', 350],
  ['VGML', 'Veg meal (upma / poha)', 400],
  ['NVML', 'Non-veg meal (chicken biryani)', 500],
  ['JNML', 'Jain meal', 400],
] as const;
const GDS_MEALS = [
  ['AVML', 'Asian vegetarian meal'],
  ['VGML', 'Vegan meal'],
  ['HNML', 'Hindu non-veg meal'],
  ['MOML', 'Muslim meal'],
  ['DBML', 'Diabetic meal'],
  ['CHML', 'Child meal'],
] as const;
const COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
const SEAT_TYPE: Record<(typeof COLUMNS)[number], 1 | 2 | 3> = { A: 1, B: 3, C: 2, D: 2, E: 3, F: 1 };

export function ssrCatalogue(o: Offer): TSsrCatalogue {
  const lcc = o.carrier.isLcc;
  const base = (l: Offer['trips'][number][number]) => ({
    currency: 'INR',
    origin: l.origin.code,
    destination: l.destination.code,
    airlineCode: l.carrier.code,
    flightNumber: l.flightNumber,
  });
  const baggage: TSsrItem[] = [];
  const mealDynamic: TSsrItem[] = [];
  const seatDynamic: TSsrCatalogue['seatDynamic'] = [];
  for (const legs of o.trips) {
    const first = legs[0]!;
    const last = legs[legs.length - 1]!;
    // Extra baggage is sold for the whole trip (way type 2), priced per kg on the trip's distance.
    if (lcc) {
      const perKg = o.domestic ? 450 : 700;
      for (const kg of BAGGAGE_KG)
        baggage.push({
          ...base(first),
          destination: last.destination.code,
          code: kg === 0 ? 'NoBaggage' : `XBPA${kg}`,
          description: kg === 0 ? 'No excess baggage' : `Excess baggage ${kg} kg`,
          weight: kg,
          price: kg * perKg,
          wayType: 2,
        });
    }
    for (const l of legs) {
      if (lcc)
        for (const [code, description, price] of LCC_MEALS)
          mealDynamic.push({ ...base(l), code, description, quantity: 1, price, wayType: 1 });
      else
        for (const [code, description] of GDS_MEALS)
          mealDynamic.push({ ...base(l), code, description, quantity: 1, price: 0, wayType: 1 });
      seatDynamic.push({ segment: `${l.origin.code}-${l.destination.code}`, rows: seatRows(o, l, lcc) });
    }
  }
  return { baggage, mealDynamic, seatDynamic, confirmedOnline: lcc };
}

function seatRows(o: Offer, l: Offer['trips'][number][number], lcc: boolean): TSeat[][] {
  const r = rng(`seats:${l.key}:${l.date}`);
  const rows = l.distanceKm > 3500 ? 40 : 30;
  return Array.from({ length: rows }, (_, i) => {
    const row = i + 1;
    // Front rows and the emergency-exit rows cost more on LCCs; GDS seats are requests.
    const premium = row <= 4 || row === 12 || row === 13;
    return COLUMNS.map((col) => {
      const type = SEAT_TYPE[col];
      const price = !lcc ? 0 : premium ? 900 + (type === 1 ? 200 : 0) : type === 3 ? 0 : 150 + (type === 1 ? 100 : 50);
      return {
        code: `${row}${col}`,
        rowNo: String(row),
        seatNo: col,
        seatType: type,
        available: r.next() > (o.domestic ? 0.45 : 0.35),
        price,
        currency: 'INR',
        origin: l.origin.code,
        destination: l.destination.code,
        airlineCode: l.carrier.code,
        flightNumber: l.flightNumber,
      };
    });
  });
}
