import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '#lib/xlsx-read';
import { pagesOf, writeWorkbook, type ExportPlan } from './workbook.ts';

async function written(plan: ExportPlan) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const progress: number[] = [];
  const rows = await writeWorkbook(out, plan, new Date('2026-11-01T00:00:00Z'), async (done) => {
    progress.push(done);
  });
  await ended;
  return { rows, progress, sheets: readXlsx(Buffer.concat(chunks)) };
}

describe('the export workbook writer', () => {
  it('writes each sheet page by page, as the import reads it back, and reports the running count', async () => {
    const { rows, progress, sheets } = await written({
      total: null,
      creator: 'Test',
      sheets: [
        {
          name: 'Tickets',
          columns: [{ header: 'Id', width: 10 }, { header: 'When' }, { header: 'Amount' }, { header: 'Paid' }],
          async *pages() {
            yield [
              ['a & <b>', new Date('2026-01-02T12:00:00Z'), 1.5, true],
              ['x', null, 0, false],
            ];
            yield [['y', undefined, -2, null]];
          },
        },
        { name: 'Empty', columns: [{ header: 'Only a header' }], pages: () => pagesOf([], 10, () => []) },
      ],
    });
    expect(rows).toBe(3);
    expect(progress).toEqual([2, 3]);
    expect(sheets.map((s) => s.name)).toEqual(['Tickets', 'Empty']);
    expect(sheets[0]!.rows).toEqual([
      ['Id', 'When', 'Amount', 'Paid'],
      // Dates are Excel serials (days since 1899-12-30), as the previous writer wrote them.
      ['a & <b>', 46024.5, 1.5, true],
      ['x', null, 0, false],
      ['y', null, -2],
    ]);
    expect(sheets[1]!.rows).toEqual([['Only a header']]);
  });

  it('pages an array in order', async () => {
    const pages: unknown[] = [];
    for await (const page of pagesOf([1, 2, 3, 4, 5], 2, (n) => [n])) pages.push(page);
    expect(pages).toEqual([[[1], [2]], [[3], [4]], [[5]]]);
  });
});
