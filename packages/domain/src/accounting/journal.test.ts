import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_LEDGERS,
  csvHeader,
  csvJournal,
  isBalanced,
  journalOf,
  ledgerMapProblems,
  ledgersOf,
  paiseText,
  parseCsv,
  tallyClosing,
  tallyOpening,
  tallyVoucher,
  toPaise,
  xmlText,
  type BookDocument,
  type Journal,
} from '../accounting.ts';

const parts = { taxableValue: 84.75, cgst: 7.63, sgst: 7.62, igst: 0, reimbursement: 1080, total: 1180 };

const docs: BookDocument[] = [
  {
    kind: 'invoice',
    key: 'invoice:1',
    date: '2026-11-20',
    number: 'FD/26-27/00001',
    currency: 'INR',
    party: 'Omar & Sons',
    reference: 'Q-1',
    parts,
  },
  {
    kind: 'creditNote',
    key: 'creditNote:1',
    date: '2026-11-21',
    number: 'FDC/26-27/00001',
    currency: 'INR',
    party: 'Omar & Sons',
    reference: 'FD/26-27/00001',
    parts: { ...parts, cgst: 0, sgst: 0, igst: 15.25 },
  },
  {
    kind: 'receipt',
    key: 'receipt:1',
    date: '2026-11-20',
    number: 'RCT/26-27/00001',
    currency: 'AED',
    party: 'Omar',
    reference: 'UTR 1',
    amount: 500,
    method: 'bankTransfer',
  },
  {
    kind: 'refund',
    key: 'refund:1',
    date: '2026-11-22',
    number: 'RCT/26-27/00001/R',
    currency: 'AED',
    party: 'Omar',
    reference: 'RCT/26-27/00001',
    amount: 380,
    via: 'manual',
  },
  {
    kind: 'payable',
    key: 'payable:1',
    date: '2026-11-20',
    number: 'k1.h1',
    currency: 'AED',
    supplier: 'Creek Inn',
    reference: 'Q-1',
    service: '2 nights',
    amount: 1000,
  },
  {
    kind: 'supplierPayment',
    key: 'pay:1',
    date: '2026-11-23',
    number: 'k1.h1/p1',
    currency: 'AED',
    supplier: 'Creek Inn',
    reference: 'NEFT 1',
    amount: 400,
  },
  {
    kind: 'payableReversal',
    key: 'rev:1',
    date: '2026-11-22',
    number: 'k1.h1/R',
    currency: 'AED',
    supplier: 'Creek Inn',
    reference: 'Q-1',
    amount: 1000,
  },
];

