/**
 * The tour packages Lambda (docs/packages.md).
 * Each endpoint is answered beside its operation and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
