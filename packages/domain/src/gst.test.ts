import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  creditNoteAmounts,
  documentNumber,
  financialYear,
  gstStateOf,
  invoiceAmounts,
  placeOfSupplyLabel,
  rupeesInWords,
  taxSplit,
  toPaise,
  toRupees,
  isRupee,
  conversionText,
  conversionPart,
} from './gst.ts';

const MH = gstStateOf('MH')!;
const KA = gstStateOf('Karnataka')!;
const paise = (...xs: number[]) => xs.reduce((n, x) => n + toPaise(x), 0);

describe('place of supply', () => {
  it('reads GST codes, letter codes and names in any case, and a GSTIN when no state is given', () => {
    expect(gstStateOf('27')).toEqual({ code: '27', name: 'Maharashtra' });
    expect(gstStateOf(' maharashtra ')).toEqual(MH);
    expect(gstStateOf('27-Maharashtra')).toEqual(MH);
    expect(gstStateOf('TS')).toEqual(gstStateOf('Telangana'));
    expect(gstStateOf('', '29AAPFU0939F1ZV')).toEqual(KA);
    expect(gstStateOf('Atlantis')).toBeNull();
    expect(gstStateOf('', '')).toBeNull();
    expect(placeOfSupplyLabel(KA)).toBe('29-Karnataka');
  });
});

describe('tax split', () => {
  it('intra-state: CGST 9 + SGST 9', () => {
    expect(taxSplit(1000, 'intraState')).toEqual({
      supplyType: 'intraState',
      rate: 18,
      taxableValue: 1000,
      cgst: 90,
      sgst: 90,
      igst: 0,
      totalTax: 180,
    });
  });

  it('inter-state: IGST 18', () => {
    expect(taxSplit(1000, 'interState')).toMatchObject({ cgst: 0, sgst: 0, igst: 180, totalTax: 180 });
  });

  it('zero-rated: the value is shown, no tax', () => {
    expect(taxSplit(1000, 'zeroRated')).toMatchObject({ rate: 0, taxableValue: 1000, totalTax: 0, igst: 0 });
  });

  it('rounds to the paisa as the GST on markup is rounded, CGST taking the odd paisa', () => {
    // 18 % of 100.05 = 18.009 → 18.01; halves 9.01 + 9.00.
    expect(taxSplit(100.05, 'intraState')).toMatchObject({ totalTax: 18.01, cgst: 9.01, sgst: 9 });
    expect(taxSplit(0.03, 'intraState')).toMatchObject({ totalTax: 0.01, cgst: 0.01, sgst: 0 });
  });

  it('parts always add up to the tax, the tax is 18 % of the value half-up to the exact paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (p) => {
        const value = p / 100;
        const s = taxSplit(value, 'intraState');
        expect(paise(s.cgst, s.sgst)).toBe(toPaise(s.totalTax));
        expect(Math.abs(toPaise(s.cgst) - toPaise(s.sgst))).toBeLessThanOrEqual(1);
        // Exact in paise (floating point may put 0.575 below the half: the paise arithmetic does not).
        expect(Math.abs(toPaise(s.totalTax) * 100 - p * 18)).toBeLessThanOrEqual(50);
      }),
    );
  });
});

