/**
 * The import/export workbook (docs/dmc.md "Data management"): one sheet per master, headers = the API's field
 * names, so a row is checked exactly like the save call it stands for: the endpoint's request schema (lengths,
 * characters, id shapes), then the domain rule (the spec's messages). Pure: no I/O here.
 */
import { createHash } from 'node:crypto';
import type * as z from 'zod/mini';
import * as areasApi from '@tp/contracts/endpoints/areas';
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG, type DmcSheet } from '@tp/contracts/endpoints/dmc';
import {
  accommodationErrors,
  activityErrors,
  areaErrors,
  areaTransferErrors,
  marketErrors,
  normaliseAreaTransfer,
  stopSaleErrors,
  ticketRateErrors,
  tourOptionErrors,
  transferRateErrors,
  withActivityDefaults,
  type AreaTransfer,
  type StopSale,
} from '@tp/domain/dmc';
import type { XlsxCell } from '#lib/xlsx';
import { cellDate, type ReadCell } from '#lib/xlsx-read';
import { RULE_MESSAGES } from './changes.ts';
import type { DmcKind } from './keys.ts';
import { idOf, type DmcRecords } from './records.ts';

type ColumnType = 'text' | 'int' | 'number' | 'bool' | 'date' | 'list';
interface Column {
  field: string;
  type: ColumnType;
  width?: number;
}

export interface RowIssue {
  column: string;
  message: string;
}

/** A row as a record, or what is wrong with it; `refs` are the ids it points at, checked against the whole data. */
export type BuiltRow<K extends DmcKind> =
  | { ok: true; record: DmcRecords[K]; refs: Ref[]; priority?: number | null; cityName?: string; isDefault?: boolean }
  | { ok: false; issues: RowIssue[] };

export interface Ref {
  column: string;
  kind: DmcKind;
  id: string;
  message: string;
}

export interface SheetDef<K extends DmcKind = DmcKind> {
  sheet: DmcSheet;
  kind: K;
  columns: Column[];
  /** The save call's request: a row must get past it as a body would. */
  request: z.ZodMiniType;
  build(input: Record<string, unknown>, id: string): BuiltRow<K>;
}

const M = RULE_MESSAGES;
const issuesOf = (errors: Record<string, string | undefined>): RowIssue[] =>
  Object.entries(errors)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([column, message]) => ({ column, message }));
const built = <K extends DmcKind>(
  errors: Record<string, string | undefined>,
  ok: () => Extract<BuiltRow<K>, { ok: true }>,
): BuiltRow<K> => {
  const issues = issuesOf(errors);
  return issues.length ? { ok: false, issues } : ok();
};
const ref = (column: string, kind: DmcKind, id: string, message: string): Ref => ({ column, kind, id, message });

const c = (field: string, type: ColumnType = 'text', width?: number): Column => ({
  field,
  type,
  ...(width ? { width } : {}),
});
const ID = c('id', 'text', 28);
const CITY = [c('cityId', 'int'), c('cityName', 'text', 18)];
const TERMS = [
  c('isPerPax', 'bool'),
  c('minPax', 'int'),
  c('maxPax', 'int'),
  c('validFromDate', 'date', 12),
  c('validTillDate', 'date', 12),
];
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const orNull = <T>(v: T | undefined) => v ?? null;
/** A rate's optional costs: a blank cell stores none (a record saved without a cost imports back unchanged). */
const costs = (cells: Record<string, unknown>): Record<string, number> =>
  Object.fromEntries(Object.entries(cells).filter((e): e is [string, number] => typeof e[1] === 'number'));

type Input = Record<string, unknown>;

const markets: SheetDef<'market'> = {
  sheet: 'Markets',
  kind: 'market',
  columns: [ID, c('name', 'text', 20), c('currency'), c('isDefault', 'bool')],
  request: api.createNewMarket.request,
  build: (i, id) => {
    const currency = str(i.currency).toUpperCase();
    return built(marketErrors({ name: str(i.name), currency }, M), () => ({
      ok: true,
      record: { marketId: id, name: str(i.name), currency, isDefault: false },
      refs: [],
      isDefault: i.isDefault === true,
    }));
  },
};

const areas: SheetDef<'area'> = {
  sheet: 'Areas',
  kind: 'area',
  columns: [ID, c('name', 'text', 24), ...CITY],
  request: areasApi.addArea.request,
  build: (i, id) =>
    built(areaErrors({ name: orNull(i.name as string | undefined), cityId: i.cityId as number }, M), () => ({
      ok: true,
      record: { id, name: str(i.name), cityId: i.cityId as number, cityName: '' },
      refs: [],
      cityName: str(i.cityName),
    })),
};

