/**
 * The site's audit log as staff read it (docs/audit.md): the filtered log, one record's history
 * and the .xlsx of the filtered log (made in the background by the exports worker). The entries are written by each domain through lib/audit.ts.
 */
import { AUDIT_ACTION_LABELS, auditEntityLabel, type AuditActionName } from '@tp/contracts/endpoints/audit';
import { siteAuditLog, auditTrail, type AuditLogEntry, type AuditLogFilter } from '#lib/audit';
import type { SiteRecord } from '#lib/tenancy';
import { siteTimeZone } from '#lib/tenancy';
import { dayRangeInZone, siteToday } from '#lib/time';
import type { Principal } from '#lib/principal';
import { pagesByCursor, startExport, type ExportCell, type ExportColumn, type ExportSource } from '../exports/index.ts';
import type { Page } from '#lib/db';
import { userIdByEmail } from '../users/records.ts';
import * as api from '@tp/contracts/endpoints/audit';
import { answers } from '#lib/answers';

interface Scope {
  site: SiteRecord;
  now: Date;
}

export interface LogFilterInput {
  actorId?: string | undefined;
  actorEmail?: string | undefined;
  entity?: string | undefined;
  action?: AuditActionName | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/**
 * The request's filter as the log reads it: an actor's email becomes their user id (null: the site has no such
 * user, so nobody by that email changed anything); days are the site's calendar days, as instants.
 */
async function logFilter(site: SiteRecord, input: LogFilterInput): Promise<AuditLogFilter | null> {
  let actorId = input.actorId;
  if (input.actorEmail) {
    const byEmail = await userIdByEmail(site.siteId, input.actorEmail);
    if (!byEmail || (actorId && actorId !== byEmail)) return null;
    actorId = byEmail;
  }
  const range = dayRangeInZone(input.fromDate, input.toDate, siteTimeZone(site));
  return { actorId, entity: input.entity, action: input.action, from: range.start, to: range.end };
}

export async function auditLog(
  { site }: Scope,
  input: LogFilterInput & { cursor?: string | undefined; limit: number },
): Promise<Page<AuditLogEntry>> {
  const filter = await logFilter(site, input);
  if (!filter) return { records: [], nextCursor: null };
  return siteAuditLog(site.siteId, filter, { cursor: input.cursor, limit: input.limit });
}

export const recordHistory = (
  { site }: Scope,
  input: { entity: string; id: string; cursor?: string | undefined; limit: number },
) => auditTrail(site.siteId, input.entity, input.id, { cursor: input.cursor, limit: input.limit });

const cell = (v: unknown): string =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** "field: before → after" per changed field, one a line (what the screen's summary and drawer say). */
export const changeSummary = (e: Pick<AuditLogEntry, 'changes'>): string =>
  e.changes.map((c) => `${c.field}: ${cell(c.before)} → ${cell(c.after)}`).join('\n');

const AUDIT_COLUMNS: ExportColumn[] = [
  { header: 'When (UTC)', width: 20 },
  { header: 'Who', width: 22 },
  { header: 'Email', width: 28 },
  { header: 'Change', width: 14 },
  { header: 'Entity', width: 20 },
  { header: 'Record', width: 28 },
  { header: 'Changed fields', width: 80 },
];

const auditRow = (e: AuditLogEntry): ExportCell[] => [
  new Date(e.at),
  e.by.name,
  e.by.email,
  AUDIT_ACTION_LABELS[e.action as AuditActionName] ?? e.action,
  auditEntityLabel(e.entity),
  e.id,
  changeSummary(e),
];

/** Starts the export of the filtered log: the filter is resolved now (an actor's email to their id) and stored. */
export async function startAuditExport(scope: Scope & { principal: Principal }, input: LogFilterInput) {
  return startExport(scope, {
    kind: 'auditLog',
    // null: nobody by that email, so the file has the header row only.
    filter: { log: await logFilter(scope.site, input) },
    fileName: `audit-log-${siteToday(scope.site, scope.now)}.xlsx`,
  });
}

/** The audit log export in the worker: the filtered log, newest first, page by page through its cursor. */
export const auditLogExport: ExportSource = async (site, stored) => {
  const filter = stored.log as AuditLogFilter | null;
  // No filter stored: the caller may see no entry (nothing to read).
  async function* pages() {
    if (filter) yield* pagesByCursor((page) => siteAuditLog(site.siteId, filter, page), auditRow);
  }
  return { total: null, creator: 'Audit log', sheets: [{ name: 'Audit log', columns: AUDIT_COLUMNS, pages }] };
};

// The rbac Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetAuditLog = answers(api.getAuditLog, (input, scope) => auditLog(scope, input));
export const answerGetRecordHistory = answers(api.getRecordHistory, (input, scope) => recordHistory(scope, input));
export const answerExportAuditLog = answers(api.exportAuditLog, (input, scope) => startAuditExport(scope, input));
