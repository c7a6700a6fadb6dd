/**
 * TBO's refund statement as staff download it (.xlsx), read in the browser with exceljs (loaded on
 * demand). Our layout (docs/flight-backoffice.md): a header row naming the columns below, in any
 * order, then one row per refunded ticket. The server validates each row again (zod) before matching.
 */
export type SheetRefundRow = {
  /** The row's number in the sheet, so staff can find it. */
  line: number;
  pnr: string;
  ticketNumber: string;
  refundAmount: string | number;
  cancellationCharge: string | number;
  creditNoteNo: string;
};

/** Accepted header texts per field (lower case, spaces and punctuation ignored). */
export const REFUND_HEADERS: Record<Exclude<keyof SheetRefundRow, 'line'>, string[]> = {
  pnr: ['pnr', 'bookingpnr'],
  ticketNumber: ['ticketnumber', 'ticketno', 'ticket'],
  refundAmount: ['refundamount', 'refund', 'refundedamount'],
  cancellationCharge: ['cancellationcharge', 'cancellationcharges', 'cancelcharge'],
  creditNoteNo: ['creditnoteno', 'creditnotenumber', 'creditnote'],
};
export const TEMPLATE_HEADERS = ['PNR', 'Ticket Number', 'Refund Amount', 'Cancellation Charge', 'Credit Note No'];

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export async function parseRefundSheet(data: ArrayBuffer): Promise<{ rows: SheetRefundRow[]; problem: string | null }> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data);
  } catch {
    return { rows: [], problem: 'This is not an Excel (.xlsx) file' };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { rows: [], problem: 'The file has no sheet' };
  const header = sheet.getRow(1);
  const col: Partial<Record<keyof typeof REFUND_HEADERS, number>> = {};
  header.eachCell((cell, n) => {
    const h = norm(cell.text);
    for (const [field, names] of Object.entries(REFUND_HEADERS))
      if (names.includes(h)) col[field as keyof typeof col] ??= n;
  });
  const missing = (['pnr', 'ticketNumber', 'refundAmount'] as const).filter((f) => !col[f]);
  if (missing.length)
    return {
      rows: [],
      problem: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.map((f) => TEMPLATE_HEADERS[Object.keys(REFUND_HEADERS).indexOf(f)]).join(', ')}`,
    };
  const rows: SheetRefundRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const text = (f: keyof typeof col) => (col[f] ? row.getCell(col[f]).text.trim() : '');
    const amount = (f: keyof typeof col) => {
      const v = col[f] ? row.getCell(col[f]).value : null;
      return typeof v === 'number' ? v : text(f);
    };
    const r = {
      line: n,
      pnr: text('pnr'),
      ticketNumber: text('ticketNumber'),
      refundAmount: amount('refundAmount'),
      cancellationCharge: amount('cancellationCharge') || 0,
      creditNoteNo: text('creditNoteNo'),
    };
    if (r.pnr || r.ticketNumber || r.refundAmount !== '') rows.push(r);
  });
  return { rows, problem: rows.length ? null : 'The file has no rows under the header' };
}
