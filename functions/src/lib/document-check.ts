/**
 * What an uploaded document really is, from its bytes (never its name or the type the browser claims): a PDF, or a
 * JPEG or PNG image (a scan or a photo, checked like every image). Pure, so it is unit-tested without I/O.
 */
import { DOCUMENT_MSG, MEDIA_LIMITS, type DocumentType } from '@tp/contracts/media';
import { checkImage } from './image-check.ts';

export const DOCUMENT_EXTENSION: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

/** A PDF starts with `%PDF-1.x` or `%PDF-2.0` and ends with `%%EOF` (a truncated upload has none). */
function isPdf(bytes: Uint8Array): boolean {
  if (!/^%PDF-[12]\.\d$/.test(ascii(bytes, 0, 8))) return false;
  return ascii(bytes, Math.max(0, bytes.length - 1024), Math.min(bytes.length, 1024)).includes('%%EOF');
}

/** The document's type, or the user-facing reason it is refused. */
export function checkDocument(bytes: Uint8Array): { contentType: DocumentType } | { error: string } {
  if (bytes.length === 0) return { error: DOCUMENT_MSG.notADocument };
  if (bytes.length > MEDIA_LIMITS.imageBytes) return { error: DOCUMENT_MSG.tooLarge };
  if (isPdf(bytes)) return { contentType: 'application/pdf' };
  const image = checkImage(bytes);
  if ('error' in image)
    return { error: image.error === DOCUMENT_MSG.tooLarge ? image.error : DOCUMENT_MSG.notADocument };
  if (image.contentType === 'image/webp') return { error: DOCUMENT_MSG.notADocument };
  return { contentType: image.contentType };
}
