import { Group } from '@mantine/core';
import { DateField } from '#shared/DateField.tsx';

/** Pieces the back-office screens share: a day range, paging through a report, and the Excel file. */

export interface DayRange {
  from: string;
  to: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The current month to date: what an accountant opens a report on. */
export function monthToDate(now = new Date()): DayRange {
  return { from: `${isoDay(now).slice(0, 8)}01`, to: isoDay(now) };
}

export function DateRangeFields({
  value,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
  error,
}: {
  value: DayRange;
  onChange: (next: DayRange) => void;
  fromLabel?: string;
  toLabel?: string;
  error?: string | null;
}) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-start">
      <DateField
        label={fromLabel}
        value={value.from}
        maxDate={value.to}
        onChange={(from) => onChange({ ...value, from })}
        w={170}
        required
      />
      <DateField
        label={toLabel}
        value={value.to}
        minDate={value.from}
        onChange={(to) => onChange({ ...value, to })}
        w={170}
        required
        error={error ?? undefined}
      />
    </Group>
  );
}

/** A range the server will accept, or why not (the same rule as the contract). */
export function rangeProblem(r: DayRange): string | null {
  if (!r.from || !r.to) return 'Choose both dates';
  if (r.from > r.to) return 'The start date must be on or before the end date';
  if (Date.parse(r.to) - Date.parse(r.from) > 366 * 86_400_000) return 'Choose a range of at most 366 days';
  return null;
}

/** Every record of a paged report, page by page (the server caps each page). */
export async function allPages<R>(
  fetchPage: (page: number) => Promise<{ records: R[]; totalPages: number }>,
): Promise<R[]> {
  const first = await fetchPage(1);
  const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => fetchPage(i + 2)));
  return [first, ...rest].flatMap((p) => p.records);
}

export interface SheetColumn<T> {
  header: string;
  key: keyof T & string;
  width?: number;
  money?: boolean;
}

/** Builds one .xlsx sheet in the browser (exceljs, loaded on demand) and saves it. */
export async function downloadXlsx<T extends object>(
  filename: string,
  sheetName: string,
  columns: SheetColumn<T>[],
  rows: T[],
  footer?: Partial<Record<keyof T & string, string | number>>,
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 14,
    ...(c.money ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(rows as object[]);
  if (footer) sheet.addRow(footer).font = { bold: true };
  const blob = new Blob([await book.xlsx.writeBuffer()], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = filename;
  a.click();
  URL.revokeObjectURL(a.href);
}
