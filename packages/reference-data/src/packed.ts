import { brotliDecompressSync } from 'node:zlib';

/**
 * Reads a table written by scripts/data/build-reference.ts `writePacked` (brotli-compressed JSON in
 * base64, kept small for the Lambda bundle budget). Node only.
 */
export function unpack<T>(packed: string): T {
  return JSON.parse(brotliDecompressSync(Buffer.from(packed, 'base64')).toString('utf8')) as T;
}
