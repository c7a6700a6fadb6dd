/**
 * Scheduled (hourly on AWS; an interval locally): deletes the documents of visa applications decided longer ago
 * than the site's retention days (functions/src/visa/retention.ts).
 */
import { requireConfig } from '#lib/config';
import { purgeDueDocuments } from '../../visa/index.ts';

// Fails this worker's cold start, not its first run, when the stack left out its configuration.
requireConfig(['TABLE_NAME']);

export const handler = async (): Promise<void> => {
  await purgeDueDocuments();
};
