/**
 * `#common-passwords` in Lambda bundles (condition tp-lambda): the list stays out of the JS bundle as a
 * sidecar file (brotli, one password a line) that esbuild's file loader copies beside index.mjs; read
 * once, on the first check.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import LIST_FILE from './data/common-passwords.br';
import { passwordKey } from './common-passwords.ts';

let list: Set<string> | undefined;

const read = (): Set<string> =>
  new Set(
    brotliDecompressSync(readFileSync(new URL(LIST_FILE, import.meta.url)))
      .toString('utf8')
      .split('\n'),
  );

export const isCommonPassword = (password: string): boolean => (list ??= read()).has(passwordKey(password));
