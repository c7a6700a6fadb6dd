import { describe, expect, it } from 'vitest';
import { xlsx, zip } from './xlsx.ts';
import { XlsxReadError, cellDate, readXlsx } from './xlsx-read.ts';

describe('readXlsx', () => {
  it('reads back what xlsx() writes: text (entities, accents), numbers, booleans, blanks, several sheets', () => {
    const file = xlsx([
      {
        name: 'Ticket rates',
        columns: [{ header: 'id' }, { header: 'name' }, { header: 'amount' }, { header: 'isPerPax' }],
        rows: [
          ['dmc-tr-1', 'Tom & Jerry <"Café">', 12.5, true],
          ['dmc-tr-2', null, -3, false],
        ],
      },
      { name: 'Areas', columns: [{ header: 'name' }], rows: [['Deira']] },
    ]);
    expect(readXlsx(file)).toEqual([
      {
        name: 'Ticket rates',
        rows: [
          ['id', 'name', 'amount', 'isPerPax'],
          ['dmc-tr-1', 'Tom & Jerry <"Café">', 12.5, true],
          ['dmc-tr-2', null, -3, false],
        ],
      },
      { name: 'Areas', rows: [['name'], ['Deira']] },
    ]);
  });

  it('reads inline strings, formula strings and gaps between cells and rows (other writers)', () => {
    const sheet =
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="C1" t="str"><v>b&amp;c</v></c></row>' +
      '<row r="3"><c r="B3"><v>7</v></c></row></sheetData></worksheet>';
    const file = zip(
      [
        ['xl/workbook.xml', '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'],
        [
          'xl/_rels/workbook.xml.rels',
          '<Relationships><Relationship Id="rId1" Target="worksheets/s.xml"/></Relationships>',
        ],
        ['xl/worksheets/s.xml', sheet],
      ],
      new Date(),
    );
    expect(readXlsx(file)).toEqual([{ name: 'S', rows: [['a', null, 'b&c'], [], [null, 7]] }]);
  });

  it('refuses what is not an .xlsx, and an entry that unpacks past the limit', () => {
    expect(() => readXlsx(Buffer.from('not a zip at all'))).toThrow(XlsxReadError);
    expect(() => readXlsx(zip([['a.txt', 'x']], new Date()))).toThrow('no workbook');
    // 51 MB of zeros zip to ~50 KB: the reader refuses to unpack past its budget instead of filling memory.
    const bomb = zip([['xl/workbook.xml', Buffer.alloc(51 * 1024 * 1024)]], new Date());
    expect(bomb.length).toBeLessThan(100_000);
    expect(() => readXlsx(bomb)).toThrow(XlsxReadError);
  });

  it('reads Excel date serials as days, text dates as typed', () => {
    expect(cellDate(46327)).toBe('2026-11-01');
    expect(cellDate('2026-11-01')).toBe('2026-11-01');
    expect(cellDate(null)).toBeNull();
  });
});
