/**
 * One-off, when the audit log gains its entity index (gsi3, docs/audit.md): gives the entries written before it
 * their keys there, so the log filtered by entity lists them too. Only the index keys are added, on entries that
 * have none; run it again and it finds every entry indexed.
 *
 *   npx tsx scripts/backfill-audit-kinds.ts --stage <name> --site <siteId>   that stage's table (the caller's AWS credentials)
 *   npx tsx scripts/backfill-audit-kinds.ts --local --site <siteId>           the table of TABLE_NAME / AWS_ENDPOINT_URL_DYNAMODB
 */
import { everyPage, runPerSite } from './backfill-target.ts';

export async function backfillAuditKinds(siteId: string): Promise<{ read: number; indexed: number }> {
  // Loaded after the caller set TABLE_NAME: the functions read it at first use.
  const { indexOlderEntries } = await import('../functions/src/lib/audit.ts');
  const { asSiteId } = await import('../functions/src/lib/keys.ts');
  return everyPage((cursor) => indexOlderEntries(asSiteId(siteId), cursor));
}

await runPerSite(import.meta.url, backfillAuditKinds);
