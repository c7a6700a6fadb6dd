/**
 * A receipt as an A4 PDF (pdf-lib with standard fonts, as the invoices' PDF: invoices/pdf.ts), attached to the
 * receipt's mail: the issuer, the number and day, who paid how much for which quotation, and what is still due.
 * Standard fonts carry no ₹, so amounts print as `Rs.` with formatMoney's grouping.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { RECEIPT_METHOD_LABELS, type TReceipt } from '@tp/contracts/endpoints/kart';
import { collectedAfter } from '@tp/domain/dmc';
import { formatDate, formatMoney } from '@tp/domain/format';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.07, 0.09, 0.15);
const RULE = rgb(0.75, 0.77, 0.8);

const latin1 = (s: string) => s.replace(/\u2212/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export const receiptFileName = (r: Pick<TReceipt, 'number'>): string => `receipt-${r.number.replace(/\//g, '-')}.pdf`;

export async function receiptPdf(
  r: TReceipt,
  issuer: { companyName: string; adminContact: string; adminEmail: string },
): Promise<Uint8Array> {
  const money = (n: number) => latin1(formatMoney(n, r.currency).replace('₹', 'Rs. '));
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${r.number}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = pdf.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const draw = (s: string, x: number, size: number, f: PDFFont, right = false) => {
    const t = latin1(s);
    page.drawText(t, { x: right ? x - f.widthOfTextAtSize(t, size) : x, y: y - size, size, font: f, color: INK });
  };

  draw(issuer.companyName, MARGIN, 14, bold);
  draw('PAYMENT RECEIPT', MARGIN + width, 14, bold, true);
  y -= 18;
  draw([issuer.adminContact, issuer.adminEmail].filter(Boolean).join('  ·  '), MARGIN, 9, font);
  draw(`No. ${r.number}`, MARGIN + width, 10, bold, true);
  y -= 13;
  draw(`Date ${formatDate(r.receivedAt.slice(0, 10))}`, MARGIN + width, 9, font, true);
  y -= 16;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.6, color: RULE });
  y -= 14;

  const rows: [string, string, boolean?][] = [
    ['Received from', r.customerName],
    ['For', `Quotation ${r.quotationId}: ${r.kartName}`],
    ['Paid by', RECEIPT_METHOD_LABELS[r.method]],
    ['Reference', r.reference],
    ['Amount received', money(r.amount), true],
    ['Quotation total', money(r.totalPrice)],
    ['Collected so far', money(r.collectedAfter)],
    ['Balance due', money(Math.max(0, collectedAfter(r.totalPrice, -r.collectedAfter))), true],
  ];
  for (const [label, value, strong] of rows) {
    draw(label, MARGIN, 10, font);
    draw(value, MARGIN + width, 10, strong ? bold : font, true);
    y -= 16;
  }
  return pdf.save();
}
