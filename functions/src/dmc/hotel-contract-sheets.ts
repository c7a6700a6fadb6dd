/**
 * A hotel contract as a workbook (docs/dmc.md "Hotel contracts"): one sheet per part, headers = the save call's
 * field names (`cost.double`, `sell.double` for the price columns), rate rows in the order they are tried. Reading
 * checks every row through the save request's row schema, then the whole contract through the domain's rules, and
 * names each problem by sheet, row and column. Pure: no I/O here.
 */
import type * as z from 'zod/mini';
import {
  zHotelAllotment,
  zHotelChildBand,
  zHotelRateRow,
  zHotelRoomType,
  zHotelStopSale,
} from '@tp/contracts/endpoints/dmc';
import { MEAL_PLANS, OCCUPANCY_PRICES, hotelContractErrors, type HotelContract, type MealPlan } from '@tp/domain/dmc';
import type { XlsxCell, XlsxSheet } from '#lib/xlsx';
import { cellDate, type ReadCell, type ReadSheet } from '#lib/xlsx-read';

type Part = 'roomTypes' | 'mealPlans' | 'rates' | 'childBands' | 'stopSales' | 'allotments';
type CellType = 'text' | 'int' | 'number' | 'date';

interface SheetSpec {
  part: Part;
  name: string;
  columns: { field: string; type: CellType }[];
  row: () => z.ZodMiniType;
}

const col = (field: string, type: CellType = 'text') => ({ field, type });
const PRICE_COLUMNS = (['cost', 'sell'] as const).flatMap((side) =>
  OCCUPANCY_PRICES.map((k) => col(`${side}.${k}`, 'number')),
);

export const HOTEL_CONTRACT_SHEETS: readonly SheetSpec[] = [
  {
    part: 'roomTypes',
    name: 'Room types',
    columns: [col('id'), col('name'), col('maxAdults', 'int'), col('maxChildren', 'int'), col('maxOccupancy', 'int')],
    row: zHotelRoomType,
  },
  { part: 'mealPlans', name: 'Meal plans', columns: [col('mealPlan')], row: () => zHotelRateRow().shape.mealPlan },
  {
    part: 'rates',
    name: 'Rates',
    columns: [
      col('id'),
      col('marketId'),
      col('roomTypeId'),
      col('mealPlan'),
      col('validFromDate', 'date'),
      col('validTillDate', 'date'),
      col('minStay', 'int'),
      ...PRICE_COLUMNS,
      col('markupPercent', 'number'),
    ],
    row: zHotelRateRow,
  },
  {
    part: 'childBands',
    name: 'Child bands',
    columns: [col('id'), col('minAge', 'int'), col('maxAge', 'int'), col('charge')],
    row: zHotelChildBand,
  },
  {
    part: 'stopSales',
    name: 'Stop sales',
    columns: [
      col('id'),
      col('roomTypeId'),
      col('marketId'),
      col('fromDate', 'date'),
      col('tillDate', 'date'),
      col('reason'),
    ],
    row: zHotelStopSale,
  },
  {
    part: 'allotments',
    name: 'Allotments',
    columns: [
      col('id'),
      col('roomTypeId'),
      col('fromDate', 'date'),
      col('tillDate', 'date'),
      col('rooms', 'int'),
      col('releaseDays', 'int'),
    ],
    row: zHotelAllotment,
  },
];

const get = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : null), o);

/** The contract as sheets, for the export. */
export function contractSheets(c: HotelContract): XlsxSheet[] {
  return HOTEL_CONTRACT_SHEETS.map((s) => {
    const records: unknown[] = s.part === 'mealPlans' ? c.mealPlans.map((mealPlan) => ({ mealPlan })) : c[s.part];
    return {
      name: s.name,
      columns: s.columns.map((x) => ({ header: x.field, width: x.field === 'reason' ? 30 : 14 })),
      rows: records.map((r) =>
        s.columns.map((x) => {
          const v = get(r, x.field);
          return (v ?? null) as XlsxCell;
        }),
      ),
    };
  });
}

export interface SheetProblem {
  sheet: string;
  row: number;
  column: string;
  message: string;
}

function cellValue(type: CellType, v: ReadCell): unknown {
  if (v === null || (typeof v === 'string' && !v.trim())) return null;
  if (type === 'date') return cellDate(v);
  if (type === 'int' || type === 'number') {
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    return Number.isFinite(n) ? n : String(v);
  }
  return String(v).trim();
}

/** One row as the save request's row: dotted headers nest, blank prices are null, no sell price at all is null. */
function rowBody(spec: SheetSpec, headers: readonly string[], cells: readonly ReadCell[]) {
  const body: Record<string, unknown> = {};
  const unknown: string[] = [];
  headers.forEach((h, i) => {
    const column = spec.columns.find((x) => x.field === h);
    const value = cellValue(column?.type ?? 'text', cells[i] ?? null);
    if (!column) {
      if (value !== null) unknown.push(h || `column ${i + 1}`);
      return;
    }
    const [head, tail] = h.split('.') as [string, string | undefined];
    if (tail) body[head] = { ...(body[head] as object), [tail]: value };
    else if (value !== null) body[head] = value;
  });
  if (spec.part === 'rates') {
    const sell = body.sell as Record<string, unknown> | undefined;
    if (!sell || Object.values(sell).every((v) => v === null)) body.sell = null;
    body.markupPercent ??= null;
    body.cost ??= Object.fromEntries(OCCUPANCY_PRICES.map((k) => [k, null]));
  }
  if (spec.part === 'stopSales') {
    body.roomTypeId ??= null;
    body.marketId ??= null;
  }
  return { body, unknown };
}

