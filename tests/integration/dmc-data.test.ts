/**
 * Data management through the gateway: the export is one sheet per master; the exported file
 * imports back as "unchanged" everywhere; a new sheet creates rows that price, and importing it again changes
 * nothing; a file with errors writes nothing and names each problem by sheet, row and column.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DMC_MSG,
  DMC_SHEETS,
  exportDmcData,
  getAllDmcData,
  getTourOptionPriceForQuotationBuilder,
  getTourOptionTicketRates,
  importDmcData,
} from '@tp/contracts/endpoints/dmc';
import * as MSG from '@tp/contracts/messages';
import { xlsx, type XlsxCell } from '../../functions/src/lib/xlsx.ts';
import { readXlsx } from '../../functions/src/lib/xlsx-read.ts';
import { exported, type Client } from '../support/api.ts';
import { narrowedStaff } from './customers-helpers.ts';
import { FLIGHTDEALS, freshCityId, ok, refused, staff, tag } from './dmc-helpers.ts';

let c: Client;
beforeAll(async () => {
  c = await staff();
});

/** A workbook of the given sheets, headers first. */
const workbook = (sheets: Record<string, XlsxCell[][]>): string =>
  xlsx(
    Object.entries(sheets).map(([name, [headers, ...rows]]) => ({
      name,
      columns: headers!.map((h) => ({ header: String(h) })),
      rows,
    })),
  ).toString('base64');

const counts = async () => (await ok(c, getAllDmcData, {})).counts;

