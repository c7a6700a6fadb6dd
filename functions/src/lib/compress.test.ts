import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as MSG from '@tp/contracts/messages';
import { chooseEncoding, COMPRESS_MIN_BYTES, encodeBody, UNCOMPRESSED_MAX_BYTES } from './compress.ts';

const big = JSON.stringify({
  success: true,
  result: Array.from({ length: 2000 }, (_, i) => ({ i, name: `option ${i}` })),
});

describe('answer compression', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('leaves small answers alone', () => {
    const small = JSON.stringify({ success: true });
    expect(encodeBody(small, 'br')).toEqual({ body: small, isBase64Encoded: false, headers: {} });
  });

  it('compresses large answers so they decode back to the same JSON', () => {
    expect(big.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = encodeBody(big, 'gzip, br');
    expect(br.headers).toEqual({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(brotliDecompressSync(Buffer.from(br.body, 'base64')).toString()).toBe(big);
    expect(Buffer.from(br.body, 'base64').length).toBeLessThan(big.length / 5);
    const gz = encodeBody(big, 'gzip');
    expect(gunzipSync(Buffer.from(gz.body, 'base64')).toString()).toBe(big);
    expect(encodeBody(big, undefined).isBase64Encoded).toBe(false);
  });

  it('refuses, with a clear 406, an answer over the Lambda limit to a client that takes no compression', () => {
    const huge = JSON.stringify({ success: true, result: 'x'.repeat(UNCOMPRESSED_MAX_BYTES) });
    expect(() => encodeBody(huge, undefined)).toThrow(expect.objectContaining({ status: 406 }));
    expect(() => encodeBody(huge, 'identity')).toThrow(MSG.answerNeedsCompression);
    expect(encodeBody(huge, 'gzip').headers['content-encoding']).toBe('gzip');
  });
});
