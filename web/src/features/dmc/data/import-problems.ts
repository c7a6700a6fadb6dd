/**
 * An import refused by the server (`dmc/importDmcData`, a 400) lists each problem in `shortError`, keyed
 * `<sheet> row <n>` or `<sheet> row <n>: <column>` (functions/src/dmc/data.ts), plus `…` when it stopped
 * listing, or `file` when the upload is no spreadsheet. This reads them back as table rows, in sheet order.
 */
export interface ImportProblem {
  sheet: string;
  /** The spreadsheet's own row number (1 is the header); null for a problem of the whole file. */
  row: number | null;
  column: string;
  message: string;
}

const KEY = /^(.+) row (\d+)(?:: (.+))?$/;

export function importProblems(fieldErrors: Record<string, string>, sheetOrder: readonly string[]): ImportProblem[] {
  const problems = Object.entries(fieldErrors).map(([key, message]): ImportProblem => {
    const m = KEY.exec(key);
    return m
      ? { sheet: m[1]!, row: Number(m[2]), column: m[3] ?? '', message }
      : { sheet: key, row: null, column: '', message };
  });
  const rank = (p: ImportProblem) => {
    const i = sheetOrder.indexOf(p.sheet);
    return i === -1 ? sheetOrder.length : i;
  };
  return problems.sort((a, b) => rank(a) - rank(b) || (a.row ?? Infinity) - (b.row ?? Infinity));
}
