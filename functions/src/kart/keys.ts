/**
 * Keys of the karts (docs/dmc.md "Karts" → "Storage"), built through the site guard of lib/keys.ts.
 *
 * - A kart is one item of the site's kart partition keyed by its id (one GetItem); gsi1 holds the same items by
 *   creation time, so the list is one Query of one partition, newest first.
 * - A vouchered, uncancelled kart is also listed, as a small item (its id and its first and last day on the ground),
 *   in a partition per calendar month it is on the ground in (at most four): the date-wise itinerary reads its
 *   date's month there and then the karts on the ground that day by key, so its read follows the karts of the
 *   month, not every kart that arrived in the 91 days before the date (docs/dmc.md "Karts" → "Storage").
 * - A shared quotation is a frozen copy keyed by its slug in the site's share partition.
 * - Receipts: one item each in the site's receipt partition, indexed per kart on gsi1; numbered from a counter per
 *   financial year with a guard per source (lib/numbering-repo.ts), so a payment gets one receipt.
 * - Supplier booking requests: one item per supplied line under its kart (the token names kart and line, so the
 *   supplier's page is one GetItem; the staff's status list one Query).
 * - The books (docs/dmc.md "The books"): a partition per site and month (UTC) that the accounting export reads, a
 *   Query per month: receipts (their gsi2), payable payments and reversals (their gsi1), cancelled karts with their
 *   refunds (the kart's gsi2, free once cancelled) and one item per voucher naming the payables it raised.
 * - Payment deadlines: one small item per kart with a deadline and a balance, in a partition per deadline day
 *   across sites (deliberately global, like the domain lookup): the reminder worker reads tomorrow's partition.
 */
import { part, sitePk, type Key, type SiteId } from '#lib/keys';

