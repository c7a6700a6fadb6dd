/**
 * The site Lambda: answers whitelabel/detetct on every page load (which site a host is) and the site's policy pages,
 * each answered beside its operation in ./service.ts and gathered by `npm run derive`.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