describe('export and import', () => {
  it('exports one sheet per master, the seeded rates with their priorities', async () => {
    const out = await exported(c, exportDmcData, {});
    expect(out.job.fileName).toMatch(/^dmc-data-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheets = readXlsx(out.file);
    expect(sheets.map((s) => s.name)).toEqual([...DMC_SHEETS]);
    const rates = sheets.find((s) => s.name === 'Ticket rates')!;
    expect(rates.rows[0]).toEqual([
      'id',
      'tourOptionId',
      'marketId',
      'adultAmount',
      'childAmount',
      'adultCost',
      'childCost',
      'isPerPax',
      'minPax',
      'maxPax',
      'validFromDate',
      'validTillDate',
      'priority',
    ]);
    const promo = rates.rows.find((r) => r[0] === 'dmc-tr-dhow-marina-dinner-india-summer');
    expect(promo).toBeDefined();
  });

  it('imports its own export back as unchanged', async () => {
    const file = (await exported(c, exportDmcData, {})).file.toString('base64');
    const res = await ok(c, importDmcData, { file });
    for (const sheet of Object.values(res.sheets) as { created: number; updated: number }[])
      expect(sheet).toMatchObject({ created: 0, updated: 0 });
    expect(res.sheets['Ticket rates'].unchanged).toBeGreaterThan(50);
  });

  it('creates from a new sheet (rows pointing at each other by their own ids); the same file again changes nothing', async () => {
    const t = tag();
    const cityId = freshCityId();
    const [market, activity, option] = [`dmc-mkt-${t}`, `dmc-act-${t}`, `dmc-to-${t}`];
    const file = workbook({
      Markets: [
        ['id', 'name', 'currency'],
        [market, `Import market ${t}`, 'AED'],
      ],
      Activities: [
        ['id', 'name', 'cityId', 'cityName'],
        [activity, `Imported safari ${t}`, cityId, 'Import city'],
      ],
      'Tour options': [
        ['id', 'activityId', 'name', 'hasTicket'],
        [option, activity, 'Evening', 'TRUE'],
      ],
      'Ticket rates': [
        [
          'tourOptionId',
          'marketId',
          'adultAmount',
          'childAmount',
          'isPerPax',
          'validFromDate',
          'validTillDate',
          'priority',
        ],
        [option, market, 100, 50, true, '2026-10-01', '2027-09-30', 1],
        // Excel date serials read as dates: 46327 is 2026-11-01, 46356 is 2026-11-30.
        [option, market, 80, 40, 'yes', 46327, 46356, 2],
      ],
    });
    const dry = await ok(c, importDmcData, { file, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, sheets: { 'Ticket rates': { created: 2 } } });
    expect((await c.call(getTourOptionTicketRates, { tourOptionId: option })).status).toBe(404);

    const done = await ok(c, importDmcData, { file });
    expect(done.sheets).toEqual({
      Markets: { created: 1, updated: 0, unchanged: 0 },
      Activities: { created: 1, updated: 0, unchanged: 0 },
      'Tour options': { created: 1, updated: 0, unchanged: 0 },
      'Ticket rates': { created: 2, updated: 0, unchanged: 0 },
    });
    const rates = await ok(c, getTourOptionTicketRates, { tourOptionId: option });
    expect(rates.map((r: { adultAmount: number; priority: number }) => [r.adultAmount, r.priority])).toEqual([
      [80, 2],
      [100, 1],
    ]);
    const price = await ok(c, getTourOptionPriceForQuotationBuilder, {
      tourOptionId: option,
      marketId: market,
      date: '2026-11-15',
      adults: 2,
    });
    expect(price).toMatchObject({ available: true, price: 160 });

    const again = await ok(c, importDmcData, { file });
    for (const sheet of Object.values(again.sheets) as { created: number; updated: number }[])
      expect(sheet).toMatchObject({ created: 0, updated: 0 });
  });

  it('a file with errors writes nothing and names each problem by sheet, row and column', async () => {
    const before = await counts();
    const t = tag();
    const file = workbook({
      Areas: [
        ['id', 'name', 'cityId'],
        [`dmc-area-${t}`, `Fine area ${t}`, 26],
        ['', '', 26],
      ],
      'Ticket rates': [
        ['tourOptionId', 'marketId', 'adultAmount', 'childAmount', 'validFromDate', 'validTillDate'],
        ['dmc-to-nowhere', 'dmc-mkt-india', 10, 5, '2026-10-01', '2027-09-30'],
        ['dmc-to-burj-khalifa-l124-non-prime', 'dmc-mkt-india', -1, 5, '2026-10-01', '2026-13-01'],
      ],
      'Area transfers': [
        ['from', 'to', 'marketId', 'transferType', 'sharingBasis', 'amount', 'validFromDate', 'validTillDate'],
        ['dmc-area-deira', 'dmc-area-dxb', 'dmc-mkt-india', 'Drop', 'private', 30, '2026-10-01', '2027-09-30'],
      ],
    });
    const body = await refused(c, importDmcData, { file });
    expect(body.shortError).toEqual({
      'Areas row 3: name': MSG.fillName,
      'Ticket rates row 3: adultAmount': MSG.tooSmall(0),
      'Ticket rates row 3: validTillDate': MSG.invalidDate,
      'Area transfers row 2: minPax': MSG.minMaxPaxPrivate,
      'Area transfers row 2: maxPax': MSG.minMaxPaxPrivate,
      'Ticket rates row 2: tourOptionId': DMC_MSG.unknownTourOption,
    });
    expect(body.errorMessage).toBe(DMC_MSG.importRefused(6));
    expect(await counts()).toEqual(before);
  });

  it('refuses what is not a spreadsheet, and unknown sheets or columns', async () => {
    expect((await refused(c, importDmcData, { file: 'UEsDBBQAAAAI' })).shortError).toEqual({
      file: DMC_MSG.notSpreadsheet,
    });
    const odd = workbook({
      Pricing: [['a'], [1]],
      Areas: [
        ['id', 'name', 'cityId', 'colour'],
        ['', 'X', 26, 'red'],
      ],
    });
    const body = await refused(c, importDmcData, { file: odd });
    expect(Object.keys(body.shortError ?? {})).toEqual(['Pricing row 1', 'Areas row 2: colour']);
  });

  it('staff import by default (spec 001 §6 "all master data"); a group that leaves the import out cannot', async () => {
    const t = tag();
    const file = workbook({
      Markets: [
        ['id', 'name', 'currency'],
        [`dmc-mkt-${t}`, `Import market ${t}`, 'AED'],
      ],
    });
    const before = await counts();
    const plain = await staff(undefined, 'staff');
    const dry = await ok(plain, importDmcData, { file, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, sheets: { Markets: { created: 1 } } });
    const narrowed = await narrowedStaff(FLIGHTDEALS, ['dmc.masters', 'dmc.areas']);
    expect((await narrowed.call(importDmcData, { file: workbook({ Areas: [['name'], ['X']] }) })).status).toBe(403);
    expect((await narrowed.call(importDmcData, { file })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
