/** The lists of the DMC screens: cursor pages of a master in name order (gsi1) or under a parent (gsi2). */
import type { Page } from '#lib/db';
import { siteOf, type DmcScope } from './changes.ts';
import { dmcKeys, type DmcKind } from './keys.ts';
import type { DmcRecords } from './records.ts';
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
