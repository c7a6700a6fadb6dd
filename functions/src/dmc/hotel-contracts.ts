/**
 * Hotel contracts (docs/dmc.md "Hotel contracts"; /staff/dmc-hotel-contracts): read and save a hotel's contract
 * whole on its version, price a stay night by night from it, and the contract as .xlsx out and in (every row
 * checked before anything is written). Every change is audited with the contract before and after.
 */
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import * as api from '@tp/contracts/endpoints/dmc';
import { DMC_MSG, HOTEL_CONTRACT_MSG, type THotelContractView } from '@tp/contracts/endpoints/dmc';
import {
  hotelContractErrors,
  hotelRateOverlaps,
  priceHotelStay,
  stayNights,
  type HotelContract,
  type HotelStayRequest,
} from '@tp/domain/dmc';
import { fail, refuseIfAny } from '#lib/errors';
import { answers, reply } from '#lib/answers';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import { pagesOf, startExport, type ExportSource } from '../exports/index.ts';
import { XlsxReadError, readXlsx } from '#lib/xlsx-read';
import { audited, CHANGED_MEANWHILE, siteOf, type DmcScope } from './changes.ts';
import { contractSheets, readContract, type SheetProblem } from './hotel-contract-sheets.ts';
import { allTaken, getContract, putContract, takenRooms } from './hotel-contracts-repo.ts';
import { marketOrDefault } from './markets.ts';
import { existing } from './masters.ts';
import { allRecords, commit, getRecords, recordExists } from './repo.ts';

const emptyContract = (hotelId: string): HotelContract => ({
  hotelId,
  roomTypes: [],
  mealPlans: [],
  rates: [],
  childBands: [],
  stopSales: [],
  allotments: [],
});

/** The site's calendar day (allotment release periods count from it). */
const today = (scope: DmcScope) => scope.now.toISOString().slice(0, 10);

/** Per allotment row: the most rooms taken on any of its nights. */
async function allotmentUse(scope: DmcScope, c: HotelContract): Promise<Record<string, number>> {
  if (c.allotments.length === 0) return {};
  const taken = await allTaken(siteOf(scope), c.hotelId);
  return Object.fromEntries(
    c.allotments.map((a) => [
      a.id,
      taken
        .filter((t) => t.roomTypeId === a.roomTypeId && a.fromDate <= t.date && t.date <= a.tillDate)
        .reduce((m, t) => Math.max(m, t.taken), 0),
    ]),
  );
}

async function viewOf(
  scope: DmcScope,
  hotelName: string,
  c: HotelContract,
  version: number,
): Promise<THotelContractView> {
  return {
    hotelId: c.hotelId,
    hotelName,
    version,
    contract: c,
    overlaps: hotelRateOverlaps(c.rates),
    allotmentTaken: await allotmentUse(scope, c),
  };
}

export async function hotelContract(scope: DmcScope, hotelId: string): Promise<THotelContractView> {
  const hotel = (await existing(scope, 'hotel', hotelId))!;
  const stored = await getContract(siteOf(scope), hotelId);
  return viewOf(scope, hotel.name, stored?.contract ?? emptyContract(hotelId), stored?.version ?? 0);
}

/** Markets the rows name must be the site's (a market deleted meanwhile fails the transaction's checks). */
async function unknownMarkets(scope: DmcScope, c: HotelContract): Promise<Set<string>> {
  const ids = [...new Set([...c.rates.map((r) => r.marketId), ...c.stopSales.flatMap((s) => s.marketId ?? [])])];
  const found = new Set((await getRecords(siteOf(scope), 'market', ids)).map((m) => m.marketId));
  return new Set(ids.filter((id) => !found.has(id)));
}

async function store(scope: DmcScope, c: HotelContract, readVersion: number, action: 'update' | 'import') {
  const siteId = siteOf(scope);
  const hotel = (await existing(scope, 'hotel', c.hotelId))!;
  const before = await getContract(siteId, c.hotelId);
  if ((before?.version ?? 0) !== readVersion) throw fail.conflict(CHANGED_MEANWHILE);
  const markets = [...new Set([...c.rates.map((r) => r.marketId), ...c.stopSales.flatMap((s) => s.marketId ?? [])])];
  const items = [
    putContract(siteId, c, readVersion),
    recordExists(siteId, 'hotel', c.hotelId),
    ...markets.map((id) => recordExists(siteId, 'market', id)),
    ...audited(scope, 'hotelContract', c.hotelId, before ? action : 'create', before?.contract ?? null, c),
  ];
  if (items.length > 100) throw fail.validation(HOTEL_CONTRACT_MSG.tooManyRows(90), { rates: 'Too many markets' });
  if (!(await commit(items))) throw fail.conflict(CHANGED_MEANWHILE);
  return viewOf(scope, hotel.name, c, readVersion + 1);
}

