/**
 * /staff/dmc-data-management: the site's DMC data at a glance (dmc/getAllDmcData), the .xlsx export and import
 * (docs/dmc.md "Data management") and the audit trail of a record. An import reads every row of every sheet
 * first (the request schema, the domain rule, references to rows of the file or of the site); any problem is a
 * 400 listing each one by sheet, row and column, and nothing is written. A clean file is then written in
 * batched transactions, each record with its audit entry; unchanged rows write nothing, so importing the same
 * file twice changes nothing the second time.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG, DMC_SHEETS, MAX_RATES_PER_OPTION, type TDmcCounts } from '@tp/contracts/endpoints/dmc';
import { auditActor, auditPut, auditTrail, unchanged } from '#lib/audit';
import type { TransactItem } from '#lib/db';
import { fail } from '#lib/errors';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import { pagesOf, startExport, type ExportSource } from '../exports/index.ts';
import { XlsxReadError, readXlsx, type ReadSheet } from '#lib/xlsx-read';
import { siteOf, type DmcScope } from './changes.ts';
import type { DmcKind } from './keys.ts';
import { cityLabel, idOf, type DmcRecords, type RateKind } from './records.ts';
import { withPriority } from './rates.ts';
import * as repo from './repo.ts';
import { SHEET_DEFS, exportRows, readRow, type Ref, type SheetDef } from './sheets.ts';
import { answers, reply } from '#lib/answers';

type In<E> = ParsedRequestOf<E>;

const COUNTED: Record<keyof TDmcCounts, DmcKind> = {
  markets: 'market',
  areas: 'area',
  hotels: 'hotel',
  activities: 'activity',
  tourOptions: 'tourOption',
  ticketRates: 'ticketRate',
  transferRates: 'transferRate',
  stopSales: 'stopSale',
  areaTransfers: 'areaTransfer',
  combos: 'combo',
  drivers: 'driver',
  locations: 'location',
};

export async function overview(scope: DmcScope) {
  const siteId = siteOf(scope);
  const [counts, cities] = await Promise.all([repo.recordCounts(siteId), repo.allCities(siteId)]);
  const entries = Object.entries(COUNTED).map(([key, kind]) => [key, counts[kind]] as const);
  return {
    counts: Object.fromEntries(entries) as TDmcCounts,
    cities: cities.sort((a, b) => a.cityName.localeCompare(b.cityName)),
  };
}

// ---------------------------------------------------------------------------------------------------
// Export

/** Everything the workbook holds, read once: the records of each sheet's master and the priority lists (the import). */
async function loadAll(scope: DmcScope) {
  const siteId = siteOf(scope);
  const [records, orders, defaultMarketId, cities] = await Promise.all([
    Promise.all(SHEET_DEFS.map((def) => repo.allRecords(siteId, def.kind))),
    repo.allRateOrders(siteId),
    repo.getDefaultMarketId(siteId),
    repo.allCities(siteId),
  ]);
  const byKind = new Map(SHEET_DEFS.map((def, i) => [def.kind, records[i]!] as const));
  return { byKind, orders, defaultMarketId, cities: new Map(cities.map((c) => [c.cityId, c.cityName])) };
}

/** A master's rates with their priorities, tour option by tour option, top first. */
function ranked(kind: RateKind, rates: DmcRecords[RateKind][], orders: Map<string, repo.RateOrder>) {
  const byOption = new Map<string, DmcRecords[RateKind][]>();
  for (const r of rates) byOption.set(r.tourOptionId, [...(byOption.get(r.tourOptionId) ?? []), r]);
  return [...byOption.keys()]
    .sort()
    .flatMap((id) => withPriority<DmcRecords[RateKind]>(byOption.get(id)!, orders.get(id)?.order ?? []));
}

export const startDataExport = (scope: DmcScope) =>
  startExport(scope, {
    kind: 'dmcData',
    filter: {},
    fileName: `dmc-data-${scope.now.toISOString().slice(0, 10)}.xlsx`,
  });

/**
 * The master data export in the worker: a sheet per master, each read when its sheet is written (one master in
 * memory at a time; rates need their whole master to be ranked tour option by tour option).
 */
