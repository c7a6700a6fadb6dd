/**
 * The reading side of xlsx.ts: the sheets of an uploaded .xlsx as rows of cell values, without a dependency
 * (node:zlib inflate). Reads what Excel, LibreOffice, Google Sheets and xlsx.ts write: shared strings, inline
 * strings, numbers and booleans (dates stay Excel serial numbers; the caller knows which columns are dates).
 * Bounded: a file past MAX_UNPACKED bytes once unpacked, or past MAX_ROWS rows, is refused (zip bombs).
 */
import { inflateRawSync } from 'node:zlib';

export type ReadCell = string | number | boolean | null;
export interface ReadSheet {
  name: string;
  /** Row by row from the first, each as long as its last cell; missing cells are null. */
  rows: ReadCell[][];
}

export class XlsxReadError extends Error {}

const MAX_UNPACKED = 50 * 1024 * 1024;
const MAX_ROWS = 50_000;
const MAX_COLUMNS = 200;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** The zip's central directory (the end record is within the last 64 KB + 22 bytes). */
function entries(zip: Buffer): Map<string, Entry> {
  const floor = Math.max(0, zip.length - 65_557);
  let end = -1;
  for (let i = zip.length - 22; i >= floor; i--)
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  if (end < 0) throw new XlsxReadError('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new XlsxReadError('broken zip directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    out.set(name, {
      name,
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

function unpack(zip: Buffer, e: Entry, budget: { left: number }): string {
  const at = e.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== 0x04034b50) throw new XlsxReadError('broken zip entry');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + e.compressedSize);
  if (e.size > budget.left) throw new XlsxReadError('file too large once unpacked');
  let raw: Buffer;
  if (e.method === 0) raw = data;
  else if (e.method === 8) {
    try {
      raw = inflateRawSync(data, { maxOutputLength: budget.left });
    } catch {
      throw new XlsxReadError('broken or oversized zip entry');
    }
  } else throw new XlsxReadError('unsupported zip compression');
  budget.left -= raw.length;
  return raw.toString('utf8');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export const xmlUnescape = (s: string): string =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e.startsWith('#x')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : ENTITIES[e]!,
  );

/** The text of an `<si>` or `<is>`: its `<t>` runs joined (rich text has several; phonetic runs are skipped). */
const textOf = (xml: string): string =>
  [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)]
    .map((m) => xmlUnescape(m[1] ?? ''))
    .join('');

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** A column's index from a cell reference: A1 → 0, AB7 → 27. */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

function sheetRows(xml: string, strings: string[]): ReadCell[][] {
  const rows: ReadCell[][] = [];
  for (const rowMatch of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const r = Number(attr(rowMatch[1] ?? '', 'r') ?? rows.length + 1) - 1;
    if (!Number.isInteger(r) || r < 0 || r >= MAX_ROWS) throw new XlsxReadError(`more than ${MAX_ROWS} rows`);
    const cells: ReadCell[] = [];
    for (const c of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const tag = c[1] ?? '';
      const body = c[2] ?? '';
      const ref = attr(tag, 'r');
      const col = ref ? columnIndex(ref) : cells.length;
      if (col < 0 || col >= MAX_COLUMNS) continue;
      const type = attr(tag, 't') ?? 'n';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: ReadCell = null;
      if (type === 's') value = v === undefined ? null : (strings[Number(v)] ?? null);
      else if (type === 'inlineStr') value = textOf(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
      else if (type === 'str') value = v === undefined ? null : xmlUnescape(v);
      else if (type === 'b') value = v === '1';
      else if (type === 'e') value = null;
      else if (v !== undefined && v.trim() !== '') value = Number(v);
      while (cells.length < col) cells.push(null);
      cells[col] = value;
    }
    while (rows.length < r) rows.push([]);
    rows[r] = cells;
  }
  return rows;
}

/** Every sheet of the workbook, in workbook order. Throws XlsxReadError when the file is not a readable .xlsx. */
export function readXlsx(file: Buffer): ReadSheet[] {
  const zip = entries(file);
  const budget = { left: MAX_UNPACKED };
  const part = (name: string): string | null => {
    const e = zip.get(name);
    return e ? unpack(file, e, budget) : null;
  };
  const workbook = part('xl/workbook.xml');
  if (!workbook) throw new XlsxReadError('no workbook in the file');
  const rels = part('xl/_rels/workbook.xml.rels') ?? '';
  const targets = new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => [attr(m[0], 'Id') ?? '', attr(m[0], 'Target') ?? '']),
  );
  const sst = part('xl/sharedStrings.xml');
  const strings = sst ? [...sst.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1] ?? '')) : [];
  return [...workbook.matchAll(/<sheet\b[^>]*>/g)].map((m) => {
    const name = xmlUnescape(attr(m[0], 'name') ?? '');
    const target = targets.get(attr(m[0], 'r:id') ?? '') ?? '';
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    const xml = part(path);
    return { name, rows: xml ? sheetRows(xml, strings) : [] };
  });
}

/** A date cell as `YYYY-MM-DD`: Excel serial numbers converted, text kept as typed. */
export function cellDate(v: ReadCell): string | null {
  if (v === null || v === '') return null;
  if (typeof v === 'number' && Number.isFinite(v)) {
    const d = new Date(Math.round((v - 25_569) * 86_400_000));
    return Number.isNaN(d.getTime()) ? String(v) : d.toISOString().slice(0, 10);
  }
  return String(v).trim();
}
