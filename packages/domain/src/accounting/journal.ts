/**
 * The books (docs/dmc.md "The books"): every money document of a site (sales invoice, credit note, receipt,
 * refund, supplier payable, supplier payment, payable reversal) as one balanced journal voucher, with the ledger
 * names the site chose. Pure: no I/O. Amounts are whole paise (minor units) from the first step, so every voucher's
 * debits equal its credits exactly; a part that does not add up to the document's total (an old document rounded
 * elsewhere) goes to the round-off ledger rather than unbalancing the voucher.
 */

/** The ledgers a site names (Tally ledger names, Zoho / Xero account names or codes). */
export const LEDGER_KEYS = [
  'sales',
  'pureAgent',
  'cgst',
  'sgst',
  'igst',
  'debtors',
  'bank',
  'cash',
  'gateway',
  'wallet',
  'creditors',
  'purchases',
  'roundOff',
] as const;
export type LedgerKey = (typeof LEDGER_KEYS)[number];

export interface LedgerMap {
  names: Record<LedgerKey, string>;
  /**
   * Tally: each customer and supplier is its own ledger (under Sundry Debtors / Creditors), named as on the
   * document. Off: every customer posts to `debtors`, every supplier to `creditors`. The CSV journals always post to
   * the control account and name the party as the line's contact.
   */
  partyLedgers: boolean;
}

/** Sensible for an Indian agency or DMC keeping its books in Tally Prime. */
export const DEFAULT_LEDGERS: LedgerMap = {
  names: {
    sales: 'Tour Service Charges',
    pureAgent: 'Pure Agent Collections',
    cgst: 'Output CGST',
    sgst: 'Output SGST',
    igst: 'Output IGST',
    debtors: 'Sundry Debtors',
    bank: 'Bank Account',
    cash: 'Cash',
    gateway: 'Payment Gateway',
    wallet: 'Customer Wallets',
    creditors: 'Sundry Creditors',
    purchases: 'Cost of Tours',
    roundOff: 'Round Off',
  },
  partyLedgers: true,
};

export const LEDGER_LABELS: Record<LedgerKey, string> = {
  sales: 'Sales (taxable service charges)',
  pureAgent: 'Collected as pure agent',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  debtors: 'Debtors (control)',
  bank: 'Bank',
  cash: 'Cash',
  gateway: 'Payment gateway',
  wallet: 'Customer wallets',
  creditors: 'Creditors (control)',
  purchases: 'Purchases / cost of sales',
  roundOff: 'Round off',
};

/** A ledger name: what Tally, Zoho and Xero all accept (no control characters), at most 100 characters. */
export function ledgerNameProblem(name: string): string | null {
  const t = name.trim();
  if (!t) return 'required';
  if (t.length > 100) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(t)) return 'invalid';
  return null;
}

