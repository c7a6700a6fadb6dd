/**
 * Ours: the books (docs/dmc.md "The books", issue #33 §4): the accounting export of a date range (sales invoices,
 * credit notes, receipts, refunds, supplier payables with their payments and reversals) as Tally Prime XML vouchers
 * or as Zoho Books / Xero CSV journals, delivered by link through the exports job; and the site's ledger names.
 * Served by the kart Lambda, `invoices.books` (not held by default: it shows what suppliers cost).
 */
import * as z from 'zod/mini';
import { BOOK_FORMATS, LEDGER_KEYS, type LedgerKey } from '@tp/domain/accounting';
import { endpoint, type Endpoint } from '../endpoint.ts';
import * as MSG from '../messages.ts';
import { zShortText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZExportJob } from './exports.ts';

export const BOOKS_MSG = {
  ledgersSaved: 'Ledger names saved',
  ledgersChanged: 'The ledger names were changed meanwhile; reload and try again',
  badPeriod: 'Choose a period of at most a year, the end not before the start',
  ledgerRequired: 'Enter a ledger name',
  ledgerInvalid: 'A ledger name cannot hold control characters',
} as const;

/** At most a year per export: a Query per month of the period and kind. */
export const MAX_BOOKS_DAYS = 366;

const books = { domain: 'kart', api: 'site', auth: 'staff', permission: 'invoices.books' } as const;

const zDay = () => zShortText({ max: 10 }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG.invalidDate));
const zLedgerName = () => zShortText({ max: 100 });

export const ZLedgerNames = lazy(() =>
  z.object(Object.fromEntries(LEDGER_KEYS.map((k) => [k, z.string()])) as Record<LedgerKey, z.ZodMiniString<string>>),
);

export const ZLedgers = lazy(() =>
  z.object({
    names: ZLedgerNames,
    /** Tally: each customer and supplier its own ledger, named as on the document (else the control ledgers). */
    partyLedgers: z.boolean(),
    /** Tally's company to import into (blank: the company open in Tally). */
    tallyCompany: z.string(),
    /** 0 while the site keeps the defaults. */
    version: z.number(),
  }),
);
export type TLedgers = z.infer<typeof ZLedgers>;

export const getLedgers = endpoint({
  ...books,
  id: 'kart.getLedgers',
  method: 'GET',
  path: 'kart/getLedgers',
  request: lazy(() => z.object({})),
  response: ZLedgers,
  summary: "Ours: the site's ledger names for the accounting export (the defaults until it saves its own).",
});

export const saveLedgers = endpoint({
  ...books,
  id: 'kart.saveLedgers',
  method: 'POST',
  path: 'kart/saveLedgers',
  request: lazy(() =>
    z.object({
      names: z.object(
        Object.fromEntries(LEDGER_KEYS.map((k) => [k, zLedgerName()])) as Record<
          LedgerKey,
          ReturnType<typeof zLedgerName>
        >,
      ),
      partyLedgers: z.boolean(),
      tallyCompany: zShortText({ max: 100, required: false }),
      /** The version read (0: none yet): names changed meanwhile are a 409. */
      version: z.number().check(z.int(), z.minimum(0)),
    }),
  ),
  response: ZLedgers,
  summary: "Ours: saves the site's ledger names (audited; a stale version is a 409).",
});

export const exportBooks = endpoint({
  ...books,
  id: 'kart.exportBooks',
  method: 'POST',
  path: 'kart/exportBooks',
  request: lazy(() => z.object({ from: zDay(), to: zDay(), format: z.enum(BOOK_FORMATS) })),
  response: ZExportJob,
  summary:
    'Ours: starts the accounting export of a period (at most a year): every invoice, credit note, receipt, refund, ' +
    'supplier payable, payment and reversal as Tally XML vouchers or Zoho / Xero CSV journals, by link.',
});

export const booksEndpoints: Endpoint[] = [getLedgers, saveLedgers, exportBooks];
