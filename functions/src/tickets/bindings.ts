/**
 * The tickets Lambda's operations (functions/src/entries/tickets.ts): queues, e-ticket, holds, change requests,
 * Excel export and the e-ticket mail,
 * each answered beside its operation in ./operations and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';
import type { TicketsWiring } from './operations/holds.ts';

export type { TicketsWiring };

export const operations = (wiring: TicketsWiring): Operation[] => answered(wiring);
