import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, xlsx, xmlEscape, type XlsxSheet } from './xlsx.ts';

/** Opens our output with exceljs, the reader the spreadsheet tools people use are closest to. */
async function open(file: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as never);
  return wb;
}

const travel = new Date('2026-12-24T06:30:00Z');
const sheet: XlsxSheet = {
  name: 'Tickets',
  columns: [
    { header: 'Booking ID', width: 14 },
    { header: 'Passengers', width: 30 },
    { header: 'Amount', width: 12 },
    { header: 'Domestic' },
    { header: 'Travel date', width: 18 },
  ],
  rows: [
    ['B-1001', 'Asha <Rao> & "Ravi" O\'Neil', 5230.5, true, travel],
    ['B-1002', 'Zoë Ünal\u0007 — 東京', 0, false, null],
    ['B-1001', '', -12, undefined, travel],
  ],
};

describe('xlsx writer', () => {
  it('writes every cell as a spreadsheet reader sees it: text, numbers, booleans, dates, blanks', async () => {
    const ws = (await open(xlsx([sheet], { creator: 'Flight Deals' }))).getWorksheet('Tickets')!;
    expect(ws.rowCount).toBe(4);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Booking ID',
      'Passengers',
      'Amount',
      'Domestic',
      'Travel date',
    ]);
    const rows = [2, 3, 4].map((r) => [1, 2, 3, 4, 5].map((c) => ws.getRow(r).getCell(c).value));
    expect(rows).toEqual([
      ['B-1001', 'Asha <Rao> & "Ravi" O\'Neil', 5230.5, true, travel],
      // The control character (not allowed in XML) is dropped; the rest of Unicode survives.
      ['B-1002', 'Zoë Ünal — 東京', 0, false, null],
      ['B-1001', '', -12, null, travel],
    ]);
  });

  it('makes the header bold and frozen, sets column widths and a date format, and records the creator', async () => {
    const wb = await open(xlsx([sheet], { creator: 'Sky & Way' }));
    const ws = wb.getWorksheet('Tickets')!;
    expect(wb.creator).toBe('Sky & Way');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect([1, 2, 3, 4, 5].map((c) => ws.getColumn(c).width)).toEqual([14, 30, 12, 12, 18]);
    expect(ws.getRow(2).getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm');
  });

  it('holds several sheets, each with its own rows', async () => {
    const wb = await open(
      xlsx([sheet, { name: 'Summary', columns: [{ header: 'Total' }], rows: [[3]] }], { created: travel }),
    );
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Tickets', 'Summary']);
    expect(wb.getWorksheet('Summary')!.getRow(2).getCell(1).value).toBe(3);
    expect(wb.getWorksheet('Tickets')!.getRow(3).getCell(1).value).toBe('B-1002');
  });

  it('stores 5,000 rows compactly (shared strings, deflate)', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`B-${i}`, 'Issued', i * 1.5, i % 2 === 0, travel]);
    const file = xlsx([{ ...sheet, rows }]);
    expect(file.length).toBeLessThan(150_000);
    const ws = (await open(file)).getWorksheet('Tickets')!;
    expect(ws.rowCount).toBe(5001);
    expect(ws.getRow(5001).getCell(1).value).toBe('B-4999');
    expect(ws.getRow(5001).getCell(3).value).toBe(4999 * 1.5);
  });

  it('refuses a workbook without sheets', () => {
    expect(() => xlsx([])).toThrow(/at least one sheet/);
  });

  it('names columns past Z and escapes XML', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(xmlEscape(`a<b>&"c'\u0000`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });
});
