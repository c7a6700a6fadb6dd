/**
 * The master Lambda: public reference data (airports, countries, states, cities, airlines), but only for a known
 * site: the preset resolves the site first, so unknown hosts are refused like every other call. Answered beside its
 * operations in ./service.ts and gathered by `npm run derive`.
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