const hotels: SheetDef<'hotel'> = {
  sheet: 'Hotels',
  kind: 'hotel',
  columns: [
    ID,
    c('name', 'text', 30),
    c('address', 'text', 30),
    c('area', 'text', 20),
    ...CITY,
    c('phoneNumber'),
    c('email', 'text', 24),
  ],
  request: api.createNewAccomodation.request,
  build: (i, id) =>
    built(accommodationErrors(i as Parameters<typeof accommodationErrors>[0], M), () => ({
      ok: true,
      record: {
        id,
        name: str(i.name),
        address: str(i.address),
        area: orNull(i.area as string | undefined),
        cityId: i.cityId as number,
        cityName: '',
        phoneNumber: str(i.phoneNumber),
        email: str(i.email),
      },
      refs: i.area ? [ref('area', 'area', i.area as string, DMC_MSG.unknownArea)] : [],
      cityName: str(i.cityName),
    })),
};

const activities: SheetDef<'activity'> = {
  sheet: 'Activities',
  kind: 'activity',
  columns: [
    ID,
    c('name', 'text', 28),
    c('description', 'text', 30),
    ...CITY,
    c('priority', 'int'),
    c('area', 'text', 20),
  ],
  request: api.saveActivity.request,
  build: (i, id) => {
    const draft = withActivityDefaults(i as Parameters<typeof activityErrors>[0]);
    return built(activityErrors(draft, M), () => ({
      ok: true,
      record: {
        id,
        name: str(i.name),
        description: draft.description,
        cityId: i.cityId as number,
        cityName: '',
        priority: draft.priority,
        area: draft.area,
      },
      refs: draft.area ? [ref('area', 'area', draft.area, DMC_MSG.unknownArea)] : [],
      cityName: str(i.cityName),
    }));
  },
};

const tourOptions: SheetDef<'tourOption'> = {
  sheet: 'Tour options',
  kind: 'tourOption',
  columns: [
    ID,
    c('activityId', 'text', 24),
    c('name', 'text', 28),
    c('description', 'text', 30),
    c('hasTimeSlots', 'bool'),
    c('timeSlots', 'list', 18),
    c('hasMeal', 'bool'),
    c('hasGuide', 'bool'),
    c('hasTicket', 'bool'),
    c('pickupTime'),
    c('dropPickupTime'),
  ],
  request: api.saveTourOptions.request,
  build: (i, id) => {
    const rec = {
      id,
      activityId: str(i.activityId),
      name: str(i.name),
      description: str(i.description),
      hasTimeSlots: i.hasTimeSlots === true,
      timeSlots: i.hasTimeSlots === true ? (i.timeSlots as string[]) : [],
      hasMeal: i.hasMeal === true,
      hasGuide: i.hasGuide === true,
      hasTicket: i.hasTicket !== false,
      pickupTime: orNull(i.pickupTime as string | undefined),
      dropPickupTime: orNull(i.dropPickupTime as string | undefined),
    };
    return built(tourOptionErrors(rec, M), () => ({
      ok: true,
      record: rec,
      refs: [ref('activityId', 'activity', rec.activityId, DMC_MSG.unknownActivity)],
    }));
  },
};

const rateTerms = (i: Input) => ({
  tourOptionId: str(i.tourOptionId),
  marketId: orNull(i.marketId as string | undefined),
  isPerPax: i.isPerPax !== false,
  minPax: orNull(i.minPax as number | null | undefined),
  maxPax: orNull(i.maxPax as number | null | undefined),
  validFromDate: orNull(i.validFromDate as string | undefined),
  validTillDate: orNull(i.validTillDate as string | undefined),
});
const rateRefs = (tourOptionId: string, marketId: string) => [
  ref('tourOptionId', 'tourOption', tourOptionId, DMC_MSG.unknownTourOption),
  ref('marketId', 'market', marketId, DMC_MSG.unknownMarket),
];
/** Priority: the rate's place in its tour option's list (1 = bottom); blank puts a new row on top. */
const PRIORITY = c('priority', 'int');

const ticketRates: SheetDef<'ticketRate'> = {
  sheet: 'Ticket rates',
  kind: 'ticketRate',
  columns: [
    ID,
    c('tourOptionId', 'text', 30),
    c('marketId', 'text', 16),
    c('adultAmount', 'number'),
    c('childAmount', 'number'),
    c('adultCost', 'number'),
    c('childCost', 'number'),
    ...TERMS,
    PRIORITY,
  ],
  request: api.saveActivityTicketRates.request,
  build: (i, id) => {
    const draft = {
      ...rateTerms(i),
      adultAmount: i.adultAmount as number | null,
      childAmount: i.childAmount as number | null,
      ...costs({ adultCost: i.adultCost, childCost: i.childCost }),
    };
    return built(ticketRateErrors(draft, M), () => ({
      ok: true,
      record: { ...(draft as Omit<DmcRecords['ticketRate'], 'id'>), id },
      refs: rateRefs(draft.tourOptionId, draft.marketId!),
      priority: orNull(i.priority as number | null | undefined),
    }));
  },
};

