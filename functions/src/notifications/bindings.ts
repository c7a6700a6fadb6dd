/**
 * The notifications Lambda: a browser's web-push subscription, saved and checked, answered beside its operations in
 * ./service.ts and gathered by `npm run derive`.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
