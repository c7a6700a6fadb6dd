/**
 * The invoices and credit notes of a period as the books' documents (docs/dmc.md "The books"): for the accounting
 * export, which the exports worker's entry composes with the kart's receipts, refunds and payables. One Query of
 * each month's partition per series (the documents' month index), a page at a time; no scan.
 */
import type { BookDocument, TaxParts } from '@tp/domain/accounting';
import type { DocumentSeries } from '@tp/domain/gst';
import { EXPORT_LIMITS } from '@tp/contracts/endpoints/exports';
import type { SiteId } from '#lib/keys';
import type { DocumentRecord } from './model.ts';
import * as repo from './repo.ts';

/** `YYYY-MM` of every month from `from`'s to `to`'s (days), in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return out;
    out.push(month);
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
}

const partsOf = (d: DocumentRecord): TaxParts => ({
  taxableValue: d.taxableValue,
  cgst: d.cgst,
  sgst: d.sgst,
  igst: d.igst,
  reimbursement: d.reimbursement,
  total: d.total,
});

export function bookDocumentOf(d: DocumentRecord): BookDocument {
  const base = {
    key: `${d.docType}:${d.id}`,
    date: d.issueDate,
    number: d.number,
    currency: d.currency,
    party: d.recipient.name || d.recipient.gstin || 'Customer',
    parts: partsOf(d),
  };
  return d.docType === 'invoice'
    ? { ...base, kind: 'invoice', reference: d.sourceRef }
    : { ...base, kind: 'creditNote', reference: d.against?.number ?? d.sourceRef };
}

/** The site's invoices, then its credit notes, issued `from` … `to` (the site's days), a page at a time. */
export async function* invoiceBookPages(siteId: SiteId, from: string, to: string): AsyncGenerator<BookDocument[]> {
  for (const series of ['invoice', 'creditNote'] as DocumentSeries[])
    for (const month of monthsBetween(from, to)) {
      let cursor: string | undefined;
      do {
        const page = await repo.monthPage(siteId, series, month, { cursor, limit: EXPORT_LIMITS.pageRows });
        const inRange = page.records.filter((d) => d.issueDate >= from && d.issueDate <= to);
        if (inRange.length) yield inRange.map(bookDocumentOf);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
}
