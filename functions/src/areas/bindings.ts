/**
 * The areas Lambda's operations (spec 001 §2 /staff/areas, /staff/area-transfer; §7 "Manage activities and areas",
 * "Area transfers"): areas, area transfers and their pickers, and an activity's area, each answered beside its
 * operation in ./areas.ts and gathered by `npm run derive`. The data is the DMC's (functions/src/dmc, through its
 * index): one store, one import, one audit trail.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
