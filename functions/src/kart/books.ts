/**
 * The books (docs/dmc.md "The books", issue #33 §4): the accounting export of a period and the site's ledger
 * names. The export call checks the period and starts an exports job (kind `accounting`); the worker reads the
 * period's documents a page at a time (the invoices' through the entry, the kart's receipts, refunds, payables,
 * payments and reversals from the month partitions of the books) and writes each as a balanced journal voucher
 * in Tally Prime XML or a Zoho / Xero CSV journal (the domain's `journalOf` and writers), delivered by link.
 */
import * as api from '@tp/contracts/endpoints/books';
import * as payablesApi from '@tp/contracts/endpoints/dmc-payables';
import { MAX_MARGIN_MONTHS, PAYABLES_MSG, type TMonthlyMargins } from '@tp/contracts/endpoints/dmc-payables';
import { BOOKS_MSG, MAX_BOOKS_DAYS, type TLedgers } from '@tp/contracts/endpoints/books';
import {
  BOOK_FORMAT_FILES,
  csvHeader,
  csvJournal,
  DEFAULT_LEDGERS,
  journalOf,
  ledgerMapProblems,
  ledgersOf,
  monthlyMargins,
  monthRange,
  tallyClosing,
  tallyOpening,
  tallyVoucher,
  type BookDocument,
  type BookFormat,
  type LedgerMap,
  type MarginEvent,
} from '@tp/domain/accounting';
import type { ParsedRequestOf } from '@tp/contracts/endpoint';
import { answers, reply } from '#lib/answers';
import { auditActor } from '#lib/audit';
import { fail, refuseIfAny } from '#lib/errors';
import type { SiteId } from '#lib/keys';
import type { SiteRecord } from '#lib/tenancy';
import { localDay, siteTimeZone } from '#lib/time';
import { startExport, type ExportSource } from '../exports/index.ts';
import * as books from './books-repo.ts';
import type { KartStaffScope } from './model.ts';
import { payablesByIds, type PayableRecord } from './payables-repo.ts';

// ---------------------------------------------------------------------------------------------------
// Ledger names

const ledgersView = (rec: books.LedgersRecord | null): TLedgers => {
  const map = ledgersOf(rec);
  return { ...map, tallyCompany: rec?.tallyCompany ?? '', version: rec?.version ?? 0 };
};

export async function getLedgers(scope: KartStaffScope): Promise<TLedgers> {
  return ledgersView(await books.getLedgers(scope.site.siteId));
}

const LEDGER_PROBLEM_TEXT: Record<string, string> = {
  required: BOOKS_MSG.ledgerRequired,
  tooLong: BOOKS_MSG.ledgerInvalid,
  invalid: BOOKS_MSG.ledgerInvalid,
};

export async function saveLedgers(
  scope: KartStaffScope,
  input: ParsedRequestOf<typeof api.saveLedgers>,
): Promise<TLedgers> {
  const problems = ledgerMapProblems(input.names);
  refuseIfAny(
    Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, p ? LEDGER_PROBLEM_TEXT[p] : undefined])),
    'names.',
  );
  const siteId = scope.site.siteId;
  const before = await books.getLedgers(siteId);
  if ((before?.version ?? 0) !== input.version) throw fail.conflict(BOOKS_MSG.ledgersChanged);
  const after: books.LedgersRecord = {
    names: ledgersOf({ names: input.names }).names,
    partyLedgers: input.partyLedgers,
    tallyCompany: input.tallyCompany ?? '',
    version: input.version + 1,
    updatedAt: scope.now.toISOString(),
  };
  const shown = (r: books.LedgersRecord) => ({
    names: r.names,
    partyLedgers: r.partyLedgers,
    tallyCompany: r.tallyCompany,
  });
  const written = await books.putLedgers(
    siteId,
    after,
    input.version,
    { action: before ? 'update' : 'create', before: before ? shown(before) : null, after: shown(after) },
    auditActor(scope.principal),
    scope.now,
  );
  if (!written) throw fail.conflict(BOOKS_MSG.ledgersChanged);
  return ledgersView(after);
}

