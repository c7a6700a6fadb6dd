/**
 * The suppliers Lambda: the supplier profile and categories (./operations/offering.ts), the consumer side of
 * supplier links (./operations/consumer.ts) and the supplier side (./operations/supplier.ts), each answered beside
 * its operation and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
