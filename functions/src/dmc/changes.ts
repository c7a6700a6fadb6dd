/**
 * What every DMC operation shares: who asks on which site, the rule messages, the 400 of a failed rule, and the
 * one way a record changes (its write and its audit entry in one transaction).
 */
import { auditActor, auditPut, unchanged, type AuditAction, type AuditRecord } from '#lib/audit';
import type { TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import type { Logger } from '#lib/logger';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import type { DmcKind } from './keys.ts';
import { idOf, type DmcRecords } from './records.ts';
import { commit, deleteRecord, putRecord } from './repo.ts';

/** Staff on a site (the endpoints' auth rule and permission are checked by the preset first). */
export interface DmcScope {
  site: SiteRecord;
  principal: Principal;
  now: Date;
  log: Logger;
}

export const siteOf = (scope: Pick<DmcScope, 'site'>): SiteId => scope.site.siteId;

export { DMC_RULE_MESSAGES as RULE_MESSAGES } from '@tp/contracts/endpoints/dmc';

export const CHANGED_MEANWHILE = 'This record was changed or deleted meanwhile; reload and try again';

/** The audit entry of one change, for the same transaction. */
export function audited(
  scope: DmcScope,
  entity: string,
  id: string,
  action: AuditAction,
  before: unknown,
  after: unknown,
): TransactItem[] {
  const change = { entity, id, action, before: before as AuditRecord | null, after: after as AuditRecord | null };
  if (action === 'update' && unchanged(change)) return [];
  return [auditPut(siteOf(scope), change, auditActor(scope.principal), scope.now)];
}

/**
 * Saves a record: created when `before` is null (its id must be new), else updated (it must still exist), with
 * its audit entry and any `extra` writes in one transaction. A lost race is a 409 and writes nothing.
 */
export async function saveRecord<K extends DmcKind>(
  scope: DmcScope,
  kind: K,
  before: DmcRecords[K] | null,
  after: DmcRecords[K],
  extra: TransactItem[] = [],
): Promise<DmcRecords[K]> {
  const id = idOf(kind, after);
  const items = [
    putRecord(siteOf(scope), kind, after, before ? 'update' : 'create'),
    ...extra,
    ...audited(scope, kind, id, before ? 'update' : 'create', before, after),
  ];
  if (!(await commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
  return after;
}

/** Deletes a record with its audit entry (and `extra` writes) in one transaction. */
export async function removeRecord<K extends DmcKind>(
  scope: DmcScope,
  kind: K,
  before: DmcRecords[K],
  extra: TransactItem[] = [],
): Promise<void> {
  const id = idOf(kind, before);
  const items = [deleteRecord(siteOf(scope), kind, id), ...extra, ...audited(scope, kind, id, 'delete', before, null)];
  if (!(await commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
}