describe('journals', () => {
  it('every kind of document balances, with the right voucher type', () => {
    const journals = docs.map((d) => journalOf(d));
    for (const j of journals) expect(isBalanced(j), j.key).toBe(true);
    expect(journals.map((j) => j.voucherType)).toEqual([
      'Sales',
      'Credit Note',
      'Receipt',
      'Payment',
      'Purchase',
      'Payment',
      'Journal',
    ]);
  });

  it('a sales invoice debits the customer and credits sales, each GST part and the pure-agent amount', () => {
    const j = journalOf(docs[0]!);
    expect(j.lines).toEqual([
      { ledger: 'Omar & Sons', party: 'Omar & Sons', debit: 118000, credit: 0 },
      { ledger: 'Tour Service Charges', party: null, debit: 0, credit: 8475 },
      { ledger: 'Output CGST', party: null, debit: 0, credit: 763 },
      { ledger: 'Output SGST', party: null, debit: 0, credit: 762 },
      { ledger: 'Pure Agent Collections', party: null, debit: 0, credit: 108000 },
    ]);
    // The credit note turns it round (IGST this time).
    const note = journalOf(docs[1]!);
    expect(note.lines.find((l) => l.ledger === 'Output IGST')).toMatchObject({ debit: 1525, credit: 0 });
    expect(note.lines.at(-1)).toMatchObject({ ledger: 'Omar & Sons', credit: 118000 });
  });

  it('parts that miss the total by a paisa go to round off; the voucher still balances', () => {
    const j = journalOf({
      ...(docs[0] as Extract<BookDocument, { kind: 'invoice' }>),
      parts: { ...parts, total: 1180.01 },
    });
    expect(j.lines.at(-1)).toEqual({ ledger: 'Round Off', party: null, debit: 0, credit: 1 });
    expect(isBalanced(j)).toBe(true);
  });

  it('routes receipts and refunds by how the money moved, and uses the control ledgers when party ledgers are off', () => {
    const ledgers = { ...DEFAULT_LEDGERS, partyLedgers: false };
    const gateway = journalOf(
      { ...(docs[2] as Extract<BookDocument, { kind: 'receipt' }>), method: 'gateway' },
      ledgers,
    );
    expect(gateway.lines.map((l) => [l.ledger, l.party])).toEqual([
      ['Payment Gateway', null],
      ['Sundry Debtors', 'Omar'],
    ]);
    const wallet = journalOf({ ...(docs[3] as Extract<BookDocument, { kind: 'refund' }>), via: 'wallet' }, ledgers);
    expect(wallet.lines.map((l) => l.ledger)).toEqual(['Sundry Debtors', 'Customer Wallets']);
    expect(journalOf(docs[5]!, ledgers).lines.map((l) => l.ledger)).toEqual(['Sundry Creditors', 'Bank Account']);
  });

  it('rounds to the paisa half away from zero, as the document printed it', () => {
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(0.575)).toBe(58);
    expect(toPaise(-2.675)).toBe(-268);
    expect(paiseText(118000)).toBe('1180.00');
    expect(paiseText(-5)).toBe('-0.05');
  });

  it('any invoice split balances (property)', () => {
    const paise = fc.integer({ min: 0, max: 10_000_000 }).map((p) => p / 100);
    fc.assert(
      fc.property(paise, paise, paise, paise, fc.integer({ min: -3, max: 3 }), (taxable, cgst, sgst, re, off) => {
        const total = Math.max(0, Math.round((taxable + cgst + sgst + re) * 100) + off) / 100;
        const j = journalOf({
          ...(docs[0] as Extract<BookDocument, { kind: 'invoice' }>),
          parts: { taxableValue: taxable, cgst, sgst, igst: 0, reimbursement: re, total },
        });
        return isBalanced(j) && j.lines.every((l) => l.debit > 0 !== l.credit > 0);
      }),
    );
  });

  it('ledger names: blanks take the defaults; bad names are refused by key', () => {
    expect(ledgersOf({ names: { sales: '  Sales A/c ', bank: '' } }).names).toMatchObject({
      sales: 'Sales A/c',
      bank: 'Bank Account',
    });
    expect(ledgersOf(null)).toEqual(DEFAULT_LEDGERS);
    expect(ledgerMapProblems({ ...DEFAULT_LEDGERS.names, cash: ' ', bank: 'x'.repeat(101), sales: 'a\u0007' })).toEqual(
      {
        cash: 'required',
        bank: 'tooLong',
        sales: 'invalid',
      },
    );
  });
});

