/**
 * The command line the one-off backfills share (backfill-books, -deadlines, -queues): `--stage <name>` points
 * the functions at that stage's table (the caller's AWS credentials), `--local` at the table of TABLE_NAME /
 * AWS_ENDPOINT_URL_DYNAMODB. A backfill parses TARGET_OPTIONS beside its own, then calls pointAtTable.
 */
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
