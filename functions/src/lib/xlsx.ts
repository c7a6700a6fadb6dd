/**
 * A small, dependency-free .xlsx writer for exports (exceljs alone weighed ~600 KB in a Lambda bundle).
 * Writes the minimal SpreadsheetML parts into a zip (node:zlib deflate + crc32, Node ≥ 20.15): text
 * through the shared string table, numbers, booleans, dates as serial numbers with a date style, a
 * bold header row, column widths and a frozen header. One call builds the whole file in memory.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export type XlsxCell = string | number | boolean | Date | null | undefined;

export interface XlsxColumn {
  header: string;
  /** In characters, as Excel measures column width. */
  width?: number;
}

export interface XlsxSheet {
  /** 1–31 characters, none of : \ / ? * [ ] (Excel's rule). */
  name: string;
  columns: readonly XlsxColumn[];
  rows: readonly (readonly XlsxCell[])[];
}

export interface XlsxOptions {
  creator?: string;
  /** Creation time in the document properties and zip entries; defaults to now. */
  created?: Date;
}

/** Style ids of styles.xml's cellXfs: 0 normal, 1 bold (headers), 2 date-time. */
const STYLE = { bold: 1, date: 2 } as const;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument';

/** XML text: the five entities, and characters XML 1.0 cannot carry at all removed. */
export const xmlEscape = (s: string): string =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's serial date (days since 1899-12-30, UTC). */
const serial = (d: Date): number => d.getTime() / 86_400_000 + 25_569;

function sheetXml(sheet: XlsxSheet, strings: Map<string, number>): string {
  const str = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  const cell = (ref: string, v: XlsxCell, bold: boolean): string => {
    const s = bold ? ` s="${STYLE.bold}"` : '';
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"${s}><v>${v}</v></c>` : '';
    if (typeof v === 'boolean') return `<c r="${ref}"${s} t="b"><v>${v ? 1 : 0}</v></c>`;
    if (v instanceof Date) return `<c r="${ref}" s="${STYLE.date}"><v>${serial(v)}</v></c>`;
    return `<c r="${ref}"${s} t="s"><v>${str(v)}</v></c>`;
  };
  const row = (cells: readonly XlsxCell[], r: number, bold = false) =>
    `<row r="${r}">${cells.map((v, c) => cell(`${columnName(c)}${r}`, v, bold)).join('')}</row>`;
  const cols = sheet.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 12}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">` +
    // Frozen header: the first row stays in view while scrolling.
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>` +
    row(
      sheet.columns.map((c) => c.header),
      1,
      true,
    ) +
    sheet.rows.map((cells, i) => row(cells, i + 2)).join('') +
    '</sheetData></worksheet>'
  );
}

const STYLES_XML =
  `${XML_HEAD}<styleSheet xmlns="${NS}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** The workbook's parts, path → XML. */
function parts(sheets: readonly XlsxSheet[], opts: XlsxOptions, created: Date): [string, string][] {
  const strings = new Map<string, number>();
  const sheetParts = sheets.map((s, i): [string, string] => [`xl/worksheets/sheet${i + 1}.xml`, sheetXml(s, strings)]);
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${REL_NS}/${type}" Target="${target}"/>`;
  const sst = [...strings.keys()].map((s) => `<si><t xml:space="preserve">${xmlEscape(s)}</t></si>`).join('');
  const iso = `${created.toISOString().slice(0, 19)}Z`;
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${CT}.spreadsheetml.sheet.main+xml"/>` +
        sheets
          .map(
            (_, i) =>
              `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${CT}.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        `<Override PartName="/xl/styles.xml" ContentType="${CT}.spreadsheetml.styles+xml"/>` +
        `<Override PartName="/xl/sharedStrings.xml" ContentType="${CT}.spreadsheetml.sharedStrings+xml"/>` +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}` +
        `<Relationship Id="rId2" Type="${PKG_REL_NS}/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    ],
    [
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        (opts.creator ? `<dc:creator>${xmlEscape(opts.creator)}</dc:creator>` : '') +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created></cp:coreProperties>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>` +
        sheets.map((s, i) => `<sheet name="${xmlEscape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        sheets.map((_, i) => rel(`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`)).join('') +
        rel(`rId${sheets.length + 1}`, 'styles', 'styles.xml') +
        rel(`rId${sheets.length + 2}`, 'sharedStrings', 'sharedStrings.xml') +
        '</Relationships>',
    ],
    ['xl/styles.xml', STYLES_XML],
    ...sheetParts,
    [
      'xl/sharedStrings.xml',
      `${XML_HEAD}<sst xmlns="${NS}" count="${strings.size}" uniqueCount="${strings.size}">${sst}</sst>`,
    ],
  ];
}

/** A zip archive (deflate, UTF-8 names) of the given files. */
export function zip(files: readonly [name: string, content: string | Buffer][], modified: Date): Buffer {
  // MS-DOS time and date, as zip headers store them (local time is unknowable here; UTC is used).
  const dosTime = (modified.getUTCHours() << 11) | (modified.getUTCMinutes() << 5) | (modified.getUTCSeconds() >> 1);
  const dosDate =
    ((Math.max(modified.getUTCFullYear(), 1980) - 1980) << 9) |
    ((modified.getUTCMonth() + 1) << 5) |
    modified.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const raw = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const data = deflateRawSync(raw);
    const fileName = Buffer.from(name, 'utf8');
    // Shared by the local and central headers: version needed, UTF-8 flag, deflate, time, date, crc, sizes, name length.
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(0x0800, 2);
    common.writeUInt16LE(8, 4);
    common.writeUInt16LE(dosTime, 6);
    common.writeUInt16LE(dosDate, 8);
    common.writeUInt32LE(crc32(raw), 10);
    common.writeUInt32LE(data.length, 14);
    common.writeUInt32LE(raw.length, 18);
    common.writeUInt16LE(fileName.length, 22);
    const local = Buffer.concat([u32(0x04034b50), common, fileName, data]);
    // Comment length, disk, internal and external attributes (all zero), then the local header's offset.
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    centrals.push(Buffer.concat([u32(0x02014b50), u16(20), common, tail, fileName]));
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

/** The .xlsx file of the given sheets. */
export function xlsx(sheets: readonly XlsxSheet[], opts: XlsxOptions = {}): Buffer {
  if (!sheets.length) throw new Error('an .xlsx file needs at least one sheet');
  const created = opts.created ?? new Date();
  return zip(parts(sheets, opts, created), created);
}
