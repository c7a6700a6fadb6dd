/**
 * The activities Lambda's operations (functions/src/entries/activities.ts): the search for agents and travellers,
 * the activity cart and queue, the activity markup of customer groups. docs/activities.md.
 * Each endpoint is answered beside its operation (./search.ts, ./carts.ts, ./markups.ts) and gathered by
 * `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';
import type { ActivitiesWiring } from './hooks.ts';

export const operations = (wiring: ActivitiesWiring): Operation[] => answered(wiring);
