/**
 * Compression of large JSON answers in the handler itself. API Gateway's HTTP API does not compress, and
 * CloudFront compresses only what it caches (the API is not cached), so a 1,500-option search (~3.5 MB of
 * JSON) would reach a phone uncompressed and sit near Lambda's 6 MB response limit. Brotli at a low
 * quality costs a few ms per MB and shrinks such answers ~20×; small answers are not worth the CPU.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as MSG from '@tp/contracts/messages';
import { AppError } from './errors.ts';

/**
 * Lambda refuses a response over 6 MB (body and headers). A DEL↔BOM return search is ~6.8 MB of JSON, ~190 KB
 * compressed: a client that takes no compression gets a clear 406 instead of the platform's bare 502.
 */
export const UNCOMPRESSED_MAX_BYTES = 5.5 * 1024 * 1024;

/** Below this, compression saves less than it costs. */
export const COMPRESS_MIN_BYTES = 16 * 1024;

export interface EncodedBody {
  body: string;
  isBase64Encoded: boolean;
  /** content-encoding and vary, when compressed. */
  headers: Record<string, string>;
}

/** Picks br, then gzip, from the client's Accept-Encoding (q=0 means "not acceptable"). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

export function encodeBody(json: string, acceptEncoding: string | undefined): EncodedBody {
  const bytes = Buffer.byteLength(json);
  const encoding = bytes >= COMPRESS_MIN_BYTES ? chooseEncoding(acceptEncoding) : null;
  if (!encoding) {
    if (bytes > UNCOMPRESSED_MAX_BYTES) throw new AppError('NOT_ACCEPTABLE', MSG.answerNeedsCompression);
    return { body: json, isBase64Encoded: false, headers: {} };
  }
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(json, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        })
      : gzipSync(json, { level: 5 });
  return {
    body: compressed.toString('base64'),
    isBase64Encoded: true,
    headers: { 'content-encoding': encoding, vary: 'accept-encoding' },
  };
}
