/**
 * One-off, when the date-wise itinerary moves to the karts' month listings (docs/deploy.md): lists each vouchered,
 * uncancelled kart saved before it in the months it is on the ground in, so the itinerary of any date finds it.
 * Each listing is keyed by kart and month: run it again and it writes the same items.
 *
 *   npx tsx scripts/backfill-kart-days.ts --stage <name> --site <siteId>   that stage's table (the caller's AWS credentials)
 *   npx tsx scripts/backfill-kart-days.ts --local --site <siteId>           the table of TABLE_NAME / AWS_ENDPOINT_URL_DYNAMODB
 */
import { everyPage, runPerSite } from './backfill-target.ts';

export async function backfillKartDays(siteId: string): Promise<{ read: number; indexed: number }> {
  // Loaded after the caller set TABLE_NAME: the functions read it at first use.
  const { listKartsOnGround } = await import('../functions/src/kart/repo.ts');
  const { asSiteId } = await import('../functions/src/lib/keys.ts');
  return everyPage((cursor) => listKartsOnGround(asSiteId(siteId), cursor));
}

await runPerSite(import.meta.url, backfillKartDays);
