/**
 * The books as files (docs/dmc.md "The books"): Tally Prime's XML import (an ENVELOPE of vouchers) and CSV journals
 * in Zoho Books' and Xero's manual-journal layouts. Written a voucher at a time (`opening`, `voucherText`,
 * `closing`), so an export of any size streams. Pure: no I/O.
 */
import { paiseText, type Journal } from './journal.ts';

export const BOOK_FORMATS = ['tally', 'zoho', 'xero'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

export const BOOK_FORMAT_LABELS: Record<BookFormat, string> = {
  tally: 'Tally Prime (XML vouchers)',
  zoho: 'Zoho Books (CSV journals)',
  xero: 'Xero (CSV manual journals)',
};

export const BOOK_FORMAT_FILES: Record<BookFormat, { ext: 'xml' | 'csv'; contentType: string }> = {
  tally: { ext: 'xml', contentType: 'application/xml' },
  zoho: { ext: 'csv', contentType: 'text/csv' },
  xero: { ext: 'csv', contentType: 'text/csv' },
};

// ---------------------------------------------------------------------------------------------------
// Tally Prime

/** Text as XML 1.0 carries it: the five entities escaped, characters XML cannot hold dropped. */
export function xmlText(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const tallyDate = (day: string) => day.replaceAll('-', '');

/** The envelope's head: an import of vouchers into the company named (Tally's current company when empty). */
export function tallyOpening(company: string): string {
  const current = company.trim()
    ? `<STATICVARIABLES><SVCURRENTCOMPANY>${xmlText(company.trim())}</SVCURRENTCOMPANY></STATICVARIABLES>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ENVELOPE>\n' +
    ' <HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>\n' +
    ' <BODY>\n  <IMPORTDATA>\n' +
    `   <REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME>${current}</REQUESTDESC>\n` +
    '   <REQUESTDATA>\n'
  );
}

export const tallyClosing = (): string => '   </REQUESTDATA>\n  </IMPORTDATA>\n </BODY>\n</ENVELOPE>\n';

/**
 * One voucher as Tally imports it: a debit is ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a credit No with a
 * positive one. The REMOTEID is the document's key, so importing the same file twice alters the voucher instead of
 * adding it again.
 */
export function tallyVoucher(j: Journal): string {
  const party = j.lines.find((l) => l.party !== null)?.ledger;
  const lines = j.lines
    .map((l) => {
      const debit = l.debit > 0;
      return (
        '      <ALLLEDGERENTRIES.LIST>\n' +
        `       <LEDGERNAME>${xmlText(l.ledger)}</LEDGERNAME>\n` +
        `       <ISDEEMEDPOSITIVE>${debit ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>\n` +
        `       <AMOUNT>${paiseText(debit ? -l.debit : l.credit)}</AMOUNT>\n` +
        '      </ALLLEDGERENTRIES.LIST>\n'
      );
    })
    .join('');
  return (
    '    <TALLYMESSAGE xmlns:UDF="TallyUDF">\n' +
    `     <VOUCHER REMOTEID="${xmlText(j.key)}" VCHTYPE="${xmlText(j.voucherType)}" ACTION="Create">\n` +
    `      <DATE>${tallyDate(j.date)}</DATE>\n` +
    `      <VOUCHERTYPENAME>${xmlText(j.voucherType)}</VOUCHERTYPENAME>\n` +
    `      <VOUCHERNUMBER>${xmlText(j.number)}</VOUCHERNUMBER>\n` +
    `      <REFERENCE>${xmlText(j.reference)}</REFERENCE>\n` +
    (party ? `      <PARTYLEDGERNAME>${xmlText(party)}</PARTYLEDGERNAME>\n` : '') +
    `      <NARRATION>${xmlText(`${j.narration}${j.currency === 'INR' ? '' : ` [${j.currency}]`}`)}</NARRATION>\n` +
    '      <PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>\n' +
    lines +
    '     </VOUCHER>\n' +
    '    </TALLYMESSAGE>\n'
  );
}

// ---------------------------------------------------------------------------------------------------
// CSV journals

/**
 * A text cell as a spreadsheet may open it: a leading = + - @ tab or carriage return would start a formula, so it
 * is quoted with a leading apostrophe (OWASP's CSV injection rule); then RFC 4180 quoting.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  // A plain signed decimal (an amount) is a number, not a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Zoho Books' journal import: one row per line, the rows of one journal sharing its number. */
export const ZOHO_COLUMNS = [
  'Journal Date',
  'Journal Number',
  'Reference Number',
  'Notes',
  'Currency Code',
  'Account',
  'Description',
  'Contact Name',
  'Debit',
  'Credit',
] as const;

/** Xero's manual-journal import template: lines grouped by narration and date, debits positive, credits negative. */
export const XERO_COLUMNS = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
] as const;

const xeroDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Not taxed again: the GST is already on lines of its own. */
export const XERO_TAX_RATE = 'Tax Exempt';

export function csvHeader(format: 'zoho' | 'xero'): string {
  return (format === 'zoho' ? '\ufeff' : '') + csvLine([...(format === 'zoho' ? ZOHO_COLUMNS : XERO_COLUMNS)]);
}

/** A journal's rows in the layout: one per line. */
export function csvJournal(format: 'zoho' | 'xero', j: Journal): string {
  return j.lines
    .map((l) => {
      const description = l.party ? `${l.party}: ${j.narration}` : j.narration;
      if (format === 'zoho')
        return csvLine([
          j.date,
          j.number,
          j.reference,
          j.narration,
          j.currency,
          l.ledger,
          description,
          l.party ?? '',
          l.debit ? paiseText(l.debit) : '',
          l.credit ? paiseText(l.credit) : '',
        ]);
      return csvLine([
        `${j.number} ${j.voucherType}: ${j.reference}`,
        xeroDate(j.date),
        description,
        l.ledger,
        XERO_TAX_RATE,
        paiseText(l.debit ? l.debit : -l.credit),
        'Currency',
        j.currency,
      ]);
    })
    .join('');
}

/**
 * Reads a CSV (RFC 4180: quoted cells, doubled quotes, CRLF or LF) back into rows of cells: what the tests use
 * to check a file parses, and what a re-import sees.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
