/**
 * The DMC back office Lambda (spec 001 §2–§9; docs/dmc.md): markets, masters, rates and their
 * priority, stop-sales, pricing through the rate engine, combos, data management and the audit trail.
 * Each endpoint is answered beside its operation and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
