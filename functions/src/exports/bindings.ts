/**
 * The exports Lambda: the caller's export jobs (one by id, with its signed link once ready; the recent ones), each
 * answered beside its operation in ./jobs.ts and gathered by `npm run derive`. The jobs are started by the export
 * calls of each domain and run by the exports worker (entries/workers/exports.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
