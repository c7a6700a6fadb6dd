/**
 * The settings Lambda: the staff SEO and Other Settings screens. Apart from the site
 * Lambda, which answers whitelabel/detetct on every page load and so stays small (no image checks, no S3).
 * Each endpoint is answered beside its operation and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';

export const operations: Operation[] = answered();
