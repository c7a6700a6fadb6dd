/**
 * The kart Lambda's operations (functions/src/entries/kart.ts): quotations (karts) and the operations born from
 * them (transfers, job sheet, driver links, the driver page). docs/dmc.md "Karts" → "API" and "Operations" → "API".
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';
import type { KartWiring } from './hooks.ts';

export const operations = (wiring: KartWiring): Operation[] => answered(wiring);
