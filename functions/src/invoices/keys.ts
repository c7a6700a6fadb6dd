/**
 * Keys of the invoices domain (docs/invoices.md "Storage"), built through the site guard of lib/keys.ts.
 *
 * - A document (invoice or credit note) is one item of the site's document partition keyed by its id.
 * - gsi1: the documents of a month (site's time zone) per type, in number order: the staff list and the export
 *   read one partition.
 * - A counter per site, series and financial year holds the last number handed out; it is bumped in the same
 *   transaction that puts the document, on the value read (no gaps, no duplicates).
 * - A source guard per booking / cart / kart (and per refund) names the one document issued for it.
 * - The site's invoice settings (the reseller's legal details) are one item.
 */
import type { DocumentSeries } from '@tp/domain/gst';
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const invoiceKeys = {
  invoiceDocument: (siteId: SiteId, id: string): Key => ({ pk: sitePk(siteId, 'INVOICE'), sk: part(id) }),
  invoiceMonthPk: (siteId: SiteId, series: DocumentSeries, month: string) =>
    sitePk(siteId, 'INVOICE', series, part(month)),
  /** gsi1: `<sequence, 8 digits>` sorts in number order within a month (one financial year per month). */
  invoiceMonthIndex: (siteId: SiteId, series: DocumentSeries, month: string, sequence: number, id: string) => ({
    gsi1pk: invoiceKeys.invoiceMonthPk(siteId, series, month),
    gsi1sk: `${String(sequence).padStart(8, '0')}#${part(id)}`,
  }),
  invoiceCounter: (siteId: SiteId, series: DocumentSeries, fy: string): Key => ({
    pk: sitePk(siteId, 'INVOICE', 'COUNTER'),
    sk: `${series}#${part(fy)}`,
  }),
  /** `booking#<id>`, `cart#<id>`, `kart#<id>`; credit notes: `refund#<bookingId>#<refund id>`. */
  invoiceSource: (siteId: SiteId, ...parts: string[]): Key => ({
    pk: sitePk(siteId, 'INVOICE', 'SOURCE'),
    sk: parts.map(part).join('#'),
  }),
  invoiceSettings: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'INVOICE'), sk: 'SETTINGS' }),
};
