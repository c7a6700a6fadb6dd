/**
 * The flights Lambda's operations (functions/src/entries/flights.ts): shopping (./shopping), payment orders
 * (./orders, through the entry's wiring: the after-booking work of the domains above) and trips (./trips.ts),
 * each answered beside its operation and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';
import type { FlightsWiring } from './orders/index.ts';

export type { FlightsWiring };

export const operations = (wiring: FlightsWiring): Operation[] => answered(wiring);