describe('invoice amounts', () => {
  it('taxes only the markup; the fare is a pure-agent reimbursement', () => {
    const a = invoiceAmounts({ kind: 'flight', total: 5236, taxableValue: 200, supplierState: MH, customerState: MH });
    expect(a).toMatchObject({ sac: '998551', taxableValue: 200, cgst: 18, sgst: 18, reimbursement: 5000, total: 5236 });
  });

  it('place of supply: the customer state, else the reseller state', () => {
    expect(
      invoiceAmounts({ kind: 'kart', total: 118, taxableValue: 100, supplierState: MH, customerState: KA }),
    ).toMatchObject({ supplyType: 'interState', igst: 18, placeOfSupply: KA, sac: '998555' });
    expect(
      invoiceAmounts({ kind: 'activityCart', total: 118, taxableValue: 100, supplierState: MH, customerState: null }),
    ).toMatchObject({ supplyType: 'intraState', cgst: 9, sgst: 9, placeOfSupply: MH, sac: '998554' });
  });

  it('no markup and no fee: an invoice with 0 tax', () => {
    expect(
      invoiceAmounts({ kind: 'flight', total: 4999.5, taxableValue: 0, supplierState: MH, customerState: KA }),
    ).toMatchObject({ taxableValue: 0, totalTax: 0, reimbursement: 4999.5, total: 4999.5 });
  });

  it('an export customer is zero-rated', () => {
    expect(
      invoiceAmounts({
        kind: 'flight',
        total: 1100,
        taxableValue: 100,
        supplierState: MH,
        customerState: gstStateOf('Other country'),
      }),
    ).toMatchObject({ supplyType: 'zeroRated', rate: 0, totalTax: 0, taxableValue: 100, reimbursement: 1000 });
  });

  it('never invents money: taxable + tax above the total is read as tax-inclusive', () => {
    const a = invoiceAmounts({ kind: 'flight', total: 100, taxableValue: 500, supplierState: MH, customerState: MH });
    expect(a.reimbursement).toBe(0);
    expect(paise(a.taxableValue, a.totalTax)).toBe(10000);
  });

  it('a tax-inclusive markup (activities) has its tax taken out, not added', () => {
    const a = invoiceAmounts({
      kind: 'activityCart',
      total: 1180,
      taxableValue: 118,
      taxInclusive: true,
      supplierState: MH,
      customerState: KA,
    });
    expect(a).toMatchObject({ taxableValue: 100, igst: 18, reimbursement: 1062, total: 1180, sac: '998554' });
  });

  it('every invoice adds up to its total to the paisa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        (total, taxable, intra) => {
          const a = invoiceAmounts({
            kind: 'flight',
            total: total / 100,
            taxableValue: taxable / 100,
            supplierState: MH,
            customerState: intra ? MH : KA,
          });
          expect(paise(a.reimbursement, a.taxableValue, a.cgst, a.sgst, a.igst)).toBe(total);
          expect(a.reimbursement).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('credit notes', () => {
  const none = { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, reimbursement: 0, total: 0 };
  const inv = invoiceAmounts({ kind: 'flight', total: 5236, taxableValue: 200, supplierState: MH, customerState: MH });

  it('a full refund reverses every part', () => {
    expect(creditNoteAmounts(inv, none, 5236)).toMatchObject({
      taxableValue: 200,
      cgst: 18,
      sgst: 18,
      reimbursement: 5000,
      total: 5236,
    });
  });

  it('a partial refund reverses the tax in proportion and never beyond the invoice', () => {
    const first = creditNoteAmounts(inv, none, 2618);
    expect(first).toMatchObject({ taxableValue: 100, cgst: 9, sgst: 9, total: 2618 });
    const second = creditNoteAmounts(inv, first, 99999);
    expect(paise(first.total, second.total)).toBe(toPaise(5236));
    expect(paise(first.cgst, second.cgst)).toBe(toPaise(18));
  });

  it('a refund whose service fee is kept gives back the pure-agent amount only, no GST', () => {
    expect(creditNoteAmounts(inv, none, 4200, { serviceKept: true })).toMatchObject({
      taxableValue: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      totalTax: 0,
      reimbursement: 4200,
      total: 4200,
    });
    // Beyond what is left of the pure-agent amount, the proportional rule applies as before.
    expect(creditNoteAmounts(inv, none, 5236, { serviceKept: true }).cgst).toBe(18);
  });

  it('parts of any sequence of credit notes add up and stay within the invoice', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 6 }), (refunds) => {
        let done = { ...none };
        for (const r of refunds) {
          const cn = creditNoteAmounts(inv, done, r / 100);
          expect(paise(cn.reimbursement, cn.taxableValue, cn.cgst, cn.sgst, cn.igst)).toBe(toPaise(cn.total));
          done = {
            taxableValue: (toPaise(done.taxableValue) + toPaise(cn.taxableValue)) / 100,
            cgst: (toPaise(done.cgst) + toPaise(cn.cgst)) / 100,
            sgst: (toPaise(done.sgst) + toPaise(cn.sgst)) / 100,
            igst: (toPaise(done.igst) + toPaise(cn.igst)) / 100,
            reimbursement: (toPaise(done.reimbursement) + toPaise(cn.reimbursement)) / 100,
            total: (toPaise(done.total) + toPaise(cn.total)) / 100,
          };
        }
        for (const k of ['taxableValue', 'cgst', 'sgst', 'reimbursement', 'total'] as const)
          expect(toPaise(done[k])).toBeLessThanOrEqual(toPaise(inv[k]));
      }),
    );
  });
});

