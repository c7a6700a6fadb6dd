/**
 * The command line the one-off backfills share (backfill-books, -deadlines, -queues): `--stage <name>` points
 * the functions at that stage's table (the caller's AWS credentials), `--local` at the table of TABLE_NAME /
 * AWS_ENDPOINT_URL_DYNAMODB. A backfill parses TARGET_OPTIONS beside its own, then calls pointAtTable.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { TABLE } from '@tp/contracts/platform';

export const TARGET_OPTIONS = {
  stage: { type: 'string' },
  local: { type: 'boolean' },
  region: { type: 'string' },
} as const;

export async function pointAtTable(target: { stage?: string; local?: boolean; region?: string }): Promise<void> {
  if (!target.local && !target.stage) throw new Error('Give --stage <name>, or --local');
  if (!target.stage) return;
  const { stageConfig } = await import('../infra/config/stages.ts');
  const stage = stageConfig(target.stage);
  process.env.TABLE_NAME = `${stage.name}-${TABLE.name}`;
  process.env.AWS_REGION = target.region ?? stage.env.region;
}

/** A site's backfill page by page (a cursor each), adding up what the pages read and indexed. */
export async function everyPage(
  page: (cursor?: string) => Promise<{ read: number; indexed: number; nextCursor: string | null }>,
): Promise<{ read: number; indexed: number }> {
  const report = { read: 0, indexed: 0 };
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    report.read += next.read;
    report.indexed += next.indexed;
    cursor = next.nextCursor ?? undefined;
  } while (cursor);
  return report;
}

/**
 * The command line of a backfill per site, when `moduleUrl` is the script run: TARGET_OPTIONS and `--site <siteId>`
 * (one or more); prints each site's report.
 */
export async function runPerSite(moduleUrl: string, backfill: (siteId: string) => Promise<unknown>): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  const { values } = parseArgs({ options: { ...TARGET_OPTIONS, site: { type: 'string', multiple: true } } });
  await pointAtTable(values);
  if (!values.site?.length) throw new Error('Give --site <siteId> (one or more)');
  for (const siteId of values.site) process.stdout.write(`${siteId}: ${JSON.stringify(await backfill(siteId))}\n`);
}