export const kartKeys = {
  kartsPk: (siteId: SiteId) => sitePk(siteId, 'KART'),
  kart: (siteId: SiteId, id: string): Key => ({ pk: kartKeys.kartsPk(siteId), sk: part(id) }),
  /** gsi1: the site's karts by creation (`<createdAt>#<id>`), read newest first. */
  listIndex: (siteId: SiteId, createdAt: string, id: string) => ({
    gsi1pk: kartKeys.kartsPk(siteId),
    gsi1sk: `${part(createdAt)}#${part(id)}`,
  }),
  /** gsi4 (lean: keys, search text and flags only): the same list, for a search to read cheaply. */
  searchIndex: (siteId: SiteId, createdAt: string, id: string) => ({
    gsi4pk: kartKeys.kartsPk(siteId),
    gsi4sk: `${part(createdAt)}#${part(id)}`,
  }),
  /** A trip's listing in one month it is on the ground in (`YYYY-MM`); the partition is that month's trips. */
  onGround: (siteId: SiteId, month: string, id: string): Key => ({
    pk: kartKeys.onGroundPk(siteId, month),
    sk: part(id),
  }),
  onGroundPk: (siteId: SiteId, month: string) => sitePk(siteId, 'KART', 'ONGROUND', month),

  share: (siteId: SiteId, slug: string): Key => ({ pk: sitePk(siteId, 'KART', 'SHARE'), sk: part(slug) }),

  /** A receipt of a quotation's payment, by id (the printable page, the PDF). */
  receipt: (siteId: SiteId, id: string): Key => ({ pk: sitePk(siteId, 'KART', 'RECEIPT'), sk: part(id) }),
  /** gsi1: one kart's receipts by the time they were received. */
  receiptsIndex: (siteId: SiteId, kartId: string, receivedAt: string, id: string) => ({
    gsi1pk: kartKeys.receiptsPk(siteId, kartId),
    gsi1sk: `${part(receivedAt)}#${part(id)}`,
  }),
  receiptsPk: (siteId: SiteId, kartId: string) => sitePk(siteId, 'KART', 'RECEIPTS', kartId),
  /** The gapless receipt counter of a financial year (`2026-27`). */
  receiptCounter: (siteId: SiteId, fy: string): Key => ({ pk: sitePk(siteId, 'KART', 'RECEIPTCOUNTER'), sk: part(fy) }),
  /** One receipt per source: a gateway payment, a wallet debit, an offline receipt's idempotency key. */
  receiptSource: (siteId: SiteId, ...parts: string[]): Key => ({
    pk: sitePk(siteId, 'KART', 'RECEIPTSOURCE'),
    sk: parts.map(part).join('#'),
  }),

  /**
   * Payables (docs/dmc.md "Paying suppliers"): one item per payable by id (`<kart>.<line>`); gsi1 holds the ones
   * still owed by due date (the payables screen, one Query), gsi2 every payable and payment of one supplier by
   * date (its statement). A payment or a reversal is an entry of its own, written once under its key.
   */
  payable: (siteId: SiteId, id: string): Key => ({ pk: sitePk(siteId, 'PAYABLE'), sk: part(id) }),
  openPayablesPk: (siteId: SiteId) => sitePk(siteId, 'PAYABLES', 'OPEN'),
  openPayablesIndex: (siteId: SiteId, dueDate: string, id: string) => ({
    gsi1pk: kartKeys.openPayablesPk(siteId),
    gsi1sk: `${part(dueDate)}#${part(id)}`,
  }),
  supplierPk: (siteId: SiteId, supplier: string) => sitePk(siteId, 'PAYABLES', 'SUPPLIER', supplier),
  /** gsi2 of a payable (`P`) or an entry (`E`, its key parts) on its supplier's statement, by day. */
  supplierIndex: (siteId: SiteId, supplier: string, day: string, kind: 'P' | 'E', ...ids: string[]) => ({
    gsi2pk: kartKeys.supplierPk(siteId, supplier),
    gsi2sk: [day, kind, ...ids].map(part).join('#'),
  }),
  payableEntry: (siteId: SiteId, payableId: string, ...parts: string[]): Key => ({
    pk: sitePk(siteId, 'PAYABLEENTRY'),
    sk: [payableId, ...parts].map(part).join('#'),
  }),

  /** A supplier's profile (contact, payment terms, currency), beside the master it is (`hotel:<id>`). */
  supplierProfile: (siteId: SiteId, supplier: string): Key => ({
    pk: sitePk(siteId, 'SUPPLIERPROFILE'),
    sk: part(supplier),
  }),

  /** A supplier booking request: one per supplied line of a kart, the kart's requests one Query. */
  supplierRequestsPk: (siteId: SiteId, kartId: string) => sitePk(siteId, 'KART', 'SUPPLIERREQ', kartId),
  supplierRequest: (siteId: SiteId, kartId: string, lineId: string): Key => ({
    pk: kartKeys.supplierRequestsPk(siteId, kartId),
    sk: part(lineId),
  }),

  /** The books of a month (`YYYY-MM` of the instant, UTC): the accounting export's one Query per month and index. */
  booksPk: (siteId: SiteId, month: string) => sitePk(siteId, 'BOOKS', part(month)),
  /** gsi2 of a receipt on its month's books. */
  booksReceiptIndex: (siteId: SiteId, receivedAt: string, id: string) => ({
    gsi2pk: kartKeys.booksPk(siteId, receivedAt.slice(0, 7)),
    gsi2sk: `receipt#${part(receivedAt)}#${part(id)}`,
  }),
  /** gsi2 of a cancelled kart (its refunds) on the month of its cancellation. */
  booksCancelIndex: (siteId: SiteId, at: string, kartId: string) => ({
    gsi2pk: kartKeys.booksPk(siteId, at.slice(0, 7)),
    gsi2sk: `cancel#${part(at)}#${part(kartId)}`,
  }),
  /** gsi1 of a payable's entry (payment, reversal) on its month's books. */
  booksEntryIndex: (siteId: SiteId, at: string, ...ids: string[]) => ({
    gsi1pk: kartKeys.booksPk(siteId, at.slice(0, 7)),
    gsi1sk: ['entry', at, ...ids].map(part).join('#'),
  }),
  /** The one item of a voucher's raise on its month's books (the payables it raised, by id). */
  booksRaise: (siteId: SiteId, at: string, kartId: string): Key => ({
    pk: kartKeys.booksPk(siteId, at.slice(0, 7)),
    sk: ['raise', at, kartId].map(part).join('#'),
  }),
  /** The site's ledger names for the accounting export. */
  ledgers: (siteId: SiteId): Key => ({ pk: sitePk(siteId, 'BOOKS'), sk: 'LEDGERS' }),

  deadlinePk: (day: string) => `KARTDEADLINE#${part(day)}`,
  /** The reminder index item of a kart whose payment deadline is `day`. */
  deadline: (day: string, siteId: SiteId, kartId: string): Key => ({
    pk: kartKeys.deadlinePk(day),
    sk: `${sitePk(siteId)}#${part(kartId)}`,
  }),
};