const isBlankRow = (cells: readonly ReadCell[]) => cells.every((v) => v === null || v === '');

/**
 * The contract a workbook holds, or every problem in it (none written: the caller saves only a clean file).
 * Sheets left out leave that part empty; an unknown sheet or column is a problem.
 */
export function readContract(
  hotelId: string,
  sheets: readonly ReadSheet[],
  markets: ReadonlySet<string>,
  unknownMarket: string,
): { ok: true; contract: HotelContract; rows: Record<string, number> } | { ok: false; problems: SheetProblem[] } {
  const problems: SheetProblem[] = [];
  const names = HOTEL_CONTRACT_SHEETS.map((s) => s.name);
  for (const s of sheets)
    if (!names.includes(s.name) && s.rows.some((r) => !isBlankRow(r)))
      problems.push({ sheet: s.name, row: 1, column: '', message: `Unknown sheet (expected ${names.join(', ')})` });
  const parts: Record<Part, unknown[]> = {
    roomTypes: [],
    mealPlans: [],
    rates: [],
    childBands: [],
    stopSales: [],
    allotments: [],
  };
  /** Where each part's n-th record came from (Excel's row number), to name the domain rules' problems. */
  const origin: Record<Part, number[]> = {
    roomTypes: [],
    mealPlans: [],
    rates: [],
    childBands: [],
    stopSales: [],
    allotments: [],
  };
  for (const spec of HOTEL_CONTRACT_SHEETS) {
    const sheet = sheets.find((s) => s.name === spec.name);
    if (!sheet) continue;
    const headers = (sheet.rows[0] ?? []).map((h) => (h === null ? '' : String(h).trim()));
    const seen = new Map<string, number>();
    sheet.rows.slice(1).forEach((cells, i) => {
      const row = i + 2;
      if (isBlankRow(cells)) return;
      const { body, unknown } = rowBody(spec, headers, cells);
      for (const column of unknown) problems.push({ sheet: spec.name, row, column, message: 'Unknown column' });
      const parsed = spec.row().safeParse(spec.part === 'mealPlans' ? body.mealPlan : body);
      if (!parsed.success) {
        const listed = new Set<string>();
        for (const issue of parsed.error.issues) {
          const column = spec.part === 'mealPlans' ? 'mealPlan' : issue.path.map(String).join('.') || '_';
          if (!listed.has(column)) problems.push({ sheet: spec.name, row, column, message: issue.message });
          listed.add(column);
        }
        return;
      }
      const key = spec.part === 'mealPlans' ? String(parsed.data) : String((parsed.data as { id: string }).id);
      const first = seen.get(key);
      if (first !== undefined) {
        problems.push({
          sheet: spec.name,
          row,
          column: spec.part === 'mealPlans' ? 'mealPlan' : 'id',
          message: `Same id as row ${first}`,
        });
        return;
      }
      seen.set(key, row);
      parts[spec.part].push(parsed.data);
      origin[spec.part].push(row);
    });
  }
  if (problems.length) return { ok: false, problems };
  const contract: HotelContract = {
    hotelId,
    roomTypes: parts.roomTypes as HotelContract['roomTypes'],
    mealPlans: MEAL_PLANS.filter((m) => (parts.mealPlans as MealPlan[]).includes(m)),
    rates: parts.rates as HotelContract['rates'],
    childBands: parts.childBands as HotelContract['childBands'],
    stopSales: parts.stopSales as HotelContract['stopSales'],
    allotments: parts.allotments as HotelContract['allotments'],
  };
  const errors = hotelContractErrors(contract);
  contract.rates.forEach((r, i) => {
    if (!markets.has(r.marketId)) errors[`rates.${i}.marketId`] ??= unknownMarket;
  });
  contract.stopSales.forEach((s, i) => {
    if (s.marketId !== null && !markets.has(s.marketId)) errors[`stopSales.${i}.marketId`] ??= unknownMarket;
  });
  for (const [path, message] of Object.entries(errors)) problems.push(locate(path, message, origin));
  if (problems.length) return { ok: false, problems };
  const rows = Object.fromEntries(HOTEL_CONTRACT_SHEETS.map((s) => [s.name, parts[s.part].length]));
  return { ok: true, contract, rows };
}

/** `rates.2.validTillDate` → the Rates sheet, the row the third rate came from, column validTillDate. */
function locate(path: string, message: string, origin: Record<Part, number[]>): SheetProblem {
  const [part, index, ...rest] = path.split('.') as [Part, string, ...string[]];
  const spec = HOTEL_CONTRACT_SHEETS.find((s) => s.part === part);
  return {
    sheet: spec?.name ?? part,
    row: origin[part]?.[Number(index)] ?? 0,
    column: rest.join('.'),
    message,
  };
}
