import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

/**
 * Reads a table written by scripts/data/build-reference.ts (brotli-compressed JSON in a `.br` file
 * beside the code: next to index.mjs in a Lambda bundle, in src/data/ when running from source).
 * `file` is what `#data/<table>` resolves to: the bundle's relative asset path or the source's file
 * URL. Tables are read on first use, so a cold start never pays for a table its request does not need.
 * Node only.
 */
export function readPacked<T>(file: string): T {
  return JSON.parse(brotliDecompressSync(readFileSync(new URL(file, import.meta.url))).toString('utf8')) as T;
}

/** A value made on first call, then kept for the life of the process (container). */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
