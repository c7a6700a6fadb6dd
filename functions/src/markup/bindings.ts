/**
 * The markup Lambda: the customer groups of legal entities (./service.ts) and the default, airline and
 * fixed-departure markup rules (./rules.ts), each answered beside its operation and gathered by `npm run derive`.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
