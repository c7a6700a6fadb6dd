/**
 * One-off, when the quotations' search moves to its lean index (gsi4, docs/deploy.md): gives the karts saved before
 * it their keys there, so the search finds them too. Only the index keys are added, on karts that have none; run
 * it again and it finds every kart indexed.
 *
 *   npx tsx scripts/backfill-kart-search.ts --stage <name> --site <siteId>   that stage's table (the caller's AWS credentials)
 *   npx tsx scripts/backfill-kart-search.ts --local --site <siteId>           the table of TABLE_NAME / AWS_ENDPOINT_URL_DYNAMODB
 */
import { everyPage, runPerSite } from './backfill-target.ts';

export async function backfillKartSearch(siteId: string): Promise<{ read: number; indexed: number }> {
  // Loaded after the caller set TABLE_NAME: the functions read it at first use.
  const { indexKartsForSearch } = await import('../functions/src/kart/repo.ts');
  const { asSiteId } = await import('../functions/src/lib/keys.ts');
  return everyPage((cursor) => indexKartsForSearch(asSiteId(siteId), cursor));
}

await runPerSite(import.meta.url, backfillKartSearch);