export async function saveHotelContract(
  scope: DmcScope,
  input: ParsedRequestOf<typeof api.saveHotelContract>,
): Promise<THotelContractView> {
  const { version, ...body } = input;
  const contract = body as HotelContract;
  // Another site's hotel is a 404 before any rule speaks of its rows.
  await existing(scope, 'hotel', contract.hotelId);
  refuseIfAny(hotelContractErrors(contract));
  const missing = await unknownMarkets(scope, contract);
  refuseIfAny({
    ...Object.fromEntries(
      contract.rates.flatMap((r, i) =>
        missing.has(r.marketId) ? [[`rates.${i}.marketId`, DMC_MSG.unknownMarket]] : [],
      ),
    ),
    ...Object.fromEntries(
      contract.stopSales.flatMap((s, i) =>
        s.marketId !== null && missing.has(s.marketId) ? [[`stopSales.${i}.marketId`, DMC_MSG.unknownMarket]] : [],
      ),
    ),
  });
  return store(scope, contract, version, 'update');
}

export async function priceStay(scope: DmcScope, input: ParsedRequestOf<typeof api.priceHotelStay>) {
  await existing(scope, 'hotel', input.hotelId);
  const market = await marketOrDefault(scope, input.marketId);
  const stored = await getContract(siteOf(scope), input.hotelId);
  const request: HotelStayRequest = { ...input, checkinDate: input.checkinDate ?? '', marketId: market.marketId };
  const nights = stayNights(request.checkinDate, Math.min(input.nights, 90));
  const taken =
    stored && /^\d{4}-\d{2}-\d{2}$/.test(request.checkinDate)
      ? await takenRooms(siteOf(scope), input.hotelId, input.roomTypeId, nights[0]!, nights[nights.length - 1]!)
      : new Map<string, number>();
  const price = priceHotelStay({ contract: stored?.contract ?? null, market, taken, today: today(scope) }, request);
  return { marketId: market.marketId, marketName: market.name, price };
}

/** Starts the export of a hotel's contract sheet (an unknown hotel is a 404 now, not a failed job). */
export async function startHotelContractExport(scope: DmcScope, hotelId: string) {
  const view = await hotelContract(scope, hotelId);
  const slug =
    view.hotelName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'hotel';
  return startExport(scope, { kind: 'hotelContract', filter: { hotelId }, fileName: `hotel-contract-${slug}.xlsx` });
}

/** The hotel contract sheet in the worker: the sheets the import reads back, as stored now. */
export const hotelContractExport: ExportSource = async (site, { hotelId }) => {
  const id = String(hotelId);
  const stored = await getContract(site.siteId, id);
  return {
    total: null,
    creator: 'DMC back office',
    sheets: contractSheets(stored?.contract ?? emptyContract(id)).map((sheet) => ({
      name: sheet.name,
      columns: sheet.columns,
      pages: () => pagesOf(sheet.rows, EXPORT_LIMITS.pageRows, (row) => row),
    })),
  };
};

function refuseSheet(problems: SheetProblem[]): never {
  const fields: Record<string, string> = {};
  for (const p of problems.slice(0, 300))
    fields[`${p.sheet} row ${p.row}${p.column ? `: ${p.column}` : ''}`] ??= p.message;
  throw fail.validation(DMC_MSG.importRefused(problems.length), fields);
}

export async function importHotelContract(scope: DmcScope, input: ParsedRequestOf<typeof api.importHotelContract>) {
  const current = await hotelContract(scope, input.hotelId);
  let sheets;
  try {
    sheets = readXlsx(Buffer.from(input.file, 'base64'));
  } catch (err) {
    if (err instanceof XlsxReadError) throw fail.validation(DMC_MSG.notSpreadsheet, { file: DMC_MSG.notSpreadsheet });
    throw err;
  }
  const markets = new Set((await allRecords(siteOf(scope), 'market')).map((m) => m.marketId));
  const read = readContract(input.hotelId, sheets, markets, DMC_MSG.unknownMarket);
  if (!read.ok) refuseSheet(read.problems);
  if (input.dryRun) return { dryRun: true, rows: read.rows, view: current };
  const view = await store(scope, read.contract, current.version, 'import');
  return { dryRun: false, rows: read.rows, view };
}

/** The room types and meal plans a quotation's hotel line can be priced as (none before a contract is saved). */
export async function stayChoices(scope: DmcScope, hotelId: string) {
  await existing(scope, 'hotel', hotelId);
  const contract = (await getContract(siteOf(scope), hotelId))?.contract;
  return { roomTypes: contract?.roomTypes ?? [], mealPlans: contract?.mealPlans ?? [] };
}

// The dmc Lambda's answers for hotel contracts (gathered into answered.generated.ts by `npm run derive`).
export const answerGetHotelContract = answers(api.getHotelContract, (input, scope) =>
  hotelContract(scope, input.hotelId),
);
export const answerSaveHotelContract = answers(api.saveHotelContract, async (input, scope) =>
  reply(await saveHotelContract(scope, input), { message: HOTEL_CONTRACT_MSG.saved }),
);
export const answerPriceHotelStay = answers(api.priceHotelStay, (input, scope) => priceStay(scope, input));
export const answerExportHotelContract = answers(api.exportHotelContract, (input, scope) =>
  startHotelContractExport(scope, input.hotelId),
);
export const answerImportHotelContract = answers(api.importHotelContract, async (input, scope) => {
  const out = await importHotelContract(scope, input);
  return reply(out, { message: out.dryRun ? HOTEL_CONTRACT_MSG.checked : HOTEL_CONTRACT_MSG.imported });
});
export const answerGetHotelStayChoices = answers(api.getHotelStayChoices, (input, scope) =>
  stayChoices(scope, input.hotelId),
);
