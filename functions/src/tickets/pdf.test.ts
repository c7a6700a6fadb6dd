import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { BinaryBitmap, HybridBinarizer, PDF417Reader, RGBLuminanceSource } from '@zxing/library';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import type { ETicketDoc } from '@tp/mail';
import { barcodeText } from '@tp/domain/barcode';
import { barcodePng, eTicketPdf } from './pdf.ts';

/** Decodes a PDF417 PNG (alpha flattened on white, with a quiet zone) back to its text. */
function decode(png: Buffer): string {
  const img = PNG.sync.read(png);
  const pad = 20;
  const w = img.width + 2 * pad;
  const h = img.height + 2 * pad;
  const lum = new Uint8ClampedArray(w * h).fill(255);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      const a = img.data[i + 3]! / 255;
      lum[(y + pad) * w + x + pad] = Math.round(img.data[i]! * a + 255 * (1 - a));
    }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, w, h)));
  return new PDF417Reader().decode(bitmap).getText();
}

const text = barcodeText({ firstName: 'Luc', lastName: 'Desmarais' }, [
  {
    pnr: 'ABC123',
    from: 'YUL',
    to: 'FRA',
    carrier: 'AC',
    flightNumber: '834',
    departureTime: '2026-11-22T18:05:00',
    compartment: 'J',
    seat: '1A',
    sequence: 25,
  },
]);

describe('boarding-pass barcode image', () => {
  it('decodes back to the hand-worked BCBP text', async () => {
    expect(text).toBe('M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 000');
    expect(decode(await barcodePng(text))).toBe(text);
  });
});

const doc: ETicketDoc = {
  pnr: 'ABC123',
  bookingId: 'B1',
  status: 'Ticketed',
  bookedOn: '01 Nov 2026, 10:00',
  agency: { name: 'Mehta Tours & Travels', email: 'agent@example.com', phone: '' },
  segments: [
    {
      flight: 'AC 834',
      from: 'Montréal (YUL)',
      to: 'Frankfurt (FRA)',
      departure: '22 Nov 2026, 18:05',
      arrival: '23 Nov 2026, 07:35',
      baggage: '2 PC',
      fareClass: 'J',
    },
  ],
  passengers: [
    { name: 'Mr Luc Desmarais', type: 'ADT', ticketNumber: '0141234567890', extras: '' },
    { name: 'Ms Priya Iyer', type: 'ADT', ticketNumber: '0141234567891', extras: 'YUL-FRA meal VGML' },
  ],
  fare: {
    lines: [
      ['Base fare', '₹4,118.00'],
      ['Discount', '\u2212₹100.00'],
    ],
    total: '₹5,800.00',
  },
  link: 'https://example.com/app/flight/eTicket/x',
};

describe('e-ticket PDF', () => {
  it('is an A4 document with one barcode image per passenger', async () => {
    const bytes = await eTicketPdf(doc, [text, text.replace('DESMARAIS/LUC  ', 'IYER/PRIYA     ')]);
    const pdf = await PDFDocument.load(bytes);
    const page = pdf.getPage(0);
    expect(Math.round(page.getWidth())).toBe(595);
    expect(Math.round(page.getHeight())).toBe(842);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.getTitle()).toBe('E-ticket ABC123');
  });

  it('prints amounts as the screen does: the rupee sign drawn (the standard fonts lack it), never "?" or INR', async () => {
    const pdf = await PDFDocument.load(await eTicketPdf(doc, []));
    const contents = pdf.getPage(0).node.Contents();
    const streams = (contents instanceof PDFArray ? contents.asArray() : [contents])
      .map((r) => pdf.context.lookup(r))
      .filter((c): c is PDFRawStream => c instanceof PDFRawStream);
    const ops = streams.map((c) => inflateSync(c.contents).toString('latin1')).join('\n');
    // Standard-font text is written as hex strings: decode each shown string.
    const shown = [...ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
    expect(shown).toEqual(
      expect.arrayContaining(['Base fare: ', '4,118.00', 'Discount: -', '100.00', 'Total: ', '5,800.00']),
    );
    expect(shown.join(' ')).not.toMatch(/\?|INR/);
    // One drawn glyph per amount: its first stroke starts at (40, 50) of the em.
    expect(ops.match(/^40 50 m$/gm)).toHaveLength(3);
  });
});
