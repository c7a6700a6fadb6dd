/**
 * The audit trail, one mechanism for every domain: each
 * change of a record writes an audit item IN THE SAME TRANSACTION as the change, so a change is never stored
 * without its entry, nor an entry without its change. An entry says who (user id, name, email), when, what
 * (create / update / delete / import, or a named step: status, block, unblock), on which site, and the record
 * before and after. Entries of one record share a partition, newest first, read a page at a time.
 *
 * The same item is also the site-wide log, through the table's indexes: gsi1 holds the site's entries by time
 * (`SITE#<site>#AUDITLOG`), gsi2 one actor's (`SITE#<site>#AUDITBY#<userId>`), gsi3 one entity's of one change
 * type (`SITE#<site>#AUDITKIND#<entity>#<action>`), each by time (docs/audit.md).
 * Append-only: entries are only ever Put, conditionally on a new key; no code updates or deletes one.
 */
import { randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditActionName } from '@tp/contracts/endpoints/audit';
import {
  backfillIndexKeys,
  queryFilteredPage,
  queryMergedPage,
  queryPage,
  tableName,
  type Page,
  type PageFilter,
  type TransactItem,
} from './db.ts';
import { part, sitePk, type SiteId } from './keys.ts';
import type { Principal } from './principal.ts';

export type AuditAction = AuditActionName;
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

/**
 * The change of a whole record from `before` to `after` (null before: created; null after: deleted); `action`
 * names a step (a status change, a block) where the plain create / update / delete would say less.
 */
export function recordChange(
  entity: string,
  id: string,
  before: object | null,
  after: object | null,
  action?: AuditAction,
): AuditChange {
  return {
    entity,
    id,
    action: action ?? (!before ? 'create' : !after ? 'delete' : 'update'),
    before: before as AuditRecord | null,
    after: after as AuditRecord | null,
  };
}

/** Who acts, as the trail names them (the name as it was then: a later rename does not rewrite history). */
export function auditActor(p: Principal): AuditActor {
  const r = p.record ?? {};
  const name = [r.firstName, r.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
  return { userId: p.userId, name: name || p.email, email: p.email };
}

export const auditPk = (siteId: SiteId, entity: string, id: string) => sitePk(siteId, 'AUDIT', part(entity), id);
/** gsi1: the site's log, by time. */
export const auditLogPk = (siteId: SiteId) => sitePk(siteId, 'AUDITLOG');
/** gsi2: one actor's entries on the site, by time. */
export const auditByPk = (siteId: SiteId, userId: string) => sitePk(siteId, 'AUDITBY', userId);
/** gsi3: the site's entries of one entity and change type, by time. */
export const auditKindPk = (siteId: SiteId, entity: string, action: AuditAction) =>
  sitePk(siteId, 'AUDITKIND', part(entity), action);

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
export function auditPut(
  siteId: SiteId,
  change: AuditChange,
  by: AuditActor,
  at: Date,
  /** The key's tail; random unless given (the data-volume generator derives it from its seed). */
  tail: string = randomBytes(4).toString('hex'),
): TransactItem {
  // Time first (newest-first reads); a random tail keeps two changes in one millisecond apart.
  const sk = `${at.toISOString()}#${part(tail)}`;
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: auditPk(siteId, change.entity, change.id),
        sk,
        gsi1pk: auditLogPk(siteId),
        gsi1sk: sk,
        gsi2pk: auditByPk(siteId, by.userId),
        gsi2sk: sk,
        gsi3pk: auditKindPk(siteId, change.entity, change.action),
        gsi3sk: sk,
        siteId,
        entity: change.entity,
        id: change.id,
        action: change.action,
        at: at.toISOString(),
        by,
        before: change.before,
        after: change.after,
      },
      // Append-only: a Put never replaces an entry.
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

const toEntry = (item: Record<string, unknown>): AuditEntry => {
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
};

/** A record's history, newest first, a cursor page. */
export async function auditTrail(
  siteId: SiteId,
  entity: string,
  id: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<AuditEntry>> {
  return queryPage('table', auditPk(siteId, entity, id), { ...page, newestFirst: true }, toEntry);
}

/** An entry of the site log: the entry and the record it belongs to. */
export interface AuditLogEntry extends AuditEntry {
  entity: string;
  id: string;
}

export interface AuditLogFilter {
  /** The acting user: reads that actor's partition (gsi2) instead of the whole site's (gsi1). */
  actorId?: string | undefined;
  entity?: string | undefined;
  action?: AuditAction | undefined;
  /** Instants (`toISOString()`), `from` included, `to` excluded. */
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The site's log, newest first, one cursor page, read from the narrowest partition the filter names: one actor's
 * (gsi2), else an entity's per change type (gsi3: that type's partition, or all seven merged by time), else the
 * site's (gsi1), always within the time range. What the partition does not narrow (entity and change type within
 * an actor's entries; a change type across entities) filters what was read, at most `readAhead` items a request.
 */
export async function siteAuditLog(
  siteId: SiteId,
  f: AuditLogFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<AuditLogEntry>> {
  // `to` is exclusive: every key of an entry at `to` sorts after the bare instant.
  const opts = { ...page, skRange: { from: f.from, to: f.to } };
  if (!f.actorId && f.entity) {
    const actions = f.action ? [f.action] : AUDIT_ACTIONS;
    return queryMergedPage(
      'gsi3',
      actions.map((a) => auditKindPk(siteId, f.entity!, a)),
      opts,
      toLogEntry,
    );
  }
  const filter: PageFilter = { conditions: [], names: {}, values: {} };
  if (f.entity) {
    filter.conditions.push('#entity = :entity');
    filter.names['#entity'] = 'entity';
    filter.values[':entity'] = f.entity;
  }
  if (f.action) {
    filter.conditions.push('#action = :action');
    filter.names['#action'] = 'action';
    filter.values[':action'] = f.action;
  }
  const [index, pk] = f.actorId
    ? (['gsi2', auditByPk(siteId, f.actorId)] as const)
    : (['gsi1', auditLogPk(siteId)] as const);
  return queryFilteredPage(index, pk, filter, { ...opts, readAhead: 500 }, toLogEntry);
}

const toLogEntry = (item: Record<string, unknown>): AuditLogEntry => ({
  ...toEntry(item),
  entity: String(item.entity),
  id: String(item.id),
});

/**
 * One-off, when gsi3 arrived (scripts/backfill-audit-kinds.ts): gives a page of the site's entries written before
 * it their gsi3 keys, so the log's entity view lists them. Only the index keys are set, on entries that have none:
 * what an entry records stays as written, and a second run finds nothing to do.
 */
export const indexOlderEntries = (siteId: SiteId, cursor?: string) =>
  backfillIndexKeys('gsi1', auditLogPk(siteId), cursor, (item) =>
    item.gsi3pk
      ? null
      : { gsi3pk: auditKindPk(siteId, String(item.entity), item.action as AuditAction), gsi3sk: String(item.sk) },
  );
