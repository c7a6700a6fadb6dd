/**
 * A quotation's service vouchers as one A4 PDF, a page per voucher (pdf-lib with standard fonts, as the receipt's
 * PDF), each with a QR code of its reference (bwip-js, already the e-ticket's barcode encoder). Attached to the
 * confirmation mail; loaded only then.
 */
// The one symbology, imported by name: esbuild then drops the other encoders.
import { qrcode } from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TVoucherSet } from '@tp/contracts/endpoints/kart-paper';
import { voucherFacts } from '@tp/domain/dmc';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.3, 0.33, 0.38);
const RULE = rgb(0.75, 0.77, 0.8);
const QR_SIZE = 96;

const latin1 = (s: string) => s.replace(/[\u2212\u2013\u2014]/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** The QR symbol of a voucher's reference as PNG. */
export const referenceQrPng = (text: string): Promise<Buffer> =>
  qrcode({ bcid: 'qrcode', text, scale: 4, paddingwidth: 2, paddingheight: 2 });

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of latin1(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function vouchersPdf(set: TVoucherSet): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Vouchers ${set.quotationId}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  const issuer = set.issuer;

  for (const v of set.vouchers) {
    const page: PDFPage = pdf.addPage(A4);
    let y = A4[1] - MARGIN;
    const draw = (s: string, x: number, size: number, f: PDFFont, o: { right?: boolean; color?: typeof INK } = {}) => {
      const t = latin1(s);
      const at = o.right ? x - f.widthOfTextAtSize(t, size) : x;
      page.drawText(t, { x: at, y: y - size, size, font: f, color: o.color ?? INK });
    };

    draw(issuer.companyName, MARGIN, 14, bold);
    draw('SERVICE VOUCHER', MARGIN + width, 14, bold, { right: true });
    y -= 18;
    draw([issuer.adminContact, issuer.adminEmail].filter(Boolean).join('  ·  '), MARGIN, 9, font, { color: MUTED });
    draw(`${set.kartName} · ${set.quotationId}`, MARGIN + width, 9, font, { right: true, color: MUTED });
    y -= 16;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.6, color: RULE });
    y -= 14;

    const qr = await pdf.embedPng(await referenceQrPng(v.reference));
    page.drawImage(qr, { x: MARGIN + width - QR_SIZE, y: y - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
    const valueX = MARGIN + 120;
    const valueWidth = width - 120 - QR_SIZE - 12;
    for (const [label, value] of voucherFacts(v, set.party)) {
      draw(label, MARGIN, 10, font, { color: MUTED });
      const lines = wrap(value, label === 'Reference' || label === 'Confirmation no.' ? bold : font, 10, valueWidth);
      for (const [i, line] of lines.entries()) {
        if (i) y -= 13;
        draw(line, valueX, 10, label === 'Reference' || label === 'Confirmation no.' ? bold : font);
      }
      y -= 16;
    }
    if (set.party.guests.length) {
      draw('Guests', MARGIN, 10, font, { color: MUTED });
      for (const line of wrap(set.party.guests.join(', '), font, 10, valueWidth)) {
        draw(line, valueX, 10, font);
        y -= 13;
      }
      y -= 3;
    }

    y -= 8;
    draw('What is included', MARGIN, 11, bold);
    y -= 16;
    for (const item of v.included) {
      for (const [i, line] of wrap(item, font, 10, width - 12).entries()) {
        draw(i ? line : `- ${line}`, MARGIN + (i ? 8 : 0), 10, font);
        y -= 13;
      }
    }
    y -= 8;
    draw('Cancellation terms', MARGIN, 11, bold);
    y -= 16;
    for (const line of wrap(v.cancellationTerms, font, 10, width)) {
      draw(line, MARGIN, 10, font);
      y -= 13;
    }
  }
  return pdf.save();
}
