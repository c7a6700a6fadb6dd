/**
 * The invoices Lambda: GST tax invoices and credit notes, read, printed as PDF, listed
 * and exported by month; the site's invoice settings. docs/invoices.md.
 * Each endpoint is answered beside its operation and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