// ---------------------------------------------------------------------------------------------------
// The export call

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export function exportBooks(scope: KartStaffScope, input: ParsedRequestOf<typeof api.exportBooks>) {
  const days = daysBetween(input.from, input.to);
  if (!(days >= 0 && days < MAX_BOOKS_DAYS)) throw fail.validation(BOOKS_MSG.badPeriod, { to: BOOKS_MSG.badPeriod });
  const { ext } = BOOK_FORMAT_FILES[input.format];
  return startExport(scope, {
    kind: 'accounting',
    filter: { from: input.from, to: input.to, format: input.format },
    fileName: `books-${input.from}-to-${input.to}-${input.format}.${ext}`,
  });
}

// ---------------------------------------------------------------------------------------------------
// The worker's source

/** The period's invoices and credit notes (the invoices domain's, handed in by the worker's entry). */
export type InvoiceBookPages = (siteId: SiteId, from: string, to: string) => AsyncIterable<BookDocument[]>;

/** UTC months that may hold an instant of the site's days `from` … `to` (a day either side for the zone). */
function monthsAround(from: string, to: string): string[] {
  const shift = (day: string, d: number) => new Date(Date.parse(day) + d * 86_400_000).toISOString().slice(0, 7);
  const out: string[] = [];
  const last = shift(to, 1);
  let [y, m] = shift(from, -1).split('-').map(Number) as [number, number];
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return out;
    out.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

/** Supplier names of the payables entries name, read in one BatchGet per page. */
async function payablesOf(siteId: SiteId, ids: string[]): Promise<Map<string, PayableRecord>> {
  const list = await payablesByIds(siteId, [...new Set(ids)]);
  return new Map(list.map((p) => [p.id, p]));
}

/** The kart's documents of the period, a page at a time: receipts, refunds, payables, payments and reversals. */
async function* kartBookPages(site: SiteRecord, from: string, to: string): AsyncGenerator<BookDocument[]> {
  const siteId = site.siteId;
  const zone = siteTimeZone(site);
  const dayOf = (iso: string) => localDay(iso, zone);
  const inRange = (iso: string) => {
    const day = dayOf(iso);
    return day >= from && day <= to;
  };
  const months = monthsAround(from, to);
  for (const month of months)
    for await (const page of books.receiptsOfMonth(siteId, month)) {
      const docs = page
        .filter((r) => inRange(r.receivedAt))
        .map((r): BookDocument => ({
          kind: 'receipt',
          key: `receipt:${r.id}`,
          date: dayOf(r.receivedAt),
          number: r.number,
          currency: r.currency,
          party: r.customerName || r.quotationId,
          reference: r.reference || r.quotationId,
          amount: r.amount,
          method: r.method,
        }));
      if (docs.length) yield docs;
    }
  for (const month of months)
    for await (const page of books.cancelledKartsOfMonth(siteId, month)) {
      const docs = page.flatMap((k) => {
        const c = k.cancellation;
        if (!c || !inRange(c.at)) return [];
        return c.refunds.map((r): BookDocument => ({
          kind: 'refund',
          key: `refund:${k.id}:${r.receiptId}`,
          date: dayOf(c.at),
          number: `${r.receiptNumber}/R`,
          currency: k.currencySymbol,
          party: k.customerName || k.quotationId,
          reference: r.receiptNumber,
          amount: r.amount,
          via: r.via,
        }));
      });
      if (docs.length) yield docs;
    }
  for (const month of months)
    for await (const page of books.raisesOfMonth(siteId, month)) {
      const raises = page.filter((r) => inRange(r.at));
      if (!raises.length) continue;
      const payables = await payablesOf(
        siteId,
        raises.flatMap((r) => r.payableIds),
      );
      const docs = [...payables.values()].map((p): BookDocument => ({
        kind: 'payable',
        key: `payable:${p.id}`,
        date: dayOf(p.raisedAt),
        number: p.id,
        currency: p.currency,
        supplier: p.supplier.name,
        reference: p.quotationId,
        service: p.service,
        amount: p.amount,
      }));
      if (docs.length) yield docs;
    }
  for (const month of months)
    for await (const page of books.payableEntriesOfMonth(siteId, month)) {
      const entries = page.filter((e) => inRange(e.at));
      if (!entries.length) continue;
      const payables = await payablesOf(
        siteId,
        entries.map((e) => e.payableId),
      );
      const docs = entries.map((e): BookDocument => {
        const supplier = payables.get(e.payableId)?.supplier.name ?? e.payableId;
        const base = {
          key: `${e.kind}:${e.key}`,
          date: dayOf(e.at),
          number: e.key.replaceAll('#', '/'),
          currency: e.currency,
          supplier,
          amount: Math.abs(e.amount),
        };
        return e.kind === 'payment'
          ? { ...base, kind: 'supplierPayment', reference: e.reference ?? e.quotationId }
          : { ...base, kind: 'payableReversal', reference: e.quotationId };
      });
      yield docs;
    }
}

/** Journal vouchers of the documents in the format, and how many documents they hold (those with money). */
function chunkOf(format: BookFormat, ledgers: LedgerMap, docs: BookDocument[]): { chunk: string; rows: number } {
  const journals = docs.map((d) => journalOf(d, ledgers)).filter((j) => j.lines.length > 0);
  const chunk = journals.map((j) => (format === 'tally' ? tallyVoucher(j) : csvJournal(format, j))).join('');
  return { chunk, rows: journals.length };
}

/** The accounting export's source: the worker's entry hands in the invoices domain's reader. */
export const booksExport =
  (invoicePages: InvoiceBookPages): ExportSource =>
  async (site, filter) => {
    const from = String(filter.from);
    const to = String(filter.to);
    const format = String(filter.format) as BookFormat;
    const stored = await books.getLedgers(site.siteId);
    const ledgers = stored ? ledgersOf(stored) : DEFAULT_LEDGERS;
    const company = stored?.tallyCompany ?? '';
    async function* text() {
      yield { chunk: format === 'tally' ? tallyOpening(company) : csvHeader(format), rows: 0 };
      for await (const docs of invoicePages(site.siteId, from, to)) yield chunkOf(format, ledgers, docs);
      for await (const docs of kartBookPages(site, from, to)) yield chunkOf(format, ledgers, docs);
      if (format === 'tally') yield { chunk: tallyClosing(), rows: 0 };
    }
    return { total: null, text };
  };

// ---------------------------------------------------------------------------------------------------
// Margin per month

/** The last day of a `YYYY-MM` month. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

const MARGIN_KINDS: Partial<Record<BookDocument['kind'], MarginEvent['kind']>> = {
  receipt: 'received',
  refund: 'refunded',
  payable: 'raised',
  payableReversal: 'reversed',
};

/**
 * What the months made (docs/dmc.md "The books"): the books' receipts, refunds, payables and reversals of the
 * months, by the site's day, summed per month and currency by the domain's rule.
 */
export async function getMonthlyMargins(
  scope: KartStaffScope,
  input: ParsedRequestOf<typeof payablesApi.getMonthlyMargins>,
): Promise<TMonthlyMargins> {
  const months = monthRange(input.from, input.to);
  if (!months.length || months.length > MAX_MARGIN_MONTHS)
    throw fail.validation(PAYABLES_MSG.badMonths, { to: PAYABLES_MSG.badMonths });
  const events: MarginEvent[] = [];
  for await (const docs of kartBookPages(scope.site, `${input.from}-01`, monthEnd(input.to)))
    for (const d of docs) {
      const kind = MARGIN_KINDS[d.kind];
      if (kind && 'amount' in d)
        events.push({ month: d.date.slice(0, 7), currency: d.currency, kind, amount: d.amount });
    }
  return { from: input.from, to: input.to, rows: monthlyMargins(events) };
}

// The kart Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetLedgers = answers(api.getLedgers, (_input, scope) => getLedgers(scope));
export const answerSaveLedgers = answers(api.saveLedgers, async (input, scope) =>
  reply(await saveLedgers(scope, input), { message: BOOKS_MSG.ledgersSaved }),
);
export const answerExportBooks = answers(api.exportBooks, (input, scope) => exportBooks(scope, input));
export const answerGetMonthlyMargins = answers(payablesApi.getMonthlyMargins, (input, scope) =>
  getMonthlyMargins(scope, input),
);
