/**
 * The e-ticket PDF attached to the mail: A4, the agency header, flights, passengers each with the
 * boarding-pass PDF417 barcode (bwip-js), and the fare when shown. Standard fonts only (WinAnsi), so
 * text is reduced to printable Latin-1. Rendered by the email worker (pdf-lib and bwip-js weigh ~1.3 MB
 * bundled; request-path Lambdas only queue an attachment request).
 */
// The one symbology, imported by name: esbuild then drops the other ~100 encoders (~800 KB).
import { pdf417 } from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ETicketDoc } from '@tp/mail';
import type { SiteRecord } from '#lib/tenancy';
import type { BookingRecord } from '../bookings/index.ts';
import { bookingETicketDoc, eTicketPdfName, type ETicketDocOptions } from './eticket-doc.ts';

/** The PDF417 symbol of a barcode text as PNG. */
export async function barcodePng(text: string): Promise<Buffer> {
  return pdf417({ bcid: 'pdf417', text, scale: 2, height: 8, paddingwidth: 4, paddingheight: 4 });
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.07, 0.09, 0.15);
/** What WinAnsi can print: the minus sign (formatMoney's negatives) as a hyphen, anything else unknown as '?'. */
const latin1 = (s: string) => s.replace(/\u2212/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/**
 * The rupee sign, which the standard fonts lack: drawn as strokes on a 1000-unit em, y down from the
 * cap height, as wide as a digit, so `₹8,444.00` prints like the screen and the mail (one money format).
 */
const RUPEE = {
  path: 'M 40 50 H 500 M 40 235 H 500 M 170 50 C 440 50 440 420 170 420 H 80 L 440 718',
  advance: 556,
  capHeight: 718,
};

export async function eTicketPdf(doc: ETicketDoc, barcodes: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`E-ticket ${doc.pnr}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;

  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const text = (s: string, opts: { size?: number; f?: PDFFont; x?: number } = {}) => {
    const size = opts.size ?? 10;
    const f = opts.f ?? font;
    const em = size / 1000;
    ensure(size + 4);
    const baseline = y - size;
    let x = opts.x ?? MARGIN;
    for (const [i, part] of s.split('₹').entries()) {
      if (i > 0) {
        const stroke = f === bold ? 110 : 72;
        page.drawSvgPath(RUPEE.path, {
          x,
          y: baseline + RUPEE.capHeight * em,
          scale: em,
          borderColor: INK,
          borderWidth: stroke,
        });
        x += RUPEE.advance * em;
      }
      const t = latin1(part);
      if (!t) continue;
      page.drawText(t, { x, y: baseline, size, font: f, color: INK });
      x += f.widthOfTextAtSize(t, size);
    }
    y -= size + 5;
  };

  text(doc.agency.name, { size: 18, f: bold });
  text([doc.agency.email, doc.agency.phone].filter(Boolean).join('  '), { size: 9 });
  y -= 8;
  text('E-ticket', { size: 14, f: bold });
  text(`PNR ${doc.pnr}   Booking ${doc.bookingId}   ${doc.status}   Booked on ${doc.bookedOn}`);
  y -= 6;
  text('Flights', { size: 12, f: bold });
  for (const s of doc.segments) {
    text(`${s.flight}  ${s.from} -> ${s.to}`, { f: bold });
    text(`Departs ${s.departure}   Arrives ${s.arrival}   Class ${s.fareClass}   Baggage ${s.baggage}`, { size: 9 });
  }
  y -= 6;
  text('Passengers', { size: 12, f: bold });
  for (const [i, p] of doc.passengers.entries()) {
    text(`${p.name} (${p.type})   Ticket ${p.ticketNumber}`, { f: bold });
    if (p.extras) text(p.extras, { size: 9 });
    const code = barcodes[i];
    if (code) {
      const png = await pdf.embedPng(await barcodePng(code));
      const width = Math.min(260, png.width / 2);
      const height = (png.height / png.width) * width;
      ensure(height + 6);
      page.drawImage(png, { x: MARGIN, y: y - height, width, height });
      y -= height + 8;
    }
  }
  if (doc.fare) {
    y -= 6;
    text('Fare', { size: 12, f: bold });
    for (const [k, v] of doc.fare.lines) text(`${k}: ${v}`);
    text(`Total: ${doc.fare.total}`, { f: bold });
    for (const [k, v] of doc.fare.perType ?? []) text(`${k}: ${v}`, { size: 9 });
  }
  return pdf.save();
}

/** The e-ticket PDF of a booking as a mail attachment (the email worker's `eticketPdf` request). */
export async function eTicketPdfAttachment(
  site: SiteRecord,
  booking: BookingRecord,
  options: ETicketDocOptions,
): Promise<{ filename: string; contentType: string; contentBase64: string }> {
  const { doc, barcodes } = bookingETicketDoc(site, booking, options);
  const pdf = await eTicketPdf(doc, barcodes);
  return {
    filename: eTicketPdfName(booking),
    contentType: 'application/pdf',
    contentBase64: Buffer.from(pdf).toString('base64'),
  };
}
