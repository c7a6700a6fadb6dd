import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESS_MIN_BYTES, encodeBody } from './compress.ts';

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
});