const transferRates: SheetDef<'transferRate'> = {
  sheet: 'Transfer rates',
  kind: 'transferRate',
  columns: [
    ID,
    c('tourOptionId', 'text', 30),
    c('marketId', 'text', 16),
    c('description', 'text', 28),
    c('transferType', 'text', 14),
    c('sharingBasis'),
    c('amount', 'number'),
    c('cost', 'number'),
    ...TERMS,
    PRIORITY,
  ],
  request: api.saveTourOptionTransferRates.request,
  build: (i, id) => {
    const draft = {
      ...rateTerms(i),
      description: str(i.description),
      transferType: orNull(i.transferType as DmcRecords['transferRate']['transferType'] | undefined),
      sharingBasis: orNull(i.sharingBasis as DmcRecords['transferRate']['sharingBasis'] | undefined),
      amount: i.amount as number | null,
      ...costs({ cost: i.cost }),
    };
    return built(transferRateErrors(draft, M), () => ({
      ok: true,
      record: { ...(draft as Omit<DmcRecords['transferRate'], 'id'>), id },
      refs: rateRefs(draft.tourOptionId, draft.marketId!),
      priority: orNull(i.priority as number | null | undefined),
    }));
  },
};

const stopSales: SheetDef<'stopSale'> = {
  sheet: 'Stop sales',
  kind: 'stopSale',
  columns: [
    ID,
    c('tourOptionId', 'text', 30),
    c('marketId', 'text', 16),
    c('fromDate', 'date', 12),
    c('tillDate', 'date', 12),
    c('reason', 'text', 30),
  ],
  request: api.saveStopSale.request,
  build: (i, id) => {
    const draft = {
      tourOptionId: str(i.tourOptionId),
      marketId: orNull(i.marketId as string | null | undefined),
      fromDate: orNull(i.fromDate as string | undefined),
      tillDate: orNull(i.tillDate as string | undefined),
      reason: str(i.reason),
    };
    return built(stopSaleErrors(draft, M), () => ({
      ok: true,
      record: { ...(draft as Omit<StopSale, 'id'>), id },
      refs: [
        ref('tourOptionId', 'tourOption', draft.tourOptionId, DMC_MSG.unknownTourOption),
        ...(draft.marketId ? [ref('marketId', 'market', draft.marketId, DMC_MSG.unknownMarket)] : []),
      ],
    }));
  },
};

const areaTransfers: SheetDef<'areaTransfer'> = {
  sheet: 'Area transfers',
  kind: 'areaTransfer',
  columns: [
    ID,
    c('from', 'text', 20),
    c('to', 'text', 20),
    c('marketId', 'text', 16),
    c('description', 'text', 30),
    c('transferType', 'text', 14),
    c('sharingBasis'),
    c('amount', 'number'),
    c('cost', 'number'),
    c('isStandAlone', 'bool'),
    c('minPax', 'int'),
    c('maxPax', 'int'),
    c('validFromDate', 'date', 12),
    c('validTillDate', 'date', 12),
  ],
  request: areasApi.createTransfers.request,
  build: (i, id) => {
    const draft = {
      from: orNull(i.from as string | undefined),
      to: orNull(i.to as string | undefined),
      marketId: orNull(i.marketId as string | undefined),
      description: str(i.description),
      transferType: orNull(i.transferType as AreaTransfer['transferType'] | undefined),
      sharingBasis: orNull(i.sharingBasis as AreaTransfer['sharingBasis'] | undefined),
      amount: i.amount as number | null,
      ...costs({ cost: i.cost }),
      isStandAlone: i.isStandAlone === true,
      isPerPax: i.sharingBasis === 'sharing',
      minPax: orNull(i.minPax as number | null | undefined),
      maxPax: orNull(i.maxPax as number | null | undefined),
      validFromDate: orNull(i.validFromDate as string | undefined),
      validTillDate: orNull(i.validTillDate as string | undefined),
    };
    const errors: Record<string, string | undefined> = areaTransferErrors(draft, M);
    if (draft.from && draft.from === draft.to) errors.to ??= DMC_MSG.sameArea;
    return built(errors, () => ({
      ok: true,
      record: normaliseAreaTransfer({ ...draft, id } as AreaTransfer),
      refs: [
        ref('from', 'area', draft.from!, DMC_MSG.unknownArea),
        ref('to', 'area', draft.to!, DMC_MSG.unknownArea),
        ref('marketId', 'market', draft.marketId!, DMC_MSG.unknownMarket),
      ],
    }));
  },
};