export const dmcDataExport: ExportSource = async (site) => {
  const siteId = site.siteId;
  const orders = await repo.allRateOrders(siteId);
  return {
    total: null,
    creator: 'DMC back office',
    sheets: SHEET_DEFS.map((def) => {
      const { name, columns } = exportRows(def as SheetDef, []);
      async function* pages() {
        const records = (await repo.allRecords(siteId, def.kind)) as DmcRecords[DmcKind][];
        const rows =
          def.kind === 'ticketRate' || def.kind === 'transferRate'
            ? ranked(def.kind, records as DmcRecords[RateKind][], orders[def.kind])
            : records;
        yield* pagesOf(exportRows(def as SheetDef, rows).rows, EXPORT_LIMITS.pageRows, (row) => row);
      }
      return { name, columns, pages };
    }),
  };
};

// ---------------------------------------------------------------------------------------------------
// Import

interface Problem {
  sheet: string;
  row: number;
  column: string;
  message: string;
}
/** Problems listed in one answer; past it the answer says how many more there are. */
const MAX_LISTED = 300;

interface Row {
  sheet: SheetDef;
  row: number;
  id: string;
  record: DmcRecords[DmcKind];
  refs: Ref[];
  priority?: number | null;
  cityName?: string;
  isDefault?: boolean;
}

const isBlankRow = (cells: readonly unknown[]) => cells.every((v) => v === null || v === undefined || v === '');

