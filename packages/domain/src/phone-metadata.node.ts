/**
 * Lambda variant of phone-metadata.ts: the 83 KB of metadata stay out of the JS bundle (budget 300 KB)
 * as data/phone-metadata.br, which esbuild's file loader copies beside index.mjs. Read once, on the
 * first phone check. The file is the library's metadata.min.json brotli-compressed; phone.test.ts
 * fails if the installed library's metadata moves on without it (regenerate: `npm run phone-metadata`).
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import type { MetadataJson } from 'libphonenumber-js/core';
import METADATA_FILE from './data/phone-metadata.br';

let metadata: MetadataJson | undefined;

export const phoneMetadata = (): MetadataJson =>
  (metadata ??= JSON.parse(
    brotliDecompressSync(readFileSync(new URL(METADATA_FILE, import.meta.url))).toString('utf8'),
  ) as MetadataJson);
