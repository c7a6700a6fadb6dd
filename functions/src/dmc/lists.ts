/** The lists of the DMC screens: cursor pages of a master in name order (gsi1) or under a parent (gsi2). */
import type { Page } from '#lib/db';
import { fail } from '#lib/errors';
import { siteOf, type DmcScope } from './changes.ts';
import { dmcKeys, type DmcKind } from './keys.ts';
import { idOf, type DmcRecords } from './records.ts';
import { listPage, type ListFilter } from './repo.ts';

export interface ListInput {
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** A master in list order, optionally narrowed by equal fields and the sort-key prefix (an exact name). */
export const listByName = <K extends DmcKind>(
  scope: DmcScope,
  kind: K,
  q: ListInput,
  opts: { equals?: ListFilter['equals']; anyOf?: ListFilter['anyOf']; skPrefix?: string } = {},
): Promise<Page<DmcRecords[K]>> =>
  listPage<K>({
    index: 'gsi1',
    pk: dmcKeys.kindPk(siteOf(scope), kind),
    ...(opts.skPrefix ? { skPrefix: opts.skPrefix } : {}),
    filter: { search: q.search, equals: opts.equals, anyOf: opts.anyOf },
    cursor: q.cursor,
    limit: q.limit,
  });

/** Every record of a small master in name order, page by page, up to `cap` (a site has a handful of markets). */
export async function allByName<K extends DmcKind>(scope: DmcScope, kind: K, cap: number): Promise<DmcRecords[K][]> {
  const records: DmcRecords[K][] = [];
  let cursor: string | undefined;
  do {
    const page = await listByName(scope, kind, { cursor, limit: Math.min(100, cap - records.length) });
    records.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && records.length < cap);
  return records;
}

/** The records of one parent in their parent order (a city's activities by priority, an activity's options). */
export const listUnder = <K extends DmcKind>(
  scope: DmcScope,
  kind: K,
  parent: [string, string],
  q: ListInput,
): Promise<Page<DmcRecords[K]>> =>
  listPage<K>({
    index: 'gsi2',
    pk: dmcKeys.parentPk(siteOf(scope), kind, ...parent),
    filter: { search: q.search },
    cursor: q.cursor,
    limit: q.limit,
  });

/** Names of the given records by id, for lists that show a referenced record's name. */
export function namesById<T>(records: readonly T[], id: (r: T) => string, name: (r: T) => string): Map<string, string> {
  return new Map(records.map((r) => [id(r), name(r)]));
}

/**
 * Refuses a second `kind` record named `name` up to case and surrounding spaces ("Desert safari" beside "Desert
 * Safari", a second "Deira" in Dubai) among those `equals` keeps (the same city, the same activity): users pick these
 * by name, and two alike cannot be told apart. `selfId` is the record being edited. One query on the name index,
 * before the write (a concurrent twin is unlikely).
 */
export async function refuseNameTwin<K extends DmcKind>(
  scope: DmcScope,
  kind: K,
  name: string,
  selfId: string | undefined,
  refusal: { field: string; message: string; equals?: ListFilter['equals'] },
): Promise<void> {
  const twins = await listByName(
    scope,
    kind,
    { limit: 20 },
    { skPrefix: `${dmcKeys.nameOrder(name)}#`, ...(refusal.equals ? { equals: refusal.equals } : {}) },
  );
  if (twins.records.some((r) => idOf(kind, r) !== selfId))
    throw fail.conflict(refusal.message, { [refusal.field]: refusal.message });
}