describe('Tally Prime XML', () => {
  const journals = docs.map((d) => journalOf(d));
  const xml = tallyOpening('Flight Deals <Pvt> Ltd') + journals.map(tallyVoucher).join('') + tallyClosing();

  it('escapes what XML must, and drops what XML cannot hold', () => {
    expect(xmlText(`A&B <c> "d" 'e'\u0001`)).toBe('A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    expect(xml).toContain('<SVCURRENTCOMPANY>Flight Deals &lt;Pvt&gt; Ltd</SVCURRENTCOMPANY>');
    expect(xml).toContain('<LEDGERNAME>Omar &amp; Sons</LEDGERNAME>');
    expect(xml).not.toContain('Omar & Sons');
  });

  it('writes each voucher with its type, and debits as deemed positive with a negative amount', () => {
    expect(xml.match(/<VOUCHER /g)).toHaveLength(docs.length);
    const sales = xml.slice(xml.indexOf('VCHTYPE="Sales"'), xml.indexOf('</VOUCHER>'));
    expect(sales).toContain('<DATE>20261120</DATE>');
    expect(sales).toContain('<VOUCHERTYPENAME>Sales</VOUCHERTYPENAME>');
    expect(sales).toMatch(
      /<LEDGERNAME>Omar &amp; Sons<\/LEDGERNAME>\s*<ISDEEMEDPOSITIVE>Yes<\/ISDEEMEDPOSITIVE>\s*<AMOUNT>-1180.00<\/AMOUNT>/,
    );
    expect(sales).toMatch(
      /<LEDGERNAME>Output CGST<\/LEDGERNAME>\s*<ISDEEMEDPOSITIVE>No<\/ISDEEMEDPOSITIVE>\s*<AMOUNT>7.63</,
    );
  });

  it("every voucher's signed amounts add up to zero", () => {
    for (const v of xml.split('</VOUCHER>').slice(0, -1)) {
      const amounts = [...v.matchAll(/<AMOUNT>(-?\d+\.\d\d)<\/AMOUNT>/g)].map((m) => Math.round(Number(m[1]) * 100));
      expect(amounts.length).toBeGreaterThan(1);
      expect(amounts.reduce((s, a) => s + a, 0)).toBe(0);
    }
  });
});

describe('CSV journals', () => {
  const journals: Journal[] = docs.map((d) => journalOf(d));

  it('Zoho: parses back into one row per line, debits equal credits per journal', () => {
    const csv = csvHeader('zoho') + journals.map((j) => csvJournal('zoho', j)).join('');
    const [head, ...rows] = parseCsv(csv);
    expect(head).toEqual([
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
    ]);
    expect(rows).toHaveLength(journals.reduce((n, j) => n + j.lines.length, 0));
    const byNumber = new Map<string, number>();
    for (const r of rows) {
      const net = Math.round(Number(r[8] || 0) * 100) - Math.round(Number(r[9] || 0) * 100);
      byNumber.set(r[1]!, (byNumber.get(r[1]!) ?? 0) + net);
    }
    expect([...byNumber.keys()].sort()).toEqual(journals.map((j) => j.number).sort());
    expect([...byNumber.values()].every((v) => v === 0)).toBe(true);
    expect(rows[0]).toContain('Omar & Sons');
  });

  it('Xero: signed amounts, day-first dates, zero per narration', () => {
    const csv = csvHeader('xero') + journals.map((j) => csvJournal('xero', j)).join('');
    const [head, ...rows] = parseCsv(csv);
    expect(head!.slice(0, 6)).toEqual(['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount']);
    expect(rows[0]![1]).toBe('20/11/2026');
    const sums = new Map<string, number>();
    for (const r of rows) sums.set(r[0]!, (sums.get(r[0]!) ?? 0) + Math.round(Number(r[5]) * 100));
    expect(sums.size).toBe(journals.length);
    expect([...sums.values()].every((v) => v === 0)).toBe(true);
  });

  it('guards against formula injection and quotes what CSV must', () => {
    const j = journalOf({
      ...(docs[2] as Extract<BookDocument, { kind: 'receipt' }>),
      party: '=HYPERLINK("http://x","y")',
      reference: '+1, "quoted"\nnext',
    });
    const csv = csvJournal('zoho', j);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(2);
    expect(rows[0]![2]).toBe(`'+1, "quoted"\nnext`);
    expect(rows[1]![7]).toBe(`'=HYPERLINK("http://x","y")`);
    expect(rows.flat().some((c) => /^[=+\-@]/.test(c) && !/^-?\d/.test(c))).toBe(false);
  });
});
