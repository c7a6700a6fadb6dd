/**
 * Deleting an application's documents a set number of days after its decision (the site's visa terms): passports
 * and photos are personal data. The decision writes the deletion as a deadline of the one index in its own
 * transaction (applications-repo.ts `purgePut`); when it falls due the deadline worker calls `purgeDocuments`, which
 * deletes the files, masks the passport numbers and records it on the application with its audit entry.
 */
import { auditPut, recordChange, type AuditActor } from '#lib/audit';
import { deletePrivateDocument } from '#lib/media';
import type { Deadline } from '../deadlines/index.ts';
import * as repo from './applications-repo.ts';
import type { ApplicationRecord } from './applications-repo.ts';

/** Who the trail names for a deletion nobody clicked. */
const RETENTION: AuditActor = { userId: 'system', name: 'Document retention', email: '' };

const masked = (passport: string) => `${'•'.repeat(Math.max(0, passport.length - 3))}${passport.slice(-3)}`;

/**
 * An application's documents are due for deletion: files deleted, passport numbers masked, recorded once (an
 * application already purged, or gone, is left alone). A change that races this one throws, so the deadline stays
 * for the next run, which deletes again (files already gone). True when this run recorded the deletion.
 */
export async function purgeDocuments(d: Pick<Deadline, 'siteId' | 'ref'>, now: Date): Promise<boolean> {
  const app = await repo.getApplication(d.siteId, d.ref);
  if (!app || app.documentsDeletedAt) return false;
  for (const doc of [...app.documents, ...app.visas])
    if (doc.storageKey) await deletePrivateDocument(d.siteId, doc.storageKey);
  const nowIso = now.toISOString();
  const gone = <T extends { storageKey: string }>(x: T): T => ({ ...x, storageKey: '' });
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
    d.siteId,
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
  if (!(await repo.saveApplication(d.siteId, app, after, [audit])))
    throw new Error('the application changed while its documents were deleted');
  return true;
}