/** Every ledger's problem, by key (an empty object: the map is fine). */
export function ledgerMapProblems(names: Record<string, string>): Partial<Record<LedgerKey, string>> {
  const out: Partial<Record<LedgerKey, string>> = {};
  for (const k of LEDGER_KEYS) {
    const p = ledgerNameProblem(names[k] ?? '');
    if (p) out[k] = p;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Documents

interface DocBase {
  /** Unique across the export: `invoice:<id>`, `receipt:<id>`, … */
  key: string;
  /** The site's calendar day (YYYY-MM-DD). */
  date: string;
  /** What the document is known by: its number, else its id. */
  number: string;
  currency: string;
}

export interface TaxParts {
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Collected for the airline / hotel as pure agent: not our supply. */
  reimbursement: number;
  total: number;
}

export type BookDocument =
  | (DocBase & { kind: 'invoice'; party: string; reference: string; parts: TaxParts })
  | (DocBase & { kind: 'creditNote'; party: string; reference: string; parts: TaxParts })
  | (DocBase & {
      kind: 'receipt';
      party: string;
      reference: string;
      amount: number;
      method: 'gateway' | 'wallet' | 'bankTransfer' | 'cash';
    })
  | (DocBase & {
      kind: 'refund';
      party: string;
      reference: string;
      amount: number;
      via: 'gateway' | 'wallet' | 'manual';
    })
  | (DocBase & { kind: 'payable'; supplier: string; reference: string; service: string; amount: number })
  | (DocBase & { kind: 'supplierPayment'; supplier: string; reference: string; amount: number })
  | (DocBase & { kind: 'payableReversal'; supplier: string; reference: string; amount: number });

export type DocumentKind = BookDocument['kind'];

/** Tally's voucher types, one per kind of document. */
export const VOUCHER_TYPES: Record<DocumentKind, string> = {
  invoice: 'Sales',
  creditNote: 'Credit Note',
  receipt: 'Receipt',
  refund: 'Payment',
  payable: 'Purchase',
  supplierPayment: 'Payment',
  payableReversal: 'Journal',
};

export interface JournalLine {
  /** The ledger (Tally) / account (CSV) the line posts to. */
  ledger: string;
  /** The customer or supplier a control-account line is about (null for the others). */
  party: string | null;
  /** Whole paise; exactly one of the two is above 0. */
  debit: number;
  credit: number;
}

export interface Journal {
  key: string;
  kind: DocumentKind;
  voucherType: string;
  date: string;
  number: string;
  reference: string;
  narration: string;
  currency: string;
  lines: JournalLine[];
}

/** An amount in whole paise, half away from zero (1.005 is 101 paise: the decimal the document printed). */
export function toPaise(amount: number): number {
  const sign = amount < 0 ? -1 : 1;
  return sign * Math.round(Number((Math.abs(amount) * 100).toFixed(4)));
}

/** Paise as the books print them: `1180.50`, `-0.05`. */
export function paiseText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const dr = (ledger: string, party: string | null, paise: number): JournalLine => ({
  ledger,
  party,
  debit: paise,
  credit: 0,
});
const cr = (ledger: string, party: string | null, paise: number): JournalLine => ({
  ledger,
  party,
  debit: 0,
  credit: paise,
});

/** Lines of 0 are dropped; a negative debit is a credit (and the other way round). */
function tidy(lines: JournalLine[]): JournalLine[] {
  return lines
    .map((l) => {
      const net = l.debit - l.credit;
      return net >= 0 ? { ...l, debit: net, credit: 0 } : { ...l, debit: 0, credit: -net };
    })
    .filter((l) => l.debit > 0 || l.credit > 0);
}

export function isBalanced(j: Pick<Journal, 'lines'>): boolean {
  const d = j.lines.reduce((s, l) => s + l.debit, 0);
  const c = j.lines.reduce((s, l) => s + l.credit, 0);
  return d === c;
}

/**
 * The tax invoice's lines, debtor first: Dr the customer the total; Cr sales (the taxable value), each GST part
 * and what was collected as pure agent; whatever the parts miss of the total, to round off.
 */
function salesLines(
  ledgers: LedgerMap,
  party: string,
  parts: TaxParts,
): { debit: JournalLine; credits: JournalLine[] } {
  const n = ledgers.names;
  const total = toPaise(parts.total);
  const credits = [
    cr(n.sales, null, toPaise(parts.taxableValue)),
    cr(n.cgst, null, toPaise(parts.cgst)),
    cr(n.sgst, null, toPaise(parts.sgst)),
    cr(n.igst, null, toPaise(parts.igst)),
    cr(n.pureAgent, null, toPaise(parts.reimbursement)),
  ];
  const gap = total - credits.reduce((s, l) => s + l.credit, 0);
  if (gap !== 0) credits.push(cr(n.roundOff, null, gap));
  return { debit: dr(debtorLedger(ledgers, party), party, total), credits };
}

const debtorLedger = (l: LedgerMap, party: string) => (l.partyLedgers && party.trim() ? party : l.names.debtors);
const creditorLedger = (l: LedgerMap, party: string) => (l.partyLedgers && party.trim() ? party : l.names.creditors);

const swap = (l: JournalLine): JournalLine => ({ ...l, debit: l.credit, credit: l.debit });

const receiptLedger = (l: LedgerMap, method: 'gateway' | 'wallet' | 'bankTransfer' | 'cash') =>
  method === 'gateway'
    ? l.names.gateway
    : method === 'wallet'
      ? l.names.wallet
      : method === 'cash'
        ? l.names.cash
        : l.names.bank;

const refundLedger = (l: LedgerMap, via: 'gateway' | 'wallet' | 'manual') =>
  via === 'gateway' ? l.names.gateway : via === 'wallet' ? l.names.wallet : l.names.bank;

/** One document as its journal voucher: balanced by construction, lines of 0 left out. */
export function journalOf(doc: BookDocument, ledgers: LedgerMap = DEFAULT_LEDGERS): Journal {
  const n = ledgers.names;
  const base = {
    key: doc.key,
    kind: doc.kind,
    voucherType: VOUCHER_TYPES[doc.kind],
    date: doc.date,
    number: doc.number,
    currency: doc.currency,
  };
  switch (doc.kind) {
    case 'invoice': {
      const { debit, credits } = salesLines(ledgers, doc.party, doc.parts);
      return {
        ...base,
        reference: doc.reference,
        narration: `Sales invoice ${doc.number} to ${doc.party} (${doc.reference})`,
        lines: tidy([debit, ...credits]),
      };
    }
    case 'creditNote': {
      const { debit, credits } = salesLines(ledgers, doc.party, doc.parts);
      return {
        ...base,
        reference: doc.reference,
        narration: `Credit note ${doc.number} to ${doc.party} against ${doc.reference}`,
        lines: tidy([...credits.map(swap), swap(debit)]),
      };
    }
    case 'receipt': {
      const amount = toPaise(doc.amount);
      return {
        ...base,
        reference: doc.reference,
        narration: `Receipt ${doc.number} from ${doc.party} (${doc.reference})`,
        lines: tidy([
          dr(receiptLedger(ledgers, doc.method), null, amount),
          cr(debtorLedger(ledgers, doc.party), doc.party, amount),
        ]),
      };
    }
    case 'refund': {
      const amount = toPaise(doc.amount);
      return {
        ...base,
        reference: doc.reference,
        narration: `Refund to ${doc.party} of receipt ${doc.reference}`,
        lines: tidy([
          dr(debtorLedger(ledgers, doc.party), doc.party, amount),
          cr(refundLedger(ledgers, doc.via), null, amount),
        ]),
      };
    }
    case 'payable': {
      const amount = toPaise(doc.amount);
      return {
        ...base,
        reference: doc.reference,
        narration: `Owed to ${doc.supplier} for ${doc.service} (${doc.reference})`,
        lines: tidy([dr(n.purchases, null, amount), cr(creditorLedger(ledgers, doc.supplier), doc.supplier, amount)]),
      };
    }
    case 'supplierPayment': {
      const amount = toPaise(doc.amount);
      return {
        ...base,
        reference: doc.reference,
        narration: `Paid ${doc.supplier} (${doc.reference})`,
        lines: tidy([dr(creditorLedger(ledgers, doc.supplier), doc.supplier, amount), cr(n.bank, null, amount)]),
      };
    }
    case 'payableReversal': {
      const amount = toPaise(doc.amount);
      return {
        ...base,
        reference: doc.reference,
        narration: `Reversed: owed to ${doc.supplier} (${doc.reference}), the quotation cancelled`,
        lines: tidy([dr(creditorLedger(ledgers, doc.supplier), doc.supplier, amount), cr(n.purchases, null, amount)]),
      };
    }
  }
}

/** The site's ledger map as stored, completed with the defaults (a name left blank, or added later). */
export function ledgersOf(
  stored: { names?: Partial<Record<LedgerKey, string>>; partyLedgers?: boolean } | null,
): LedgerMap {
  const names = { ...DEFAULT_LEDGERS.names };
  for (const k of LEDGER_KEYS) {
    const v = stored?.names?.[k]?.trim();
    if (v) names[k] = v;
  }
  return { names, partyLedgers: stored?.partyLedgers ?? DEFAULT_LEDGERS.partyLedgers };
}
