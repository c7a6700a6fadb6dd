import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { BinaryBitmap, HybridBinarizer, PDF417Reader, RGBLuminanceSource } from '@zxing/library';
import { PDFDocument } from 'pdf-lib';
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

describe('e-ticket PDF', () => {
  it('is an A4 document with one barcode image per passenger', async () => {
    const bytes = await eTicketPdf(
      {
        pnr: 'ABC123',
        bookingId: 'B1',
        status: 'Ticketed',
        bookedOn: '2026-11-01 10:00',
        agency: { name: 'Mehta Tours & Travels', email: 'agent@example.com', phone: '' },
        segments: [
          {
            flight: 'AC 834',
            from: 'Montréal (YUL)',
            to: 'Frankfurt (FRA)',
            departure: '2026-11-22 18:05',
            arrival: '2026-11-23 07:35',
            baggage: '2 PC',
            fareClass: 'J',
          },
        ],
        passengers: [
          { name: 'Mr Luc Desmarais', type: 'ADT', ticketNumber: '0141234567890', extras: '' },
          { name: 'Ms Priya Iyer', type: 'ADT', ticketNumber: '0141234567891', extras: 'YUL-FRA meal VGML' },
        ],
        fare: { lines: [['Base fare', 'INR 4118.00']], total: 'INR 5800.00' },
        link: 'https://example.com/app/flight/eTicket/x',
      },
      [text, text.replace('DESMARAIS/LUC  ', 'IYER/PRIYA     ')],
    );
    const pdf = await PDFDocument.load(bytes);
    const page = pdf.getPage(0);
    expect(Math.round(page.getWidth())).toBe(595);
    expect(Math.round(page.getHeight())).toBe(842);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.getTitle()).toBe('E-ticket ABC123');
  });
});
