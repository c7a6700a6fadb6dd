import { describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, MEDIA_LIMITS } from '@tp/contracts/media';
import { checkDocument } from './document-check.ts';

const pdf = (body = '1 0 obj << >> endobj\n') => Buffer.from(`%PDF-1.7\n${body}trailer\n%%EOF\n`);
// The smallest valid PNG: signature, IHDR 1×1.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6d6d80000000049454e44ae426082',
  'hex',
);

describe('checkDocument', () => {
  it('takes a PDF and a PNG from their bytes', () => {
    expect(checkDocument(pdf())).toEqual({ contentType: 'application/pdf' });
    expect(checkDocument(png)).toEqual({ contentType: 'image/png' });
  });

  it('refuses a truncated PDF, text named .pdf, an empty and an oversized file', () => {
    expect(checkDocument(Buffer.from('%PDF-1.7\n1 0 obj'))).toEqual({ error: DOCUMENT_MSG.notADocument });
    expect(checkDocument(Buffer.from('hello, I am a passport'))).toEqual({ error: DOCUMENT_MSG.notADocument });
    expect(checkDocument(new Uint8Array())).toEqual({ error: DOCUMENT_MSG.notADocument });
    expect(checkDocument(pdf('x'.repeat(MEDIA_LIMITS.imageBytes)))).toEqual({ error: DOCUMENT_MSG.tooLarge });
  });

  it('refuses a WebP image (documents are PDF, JPEG or PNG)', () => {
    const webp = Buffer.alloc(40);
    webp.write('RIFF', 0);
    webp.write('WEBP', 8);
    webp.write('VP8X', 12);
    expect(checkDocument(webp)).toEqual({ error: DOCUMENT_MSG.notADocument });
  });
});
