/**
 * The audit trail, one mechanism for every domain (issue #13 item 8; issue #16 extends it to the rest): each
 * change of a record writes an audit item IN THE SAME TRANSACTION as the change, so a change is never stored
 * without its entry, nor an entry without its change. An entry says who (user id, name, email), when, what
 * (create / update / delete / import) and the record before and after. Entries of one record share a partition,
 * newest first, read a page at a time.
 */
import { randomBytes } from 'node:crypto';
import { queryPage, tableName, type Page, type TransactItem } from './db.ts';
import { part, sitePk, type SiteId } from './keys.ts';
import type { Principal } from './principal.ts';

export type AuditAction = 'create' | 'update' | 'delete' | 'import';
export type AuditRecord = Record<string, unknown>;

export interface AuditActor {
  userId: string;
  name: string;
  email: string;
}

/** One change of one record: `before` null on create, `after` null on delete. */
export interface AuditChange {
  entity: string;
  id: string;
  action: AuditAction;
  before: AuditRecord | null;
  after: AuditRecord | null;
}

export interface AuditEntry {
  at: string;
  action: AuditAction;
  by: AuditActor;
  before: AuditRecord | null;
  after: AuditRecord | null;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** The change of a whole record from `before` to `after` (null before: created; null after: deleted). */
export function recordChange(entity: string, id: string, before: object | null, after: object | null): AuditChange {
  return {
    entity,
    id,
    action: !before ? 'create' : !after ? 'delete' : 'update',
    before: before as AuditRecord | null,
    after: after as AuditRecord | null,
  };
}

/** Who acts, as the trail names them (the name as it was then: a later rename does not rewrite history). */
export function auditActor(p: Principal): AuditActor {
  const r = p.record;
  const name = [r.firstName, r.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
  return { userId: p.userId, name: name || p.email, email: p.email };
}

export const auditPk = (siteId: SiteId, entity: string, id: string) => sitePk(siteId, 'AUDIT', part(entity), id);

/** JSON with object keys sorted: DynamoDB does not keep a map's key order, so equality must not depend on it. */
const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : (JSON.stringify(v ?? null) ?? 'null');
const same = (a: unknown, b: unknown) => stable(a) === stable(b);

/** True when an update changes nothing (an unchanged import row or a repeated save writes no entry). */
export const unchanged = (c: Pick<AuditChange, 'before' | 'after'>): boolean => same(c.before, c.after);

/** The Put of one entry, for the transaction that makes the change. */
export function auditPut(siteId: SiteId, change: AuditChange, by: AuditActor, at: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: auditPk(siteId, change.entity, change.id),
        // Time first (newest-first reads); a random tail keeps two changes in one millisecond apart.
        sk: `${at.toISOString()}#${randomBytes(4).toString('hex')}`,
        entity: change.entity,
        id: change.id,
        action: change.action,
        at: at.toISOString(),
        by,
        before: change.before,
        after: change.after,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The fields that differ between two versions, in the record's own field order. */
export function changedFields(before: AuditRecord | null, after: AuditRecord | null): AuditEntry['changes'] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((f) => !same(before?.[f], after?.[f]))
    .map((f) => ({ field: f, before: before?.[f] ?? null, after: after?.[f] ?? null }));
}

/** A record's history, newest first, a cursor page. */
export async function auditTrail(
  siteId: SiteId,
  entity: string,
  id: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<AuditEntry>> {
  return queryPage('table', auditPk(siteId, entity, id), { ...page, newestFirst: true }, (item) => {
    const before = (item.before as AuditRecord | null) ?? null;
    const after = (item.after as AuditRecord | null) ?? null;
    return {
      at: String(item.at),
      action: item.action as AuditAction,
      by: item.by as AuditActor,
      before,
      after,
      changes: changedFields(before, after),
    };
  });
}
