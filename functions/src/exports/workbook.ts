/**
 * What an export is (the sheets and where their rows come from, page by page) and the one writer of every export:
 * exceljs's streaming workbook writer, each row committed as it is written, so memory holds a page of rows and
 * the zip's buffers, never the workbook. exceljs loads on first use: only the exports worker ever writes.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import type { SiteRecord } from '#lib/tenancy';

export type ExportCell = string | number | boolean | Date | null | undefined;

export interface ExportColumn {
  header: string;
  /** In characters, as Excel measures column width. */
  width?: number;
}

export interface ExportSheet {
  /** 1–31 characters, none of : \ / ? * [ ] (Excel's rule). */
  name: string;
  columns: readonly ExportColumn[];
  /** The rows, a page at a time, in order. */
  pages: () => AsyncIterable<readonly (readonly ExportCell[])[]>;
}

export interface ExportPlan {
  /** Rows in all, when the data says it up front (null: counted as they come). */
  total: number | null;
  sheets: readonly ExportSheet[];
  /** The workbook's author (the site's company, or the back office's name). */
  creator: string;
}

/**
 * A text file instead of a workbook (the accounting export's Tally XML or CSV journals): its text a chunk at a
 * time, each with the rows (documents) it holds, written as they come. The file's type follows its name (`.csv`,
 * `.xml`).
 */
export interface TextExportPlan {
  total: number | null;
  text: () => AsyncIterable<{ chunk: string; rows: number }>;
}

/**
 * One kind of export, as its domain defines it: `plan` turns the filter its export call stored on the job into the
 * sheets to write (or a text file's chunks). It runs in the exports worker, with the site but no caller: whose rows
 * an export holds was settled (and stored in the filter) when the call was checked.
 */
export type ExportSource = (
  site: SiteRecord,
  filter: Record<string, unknown>,
  now: Date,
) => Promise<ExportPlan | TextExportPlan>;

/** Writes a text plan's chunks into `out` (UTF-8) and ends it; `onPage` hears the running row count after each. */
export async function writeText(
  out: Writable,
  plan: TextExportPlan,
  onPage: (rowsDone: number) => Promise<void>,
): Promise<number> {
  let rows = 0;
  for await (const { chunk, rows: n } of plan.text()) {
    if (!out.write(chunk, 'utf8')) await once(out, 'drain');
    rows += n;
    if (n) await onPage(rows);
  }
  out.end();
  return rows;
}

/**
 * Pages read through a repository's cursor, `EXPORT_LIMITS.pageRows` at a time, until it hands out no cursor: how a
 * source streams a list of any length (`read` gets the cursor and the page size, `row` makes each record a row).
 */
export async function* pagesByCursor<T>(
  read: (page: { cursor: string | undefined; limit: number }) => Promise<{
    records: readonly T[];
    nextCursor?: string | null;
  }>,
  row: (record: T) => readonly ExportCell[],
) {
  let cursor: string | undefined;
  do {
    const page = await read({ cursor, limit: EXPORT_LIMITS.pageRows });
    yield page.records.map(row);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** Pages of `size` from an array the operation has already read (a job sheet's week, one hotel's contract). */
export async function* pagesOf<T>(items: readonly T[], size: number, row: (item: T) => readonly ExportCell[]) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size).map(row);
}

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/**
 * Writes the plan's sheets into `out` and ends it; `onPage` hears the running row count after each page (the job's
 * progress). Resolves with the rows written.
 */
export async function writeWorkbook(
  out: Writable,
  plan: ExportPlan,
  created: Date,
  onPage: (rowsDone: number) => Promise<void>,
): Promise<number> {
  const { stream } = await import('./excel.ts');
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = plan.creator;
  workbook.created = created;
  let rows = 0;
  for (const sheet of plan.sheets) {
    const ws = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({ header: c.header, width: c.width ?? 12 }));
    const header = ws.getRow(1);
    header.font = { bold: true };
    header.commit();
    for await (const page of sheet.pages()) {
      for (const cells of page) {
        const row = ws.addRow(cells.map((v) => (v === undefined ? null : v)));
        cells.forEach((v, i) => {
          if (v instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
        });
        row.commit();
      }
      rows += page.length;
      // The store's side sets the pace: a slow upload holds the next page back rather than buffering it.
      if (out.writableNeedDrain) await once(out, 'drain');
      await onPage(rows);
    }
    ws.commit();
  }
  await workbook.commit();
  return rows;
}
