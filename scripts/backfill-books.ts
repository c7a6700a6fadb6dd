/**
 * One-off, when the books partitions arrive (docs/dmc.md "The books"): puts the receipts, payable payments and
 * reversals, payables and cancelled quotations written before them on them, so the accounting export and the
 * margin per month hold them too. Idempotent: run it again and it finds everything indexed.
 *
 *   npx tsx scripts/backfill-books.ts --stage <name> --site <siteId>   that stage's table (the caller's AWS credentials)
 *   npx tsx scripts/backfill-books.ts --local --site <siteId>           the table of TABLE_NAME / AWS_ENDPOINT_URL_DYNAMODB
 */
import { runPerSite } from './backfill-target.ts';

export async function backfillSiteBooks(siteId: string) {
  // Loaded after the caller set TABLE_NAME: the functions read it at first use.
  const { backfillBooks } = await import('../functions/src/kart/books-repo.ts');
  const { asSiteId } = await import('../functions/src/lib/keys.ts');
  return backfillBooks(asSiteId(siteId));
}

await runPerSite(import.meta.url, backfillSiteBooks);
