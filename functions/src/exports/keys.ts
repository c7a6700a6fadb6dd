/**
 * Keys of the export jobs, built through the site guard of lib/keys.ts: one item per job in its own partition
 * (one GetItem by id), and gsi1 holding one user's jobs newest first ("Your exports"). The item's `expiresAt`
 * (the table's TTL attribute) removes a job when its file is removed.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const exportKeys = {
  job: (siteId: SiteId, jobId: string): Key => ({ pk: sitePk(siteId, 'EXPORT', jobId), sk: 'JOB' }),
  userJobsPk: (siteId: SiteId, userId: string) => sitePk(siteId, 'EXPORT', 'USER', userId),
  /** gsi1: one user's jobs by creation. */
  userJobsIndex: (siteId: SiteId, userId: string, createdAt: string, jobId: string) => ({
    gsi1pk: exportKeys.userJobsPk(siteId, userId),
    gsi1sk: `${part(createdAt)}#${part(jobId)}`,
  }),
};
