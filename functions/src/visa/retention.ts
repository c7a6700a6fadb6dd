/**
 * Deleting an application's documents a set number of days after its decision (the site's visa terms): passports
 * and photos are personal data. The decision schedules the deletion in its own transaction; the scheduled worker
 * (entries/workers/visa-documents.ts) reads what is due, deletes the files, masks the passport numbers and records
 * it on the application with its audit entry, in one transaction that also removes the schedule entry.
 */
import { auditPut, recordChange, type AuditActor } from '#lib/audit';
import { deletePrivateDocument } from '#lib/media';
import { log } from '#lib/logger';
import * as repo from './applications-repo.ts';
import type { ApplicationRecord, PurgeDue } from './applications-repo.ts';

/** Who the trail names for a deletion nobody clicked. */
const RETENTION: AuditActor = { userId: 'system', name: 'Document retention', email: '' };
/** Applications one run handles; the rest wait for the next run (hourly). */
const PER_RUN = 100;

const masked = (passport: string) => `${'•'.repeat(Math.max(0, passport.length - 3))}${passport.slice(-3)}`;

async function purgeOne(due: PurgeDue, now: Date): Promise<boolean> {
  const app = await repo.getApplication(due.siteId, due.applicationId);
  if (!app || app.documentsDeletedAt) {
    await repo.removePurge(due.key);
    return false;
  }
  for (const d of [...app.documents, ...app.visas])
    if (d.storageKey) await deletePrivateDocument(due.siteId, d.storageKey);
  const nowIso = now.toISOString();
  const gone = <T extends { storageKey: string }>(d: T): T => ({ ...d, storageKey: '' });
  const after: ApplicationRecord = {
    ...app,
    documents: app.documents.map(gone),
    visas: app.visas.map(gone),
    travellers: app.travellers.map((t) => ({ ...t, passportNumber: masked(t.passportNumber) })),
    documentsDeletedAt: nowIso,
    version: app.version + 1,
    updatedAt: nowIso,
  };
  const audit = auditPut(
    due.siteId,
    recordChange(
      'visaApplication',
      app.id,
      { documents: app.documents.length + app.visas.length, documentsDeletedAt: null },
      { documents: 0, documentsDeletedAt: nowIso },
      'delete',
    ),
    RETENTION,
    now,
  );
  // A change that raced this one leaves the schedule entry: the next run deletes again (files already gone).
  return repo.saveApplication(due.siteId, app, after, [audit, repo.purgeDelete(due.key)]);
}

/** Deletes the documents of every application due by `now`; the number of applications done. */
export async function purgeDueDocuments(now = new Date()): Promise<number> {
  let done = 0;
  for (const due of await repo.purgesDue(now.toISOString(), PER_RUN)) {
    try {
      if (await purgeOne(due, now)) done += 1;
    } catch (err) {
      log.error('visa documents not deleted; the next run tries again', {
        siteId: due.siteId,
        applicationId: due.applicationId,
        error: String(err),
      });
    }
  }
  return done;
}