/** In DMC_SHEETS order: a row may point at rows of the sheets before it. */
export const SHEET_DEFS: readonly SheetDef[] = [
  markets,
  areas,
  hotels,
  activities,
  tourOptions,
  ticketRates,
  transferRates,
  stopSales,
  areaTransfers,
] as unknown as SheetDef[];

// ---------------------------------------------------------------------------------------------------
// Cells → request body

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/** One cell as the request body would carry it; blank is absent (the schema's default applies). */
function cellValue(type: ColumnType, v: ReadCell): unknown {
  if (v === null || (typeof v === 'string' && !v.trim())) return type === 'list' ? [] : undefined;
  switch (type) {
    case 'bool': {
      if (typeof v === 'boolean') return v;
      const s = String(v).trim().toLowerCase();
      return TRUE.has(s) ? true : FALSE.has(s) ? false : String(v);
    }
    case 'date':
      return cellDate(v);
    case 'list':
      return String(v)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    case 'int':
    case 'number':
      return typeof v === 'number' ? v : String(v).trim();
    default:
      return typeof v === 'boolean' ? (v ? 'TRUE' : 'FALSE') : String(v);
  }
}

/** The id field each sheet's request names its record by. */
const idField = (kind: DmcKind) => (kind === 'market' ? 'marketId' : 'id');

/**
 * A blank id gets one derived from the row's content (24 hex): importing the same sheet twice updates the rows
 * the first import created instead of duplicating them. Rows other sheets point at carry their own `dmc-` id.
 */
export function rowId(siteId: string, sheet: string, body: Input): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return createHash('sha256').update(`${siteId}|${sheet}|${canonical}`).digest('hex').slice(0, 24);
}

/** Reads one row: the request schema first (as a body), then the domain rule. */
export function readRow<K extends DmcKind>(
  def: SheetDef<K>,
  headers: readonly string[],
  cells: readonly ReadCell[],
  siteId: string,
): BuiltRow<K> & { id?: string } {
  const body: Input = {};
  const unknown: RowIssue[] = [];
  headers.forEach((h, i) => {
    const column = def.columns.find((col) => col.field === h);
    if (!column) {
      if (cells[i] !== null && cells[i] !== undefined && cells[i] !== '')
        unknown.push({ column: h || `column ${i + 1}`, message: 'Unknown column' });
      return;
    }
    const value = cellValue(column.type, cells[i] ?? null);
    if (value !== undefined) body[column.field === 'id' ? idField(def.kind) : column.field] = value;
  });
  if (unknown.length) return { ok: false, issues: unknown };
  const { priority, ...request } = body;
  const parsed = def.request.safeParse(request);
  if (!parsed.success) {
    const issues: RowIssue[] = [];
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '_');
      const column = field === idField(def.kind) ? 'id' : field;
      if (!issues.some((x) => x.column === column)) issues.push({ column, message: issue.message });
    }
    return { ok: false, issues };
  }
  const input = parsed.data as Input;
  if (priority !== undefined) {
    const n = typeof priority === 'number' ? priority : Number(priority);
    if (!Number.isInteger(n) || n < 1) return { ok: false, issues: [{ column: 'priority', message: M.tooSmall(1) }] };
    input.priority = n;
  }
  const given = input[idField(def.kind)];
  const id = typeof given === 'string' && given ? given : rowId(siteId, def.sheet, request);
  const out = def.build(input, id);
  return out.ok ? { ...out, id } : out;
}

/** A record's cell in a column: the column names the field (the `id` column the record's id), so the columns are the one list of what a sheet holds, for import and export alike. */
function cellOf<K extends DmcKind>(kind: K, rec: DmcRecords[K], col: Column): XlsxCell {
  const value = col.field === 'id' ? idOf(kind, rec) : (rec as unknown as Record<string, unknown>)[col.field];
  if (col.type === 'list') return Array.isArray(value) ? value.join(', ') : '';
  return (value ?? null) as XlsxCell;
}

/** Export: a sheet's header row and record rows (a rate's `priority` is its place in its list, set by the caller). */
export function exportRows<K extends DmcKind>(def: SheetDef<K>, records: readonly DmcRecords[K][]) {
  return {
    name: def.sheet,
    columns: def.columns.map((col) => ({ header: col.field, width: col.width ?? 12 })),
    rows: records.map((r) => def.columns.map((col) => cellOf(def.kind, r, col))),
  };
}

export { idOf };