/** Reads every sheet into rows, or lists what is wrong; nothing is written here. */
function readSheets(sheets: ReadSheet[], siteId: string): { rows: Row[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const rows: Row[] = [];
  for (const s of sheets)
    if (!SHEET_DEFS.some((d) => d.sheet === s.name) && s.rows.some((r) => !isBlankRow(r)))
      problems.push({
        sheet: s.name,
        row: 1,
        column: '',
        message: `Unknown sheet (expected ${DMC_SHEETS.join(', ')})`,
      });
  for (const def of SHEET_DEFS) {
    const sheet = sheets.find((s) => s.name === def.sheet);
    if (!sheet) continue;
    const headers = (sheet.rows[0] ?? []).map((h) => (h === null ? '' : String(h).trim()));
    const seen = new Map<string, number>();
    sheet.rows.slice(1).forEach((cells, i) => {
      const row = i + 2;
      if (isBlankRow(cells)) return;
      const read = readRow(def, headers, cells, siteId);
      if (!read.ok) {
        for (const issue of read.issues) problems.push({ sheet: def.sheet, row, ...issue });
        return;
      }
      const id = read.id!;
      const first = seen.get(id);
      if (first !== undefined) {
        problems.push({ sheet: def.sheet, row, column: 'id', message: `Same row or id as row ${first}` });
        return;
      }
      seen.set(id, row);
      rows.push({ sheet: def, row, id, ...read } as Row);
    });
  }
  return { rows, problems };
}

/** Ids each master will hold after the import: the site's and the file's. */
function knownIds(rows: Row[], byKind: Map<DmcKind, DmcRecords[DmcKind][]>): Map<DmcKind, Set<string>> {
  const known = new Map<DmcKind, Set<string>>();
  for (const [kind, recs] of byKind) known.set(kind, new Set(recs.map((r) => idOf(kind, r))));
  for (const r of rows) known.get(r.sheet.kind)?.add(r.id);
  return known;
}

/** Where a row points at nothing, and whether a tour option would hold more rates than a list can. */
function crossChecks(rows: Row[], byKind: Map<DmcKind, DmcRecords[DmcKind][]>): Problem[] {
  const problems: Problem[] = [];
  const known = knownIds(rows, byKind);
  for (const r of rows)
    for (const ref of r.refs)
      if (!known.get(ref.kind)?.has(ref.id))
        problems.push({ sheet: r.sheet.sheet, row: r.row, column: ref.column, message: ref.message });
  const defaults = rows.filter((r) => r.isDefault);
  for (const r of defaults.slice(1))
    problems.push({
      sheet: r.sheet.sheet,
      row: r.row,
      column: 'isDefault',
      message: 'Only one market can be the default',
    });
  for (const kind of ['ticketRate', 'transferRate'] as const) {
    const perOption = new Map<string, Set<string>>();
    const add = (option: string, id: string) => perOption.set(option, (perOption.get(option) ?? new Set()).add(id));
    for (const r of byKind.get(kind) as DmcRecords[RateKind][]) add(r.tourOptionId, r.id);
    for (const r of rows) if (r.sheet.kind === kind) add((r.record as DmcRecords[RateKind]).tourOptionId, r.id);
    for (const [option, ids] of perOption)
      if (ids.size > MAX_RATES_PER_OPTION) {
        const first = rows.find(
          (r) => r.sheet.kind === kind && (r.record as DmcRecords[RateKind]).tourOptionId === option,
        )!;
        problems.push({
          sheet: first.sheet.sheet,
          row: first.row,
          column: 'tourOptionId',
          message: `A tour option holds at most ${MAX_RATES_PER_OPTION} rates of each kind`,
        });
      }
  }
  return problems;
}

function refuse(problems: Problem[]): never {
  const fields: Record<string, string> = {};
  for (const p of problems.slice(0, MAX_LISTED))
    fields[`${p.sheet} row ${p.row}${p.column ? `: ${p.column}` : ''}`] ??= p.message;
  if (problems.length > MAX_LISTED) fields['…'] = `and ${problems.length - MAX_LISTED} more`;
  throw fail.validation(DMC_MSG.importRefused(problems.length), fields);
}

/** The new priority list of each tour option a rate sheet touches: sheet priorities, else as it was, new on top. */
function newOrders(kind: RateKind, rows: Row[], existing: DmcRecords[RateKind][], orders: Map<string, repo.RateOrder>) {
  const mine = rows.filter((r) => r.sheet.kind === kind);
  const inFile = new Map(mine.map((r) => [r.id, r]));
  const before = new Map(existing.map((r) => [r.id, r]));
  const touched = new Set<string>();
  for (const r of mine) {
    touched.add((r.record as DmcRecords[RateKind]).tourOptionId);
    const old = before.get(r.id);
    if (old) touched.add(old.tourOptionId);
  }
  const out = new Map<string, string[]>();
  for (const option of touched) {
    const current = orders.get(option)?.order ?? [];
    const ids = new Set([
      ...existing.filter((r) => r.tourOptionId === option && !inFile.has(r.id)).map((r) => r.id),
      ...mine.filter((r) => (r.record as DmcRecords[RateKind]).tourOptionId === option).map((r) => r.id),
    ]);
    // Each rate's place: its row's priority, else its place today; a new row without one goes on top, in row order.
    const place = (id: string, i: number): number =>
      inFile.get(id)?.priority ?? (current.includes(id) ? current.indexOf(id) + 1 : 1_000_000 + i);
    const listed = [...ids].map((id, i) => ({ id, p: place(id, i) }));
    listed.sort((a, b) => a.p - b.p || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    out.set(
      option,
      listed.map((x) => x.id),
    );
  }
  return out;
}

export async function importData(
  scope: DmcScope,
  input: In<typeof api.importDmcData>,
): Promise<{ dryRun: boolean; sheets: Record<string, { created: number; updated: number; unchanged: number }> }> {
  const siteId = siteOf(scope);
  let sheets: ReadSheet[];
  try {
    sheets = readXlsx(Buffer.from(input.file, 'base64'));
  } catch (err) {
    if (err instanceof XlsxReadError) throw fail.validation(DMC_MSG.notSpreadsheet, { file: DMC_MSG.notSpreadsheet });
    throw err;
  }
  const { rows, problems } = readSheets(sheets, siteId);
  const data = await loadAll(scope);
  problems.push(...crossChecks(rows, data.byKind));
  if (problems.length) refuse(problems);

  const by = auditActor(scope.principal);
  const change = (entity: string, id: string, before: unknown, after: unknown): TransactItem =>
    auditPut(
      siteId,
      {
        entity,
        id,
        action: 'import',
        before: before as Record<string, unknown>,
        after: after as Record<string, unknown>,
      },
      by,
      scope.now,
    );
  const groups: TransactItem[][] = [];
  const counts: Record<string, { created: number; updated: number; unchanged: number }> = {};

  // The default market: the file's, else the site's, else the first market there will be.
  const fileDefault = rows.find((r) => r.isDefault)?.id;
  const finalDefault = fileDefault ?? data.defaultMarketId ?? rows.find((r) => r.sheet.kind === 'market')?.id ?? null;
  if (finalDefault && finalDefault !== data.defaultMarketId) {
    groups.push([repo.putDefaultMarket(siteId, finalDefault, data.defaultMarketId)]);
    const old = (data.byKind.get('market') as DmcRecords['market'][]).find((m) => m.marketId === data.defaultMarketId);
    if (old && !rows.some((r) => r.id === old.marketId)) {
      const demoted = { ...old, isDefault: false };
      groups.push([repo.putRecord(siteId, 'market', demoted), change('market', old.marketId, old, demoted)]);
    }
  }

  // Cities named by the file (or already known) for the city filter.
  const cityNames = new Map(data.cities);
  const cityWrites = new Map<number, string>();

  const stored = new Map(
    [...data.byKind].map(([kind, recs]) => [kind, new Map(recs.map((x) => [idOf(kind, x), x]))] as const),
  );
  for (const r of rows) {
    const kind = r.sheet.kind;
    const existing = stored.get(kind)?.get(r.id) ?? null;
    let after = r.record as Record<string, unknown>;
    if ('cityId' in after) {
      const cityId = after.cityId as number;
      const name = cityLabel(cityId, r.cityName || cityNames.get(cityId));
      if (cityNames.get(cityId) !== name) cityWrites.set(cityId, name);
      cityNames.set(cityId, name);
      after = { ...after, cityName: name };
    }
    if (kind === 'market') after = { ...after, isDefault: r.id === finalDefault };
    const tally = (counts[r.sheet.sheet] ??= { created: 0, updated: 0, unchanged: 0 });
    if (existing && unchanged({ before: existing as Record<string, unknown>, after })) {
      tally.unchanged++;
      continue;
    }
    if (existing) tally.updated++;
    else tally.created++;
    // Created or updated as read: a row new to the site is counted (a concurrent create cancels its group).
    groups.push([
      repo.putRecord(siteId, kind, after as DmcRecords[DmcKind], existing ? 'update' : 'create'),
      change(kind, r.id, existing, after),
    ]);
  }
  for (const [cityId, name] of cityWrites) groups.push([repo.putCity(siteId, cityId, name)]);

  for (const kind of ['ticketRate', 'transferRate'] as const) {
    const existing = data.byKind.get(kind) as DmcRecords[RateKind][];
    for (const [option, order] of newOrders(kind, rows, existing, data.orders[kind])) {
      const current = data.orders[kind].get(option);
      if (JSON.stringify(current?.order ?? []) === JSON.stringify(order)) continue;
      const field = kind === 'ticketRate' ? 'ticketRatePriority' : 'transferRatePriority';
      groups.push([
        repo.putRateOrder(siteId, kind, option, order, current?.version ?? 0, false),
        change('tourOption', option, { [field]: current?.order ?? [] }, { [field]: order }),
      ]);
    }
  }

  if (!input.dryRun) {
    const transactions = await repo.commitGroups(groups);
    scope.log.info('dmc import', { rows: rows.length, writes: groups.length, transactions });
  }
  return { dryRun: input.dryRun, sheets: counts };
}

// ---------------------------------------------------------------------------------------------------
// Audit trail

export const auditTrailOf = (
  scope: DmcScope,
  input: { entity: string; id: string; cursor?: string | undefined; limit: number },
) => auditTrail(siteOf(scope), input.entity, input.id, { cursor: input.cursor, limit: input.limit });

// The dmc Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetAllDmcData = answers(api.getAllDmcData, (_input, scope) => overview(scope));
export const answerExportDmcData = answers(api.exportDmcData, (_input, scope) => startDataExport(scope));
export const answerImportDmcData = answers(api.importDmcData, async (input, scope) => {
  const out = await importData(scope, input);
  return reply(out, { message: out.dryRun ? DMC_MSG.importChecked : DMC_MSG.imported });
});
export const answerGetDmcAuditTrail = answers(api.getDmcAuditTrail, (input, scope) => auditTrailOf(scope, input));
