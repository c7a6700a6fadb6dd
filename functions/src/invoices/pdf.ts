/**
 * An invoice or credit note as an A4 PDF (pdf-lib, standard fonts): the same parts as the print view, in the order
 * an accountant reads them. Standard fonts carry no ₹, so amounts print as `Rs.` with formatMoney's grouping.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDate, formatMoney } from '@tp/domain/format';
import type { TInvoiceDocument } from '@tp/contracts/endpoints/invoices';
import { conversionText } from '@tp/domain/gst';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.07, 0.09, 0.15);
const RULE = rgb(0.75, 0.77, 0.8);

const latin1 = (s: string) => s.replace(/\u2212/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const money = (n: number, currency: string) => latin1(formatMoney(n, currency).replace('₹', 'Rs. '));

export const documentTitle = (d: Pick<TInvoiceDocument, 'docType'>): string =>
  d.docType === 'invoice' ? 'Tax invoice' : 'Credit note';

export const documentFileName = (d: Pick<TInvoiceDocument, 'docType' | 'number'>): string =>
  `${d.docType === 'invoice' ? 'invoice' : 'credit-note'}-${d.number.replace(/\//g, '-')}.pdf`;

export async function invoicePdf(d: TInvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${documentTitle(d)} ${d.number}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;

  const ensure = (h: number) => {
    if (y - h >= MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const draw = (s: string, x: number, size: number, f: PDFFont, right = false) => {
    const t = latin1(s);
    page.drawText(t, { x: right ? x - f.widthOfTextAtSize(t, size) : x, y: y - size, size, font: f, color: INK });
  };
  /** Wrapped text at x within w; moves y down. */
  const para = (s: string, opts: { size?: number; f?: PDFFont; x?: number; w?: number } = {}) => {
    const size = opts.size ?? 9;
    const f = opts.f ?? font;
    const x = opts.x ?? MARGIN;
    const w = opts.w ?? width;
    const lines: string[] = [];
    for (const raw of latin1(s).split('\n')) {
      let line = '';
      for (const word of raw.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (f.widthOfTextAtSize(next, size) > w && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    for (const l of lines) {
      ensure(size + 3);
      draw(l, x, size, f);
      y -= size + 3;
    }
  };
  const rule = () => {
    ensure(8);
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.6, color: RULE });
    y -= 6;
  };
  const row = (label: string, amount: string, f: PDFFont = font, size = 9) => {
    ensure(size + 4);
    draw(label, MARGIN, size, f);
    draw(amount, MARGIN + width, size, f, true);
    y -= size + 4;
  };

  // Header: supplier, title and number.
  const top = y;
  para(d.supplier.name, { size: 14, f: bold, w: width * 0.6 });
  para(d.supplier.address, { w: width * 0.6 });
  para(`GSTIN ${d.supplier.gstin}   State ${d.supplier.state}`, { w: width * 0.6 });
  const afterSupplier = y;
  y = top;
  draw(documentTitle(d).toUpperCase(), MARGIN + width, 14, bold, true);
  y -= 18;
  draw(`No. ${d.number}`, MARGIN + width, 10, bold, true);
  y -= 13;
  draw(`Date ${formatDate(d.issueDate)}`, MARGIN + width, 9, font, true);
  y -= 12;
  if (d.against) {
    draw(`Against invoice ${d.against.number} of ${formatDate(d.against.issueDate)}`, MARGIN + width, 9, font, true);
    y -= 12;
  }
  y = Math.min(y, afterSupplier);
  rule();

  para('Billed to', { f: bold });
  para(d.recipient.name);
  if (d.recipient.address) para(d.recipient.address);
  para(
    [
      d.recipient.gstin ? `GSTIN ${d.recipient.gstin}` : 'Unregistered (no GSTIN)',
      d.recipient.pan ? `PAN ${d.recipient.pan}` : '',
    ]
      .filter(Boolean)
      .join('   '),
  );
  para(
    `Place of supply ${d.placeOfSupply}   Reverse charge: ${d.reverseCharge ? 'Yes' : 'No'}   Reference ${d.sourceRef}`,
  );
  if (d.reason) para(`Reason: ${d.reason}`);
  rule();

  ensure(14);
  draw('Description', MARGIN, 9, bold);
  draw('SAC', MARGIN + width - 150, 9, bold);
  draw(`Amount (${d.currency})`, MARGIN + width, 9, bold, true);
  y -= 14;
  for (const l of d.lines) {
    const before = y;
    para(l.description, { w: width - 180 });
    const after = y;
    y = before;
    draw(l.sac || '-', MARGIN + width - 150, 9, font);
    draw(money(l.amount, d.currency), MARGIN + width, 9, font, true);
    y = after - 2;
  }
  rule();
  row(`Taxable value${d.supplyType === 'zeroRated' ? ' (zero-rated supply)' : ''}`, money(d.taxableValue, d.currency));
  if (d.supplyType === 'intraState') {
    row(`CGST @ ${d.rate / 2}%`, money(d.cgst, d.currency));
    row(`SGST @ ${d.rate / 2}%`, money(d.sgst, d.currency));
  } else row(`IGST @ ${d.rate}%`, money(d.igst, d.currency));
  row('Collected as pure agent (not our supply)', money(d.reimbursement, d.currency));
  rule();
  row(d.docType === 'invoice' ? 'Total' : 'Total credited', money(d.total, d.currency), bold, 11);
  para(d.amountInWords);
  // A source priced in another currency: what was quoted and the rate (the amounts above are rupees).
  if (d.conversion) para(latin1(conversionText(d.conversion).replace(/₹/g, 'Rs. ')));
  y -= 8;
  para(
    'Air fares and supplier prices are collected as a pure agent and are not part of our taxable supply. ' +
      'This is a computer-generated document and needs no signature.',
    { size: 8 },
  );
  return pdf.save();
}