describe('financial year and numbers', () => {
  it('April to March', () => {
    expect(financialYear('2026-04-01')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2027-01-15')).toBe('2026-27');
    expect(financialYear('2099-12-31')).toBe('2099-00');
  });

  it('numbers: prefix, series, short FY, 5 digits; never longer than 16 characters', () => {
    expect(documentNumber('TPI', 'invoice', '2026-27', 1)).toBe('TPI/26-27/00001');
    expect(documentNumber('TPI', 'creditNote', '2026-27', 42)).toBe('TPIC/26-27/00042');
    expect(documentNumber('A1', 'invoice', '2026-27', 123456)).toBe('A1/26-27/123456');
    expect(documentNumber('ABC', 'creditNote', '2026-27', 99999).length).toBeLessThanOrEqual(16);
    expect(() => documentNumber('ABCD', 'invoice', '2026-27', 1)).toThrow();
    expect(() => documentNumber('TPI', 'invoice', '2026-27', 0)).toThrow();
  });

  it('amount in words (Indian grouping)', () => {
    expect(rupeesInWords(5236)).toBe('Rupees Five Thousand Two Hundred Thirty Six Only');
    expect(rupeesInWords(1234567.5)).toBe(
      'Rupees Twelve Lakh Thirty Four Thousand Five Hundred Sixty Seven and Paise Fifty Only',
    );
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });
});

describe('foreign currency in rupees', () => {
  it('converts half-up to the paisa from the amount in its own cents', () => {
    expect(toRupees(404.8, 22.75)).toBe(9209.2);
    expect(toRupees(220, 22.75)).toBe(5005);
    // 1 × 0.575 is 0.57499… in floating point: still 58 paise.
    expect(toRupees(1, 0.575)).toBe(0.58);
    expect(toRupees(10.01, 3.3333)).toBe(33.37);
    expect(toRupees(0, 22.75)).toBe(0);
    expect(() => toRupees(1, 0)).toThrow(RangeError);
  });

  it('knows the ways a rupee amount is written', () => {
    for (const c of ['INR', 'inr', '₹', 'Rs', 'RS.']) expect(isRupee(c)).toBe(true);
    for (const c of ['AED', 'USD', '']) expect(isRupee(c)).toBe(false);
  });
});

describe('conversion text and parts', () => {
  const c = { currency: 'AED', amount: 404.8, inrPerUnit: 22.7531, rateDate: '2026-11-20' };
  it('names the quoted amount, the exact rate and its day in the site format', () => {
    expect(conversionText(c)).toBe('Quoted in AED\u00a0404.80, converted at ₹22.7531 per AED (rate of 20 Nov 2026)');
  });
  it('a credit note reverses the quoted amount in its proportion', () => {
    expect(conversionPart(c, 9209.2, 9209.2)).toBe(c);
    expect(conversionPart(c, 4604.6, 9209.2).amount).toBe(202.4);
  });
});
