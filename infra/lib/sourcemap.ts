/**
 * A Lambda bundle's source map, cut to our own code (infra/lib/bundling.ts, "Source maps").
 *
 * Under `--enable-source-maps` Node reads and JSON-parses a bundle's map when it loads the bundle, so
 * the map's size is cold-start time. esbuild maps every byte, and nine tenths of a bundle are
 * dependencies (the AWS SDK, zod, Powertools) whose frames nobody reads as TypeScript. This keeps the
 * segments that point into our sources (functions/, packages/) and marks dependency code as unmapped:
 * a frame in our code still maps to its file and line; a frame in a dependency shows index.mjs's own
 * line and column. Only the sources and names still used are kept.
 *
 * `tsx infra/lib/sourcemap.ts <index.mjs.map>…` rewrites the maps in place (the CDK hook's command).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface SourceMapV3 {
  version: 3;
  sources: string[];
  names: string[];
  mappings: string;
  [key: string]: unknown;
}

/** Sources of a bundle's map that are ours (the rest come from node_modules). */
export const isOwnSource = (source: string): boolean => !/(^|\/)node_modules\//.test(source);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...B64].map((c, i) => [c, i]));

/** One segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const c of segment) {
    const digit = DIGIT.get(c);
    if (digit === undefined) throw new Error(`not a base64 VLQ digit: ${c}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) shift += 5;
    else {
      fields.push(value % 2 ? -(value - 1) / 2 : value / 2);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

function encode(n: number): string {
  let value = n < 0 ? -n * 2 + 1 : n * 2;
  let out = '';
  do {
    let digit = value % 32;
    value = Math.floor(value / 32);
    if (value) digit |= 32;
    out += B64[digit];
  } while (value);
  return out;
}

/** The map with only the segments whose source `keep` accepts; other code becomes unmapped. */
export function trimSourceMap(map: SourceMapV3, keep: (source: string) => boolean = isOwnSource): SourceMapV3 {
  // Absolute values of the input, carried across segments and lines as the format deltas them.
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  // The previous values written, for the output's deltas.
  const out = { source: 0, line: 0, column: 0, name: 0 };
  const sources: string[] = [];
  const names: string[] = [];
  const sourceIndex = new Map<number, number>();
  const nameIndex = new Map<number, number>();
  const indexOf = (index: Map<number, number>, list: string[], from: string[], i: number): number => {
    let at = index.get(i);
    if (at === undefined) {
      at = list.length;
      index.set(i, at);
      list.push(from[i]!);
    }
    return at;
  };
  const mappings = map.mappings.split(';').map((text) => {
    let generated = 0;
    let written = 0;
    let unmapped = false;
    const segments: string[] = [];
    for (const segment of text ? text.split(',') : []) {
      const f = decodeSegment(segment);
      generated += f[0]!;
      if (f.length >= 4) {
        source += f[1]!;
        line += f[2]!;
        column += f[3]!;
        if (f.length === 5) name += f[4]!;
      }
      if (f.length >= 4 && keep(map.sources[source]!)) {
        const s = indexOf(sourceIndex, sources, map.sources, source);
        let encoded = encode(generated - written) + encode(s - out.source) + encode(line - out.line);
        encoded += encode(column - out.column);
        Object.assign(out, { source: s, line, column });
        if (f.length === 5) {
          const n = indexOf(nameIndex, names, map.names, name);
          encoded += encode(n - out.name);
          out.name = n;
        }
        segments.push(encoded);
        unmapped = false;
      } else if (!unmapped) {
        // One column-only segment ends the previous mapping; the code after it maps to nothing.
        segments.push(encode(generated - written));
        unmapped = true;
      } else continue;
      written = generated;
    }
    return segments.join(',');
  });
  const trimmed: SourceMapV3 = { ...map, sources, names, mappings: mappings.join(';') };
  const contents = map.sourcesContent as (string | null)[] | undefined;
  if (contents) trimmed.sourcesContent = [...sourceIndex.keys()].map((i) => contents[i] ?? null);
  return trimmed;
}

/** Rewrites a map file in place, cut to our own code. */
export function trimSourceMapFile(file: string): void {
  const map = JSON.parse(readFileSync(file, 'utf8')) as SourceMapV3;
  writeFileSync(file, JSON.stringify(trimSourceMap(map)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  for (const f of process.argv.slice(2)) trimSourceMapFile(f);
