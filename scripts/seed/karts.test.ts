/** The demo quotations pass every kart rule (vouchered ones too) and put their transfers on the job sheet. */
import { describe, expect, it } from 'vitest';
import { DMC_RULE_MESSAGES } from '@tp/contracts/endpoints/dmc';
import { kartDeadlineState, kartErrors, serviceVouchers, transfersOfVoucher } from '@tp/domain/dmc';
import { DEMO_KARTS, demoKart, demoPayables, demoReceipts, demoSupplierRequests } from './karts.ts';

const customer = { id: 'u1', name: 'Asha Rao', phone: '9876543210' };

describe('demo karts', () => {
  it.each([false, true])('vouchered %s passes the §5 rules', (vouchered) => {
    const k = demoKart('dmc-kart-demo-x', customer, vouchered);
    expect(kartErrors(k, DMC_RULE_MESSAGES)).toEqual({});
    expect(k.activities[0]!.price).toBeGreaterThan(0);
    expect(transfersOfVoucher(k)).toHaveLength(vouchered ? 4 : 0);
  });

  it('collects what its receipts add up to: part-paid, paid in full, overdue, numbered one after another', () => {
    let next = 1;
    const states = DEMO_KARTS.map((d) => {
      const k = demoKart(d.id, customer, d.vouchered, d.money);
      const receipts = demoReceipts(k, d.money, next);
      next += receipts.length;
      expect(k.collectedPayment).toBe(receipts.reduce((sum, r) => sum + r.amount, 0));
      expect(receipts.map((r) => r.sequence)).toEqual(receipts.map((_, i) => next - receipts.length + i));
      return kartDeadlineState(k, k.totals, '2026-11-29').payment;
    });
    expect(states).toEqual(['none', 'pending', 'paid', 'overdue']);
  });
});

describe('demo payables', () => {
  it('a vouchered demo owes each supplied line at its cost, 30 days after the service', () => {
    const k = demoKart('dmc-kart-demo-x', customer, true);
    const payables = demoPayables(k);
    expect(payables.length).toBeGreaterThan(0);
    for (const p of payables) {
      expect(p.amount).toBeGreaterThan(0);
      expect(p.dueDate > p.serviceDate).toBe(true);
    }
  });
});

describe('demo supplier requests', () => {
  it('each vouchered demo asked its hotel once; the paid and the overdue ones print the hotel’s number', () => {
    const printed = DEMO_KARTS.filter((d) => d.vouchered).map((d) => {
      const k = demoKart(d.id, customer, d.vouchered, d.money);
      const requests = demoSupplierRequests(k, d.money);
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ kartId: d.id, section: 'accomodations', reference: `${k.quotationId}-H1` });
      expect(requests[0]!.secretHash).toMatch(/^[\w-]{43}$/);
      const confirmed = new Map(
        requests.flatMap((r) => (r.confirmationNumber ? [[r.lineId, r.confirmationNumber]] : [])),
      );
      const vouchers = serviceVouchers(k, k.customerName, {
        hotels: new Map(),
        operator: { name: '', address: '', phone: '' },
        confirmed: confirmed as Map<string, string>,
        cancellationTerms: '',
      }).vouchers;
      return [d.id, requests[0]!.status, vouchers.find((v) => v.kind === 'hotel')!.confirmationNumber];
    });
    expect(printed).toEqual([
      ['dmc-kart-demo-voucher', 'requested', null],
      ['dmc-kart-demo-paid01', 'confirmed', 'ROVE-DEMO-4471'],
      ['dmc-kart-demo-late01', 'confirmed', 'ROVE-DEMO-4472'],
    ]);
  });
});
