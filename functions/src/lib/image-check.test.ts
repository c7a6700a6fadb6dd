import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MSG } from '@tp/contracts/media';
import { checkImage } from './image-check.ts';

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const png = (w: number, h: number) =>
  Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    73,
    72,
    68,
    82,
    ...u32(w),
    ...u32(h),
    8,
    6,
    0,
    0,
    0,
  ]);
const jpeg = (w: number, h: number) =>
  Uint8Array.from([
    0xff,
    0xd8, // SOI
    0xff,
    0xe0,
    0,
    16,
    74,
    70,
    73,
    70,
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // APP0 (JFIF), skipped by its length
    0xff,
    0xc2,
    0,
    17,
    8,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1, // progressive SOF2
  ]);
const webpX = (w: number, h: number) => {
  const b = new Uint8Array(34);
  b.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  b.set(
    [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
    8,
  );
  b.set([(w - 1) & 255, ((w - 1) >> 8) & 255, (w - 1) >> 16, (h - 1) & 255, ((h - 1) >> 8) & 255, (h - 1) >> 16], 24);
  return b;
};

describe('checkImage', () => {
  it('reads type and size from PNG, JPEG (past other segments) and WebP headers', () => {
    expect(checkImage(png(640, 480))).toEqual({ contentType: 'image/png', width: 640, height: 480 });
    expect(checkImage(jpeg(1600, 900))).toEqual({ contentType: 'image/jpeg', width: 1600, height: 900 });
    expect(checkImage(webpX(1200, 800))).toEqual({ contentType: 'image/webp', width: 1200, height: 800 });
  });

  it('refuses what is not an image whatever it is called: html, svg, gif, empty, a truncated header', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    for (const bytes of [
      text('<html><script>alert(1)</script></html>'),
      text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      text('GIF89a\x01\x00\x01\x00'),
      new Uint8Array(),
      png(10, 10).subarray(0, 12),
      Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2]),
    ])
      expect(checkImage(bytes)).toEqual({ error: MEDIA_MSG.notAnImage });
  });

  it('refuses too many bytes and too many pixels a side', () => {
    const big = new Uint8Array(MEDIA_LIMITS.imageBytes + 1);
    big.set(png(10, 10));
    expect(checkImage(big)).toEqual({ error: MEDIA_MSG.tooLarge });
    expect(checkImage(png(MEDIA_LIMITS.maxSide + 1, 10))).toEqual({ error: MEDIA_MSG.tooWide });
    expect(checkImage(png(0, 10))).toEqual({ error: MEDIA_MSG.notAnImage });
  });
});
