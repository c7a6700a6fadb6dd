/**
 * What an uploaded file really is, from its bytes (never from its name or the type the browser claims):
 * JPEG, PNG or WebP, and its width and height read from the header. Pure, so it is unit-tested without I/O.
 */
import { IMAGE_TYPES, MEDIA_LIMITS, MEDIA_MSG, type ImageType } from '@tp/contracts/media';

export interface CheckedImage {
  contentType: ImageType;
  width: number;
  height: number;
}

export const EXTENSION: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const startsWith = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);

function pngSize(b: Uint8Array): [number, number] | null {
  // Signature, then the IHDR chunk first: length (4), "IHDR", width, height (big-endian).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return [u32be(b, 16), u32be(b, 20)];
}

function jpegSize(b: Uint8Array): [number, number] | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Standalone markers carry no length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return [u16be(b, at + 7), u16be(b, at + 5)];
    if (marker === 0xda || length < 2) return null; // image data before any frame header
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && startsWith(b, [0x9d, 0x01, 0x2a], 23)) return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  return null;
}

/** The image's type and size, or the user-facing reason it is refused. */
export function checkImage(bytes: Uint8Array): CheckedImage | { error: string } {
  if (bytes.length === 0) return { error: MEDIA_MSG.notAnImage };
  if (bytes.length > MEDIA_LIMITS.imageBytes) return { error: MEDIA_MSG.tooLarge };
  let contentType: ImageType | undefined;
  let size: [number, number] | null = null;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    [contentType, size] = ['image/png', pngSize(bytes)];
  else if (startsWith(bytes, [0xff, 0xd8, 0xff])) [contentType, size] = ['image/jpeg', jpegSize(bytes)];
  else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    [contentType, size] = ['image/webp', webpSize(bytes)];
  if (!contentType || !IMAGE_TYPES.includes(contentType) || !size || size[0] < 1 || size[1] < 1)
    return { error: MEDIA_MSG.notAnImage };
  if (size[0] > MEDIA_LIMITS.maxSide || size[1] > MEDIA_LIMITS.maxSide) return { error: MEDIA_MSG.tooWide };
  return { contentType, width: size[0], height: size[1] };
}
