/**
 * The money after a quotation is paid (docs/dmc.md "Cancellation", "Paying suppliers"): vouchering raises the
 * hotel's payable at the contract's cost, due by the hotel's own terms, once under ten parallel vouchers; a supplier is paid in parts and an
 * overpayment is refused; cancelling a paid quotation keeps its fee, refunds the rest once (the gateway payment
 * through the gateway, the offline receipt by hand) under parallel cancels, credits the invoice once and reverses the
 * payables, and receipts − refunds = collected; another site sees none of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDetailPendingCustomerForDmc } from '@tp/contracts/endpoints/customers';
import {
  PAYABLES_MSG,
  getPayables,
  getSupplierProfile,
  getSupplierStatement,
  markKartRefundPaid,
  recordSupplierPayment,
  saveSupplierProfile,
} from '@tp/contracts/endpoints/dmc-payables';
import { getInvoice, getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import {
  acceptSharedQuotation,
  cancelKart,
  getKartById,
  getKartReceipts,
  paySharedQuotation,
  recordKartReceipt,
  saveKart,
  shareKart,
  voucherKart,
} from '@tp/contracts/endpoints/kart';
import { completeSandboxPayment } from '@tp/contracts/endpoints/wallet';
import { paymentVerification } from '../../functions/src/entries/wiring/orders.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { verifyAndApply } from '../../functions/src/wallet/index.ts';
import { getRefund } from '../../functions/src/wallet/refunds.ts';
import { useStackQueues } from '../support/queues.ts';
import { Client } from '../support/api.ts';
import { uniquePhone } from './users-helpers.ts';
import {
  FLIGHTDEALS,
  SKYWAY,
  contractedHotel,
  ok,
  refused,
  staff,
  tag,
  twoNightStay,
  type ContractedHotel,
} from './dmc-helpers.ts';

let c: Client;
let stay: ContractedHotel;
let hotelId: string;
let customerId: string;

beforeAll(async () => {
  c = await staff();
  const t = tag();
  // 500 a night at cost, sold at cost + 20 %: 600.
  stay = await contractedHotel(c, { name: `Creek Inn ${t}`, currency: 'AED', costPerNight: 500 });
  hotelId = stay.hotelId;
  // The hotel is paid 45 days after the stay (its profile); a later voucher falls due by it.
  const profile = {
    supplier: `hotel:${hotelId}`,
    contactName: 'Reservations',
    email: 'res@creekinn.example',
    phone: '+971 4 000 0000',
    address: 'Creek Rd, Dubai',
    terms: { basis: 'afterService', days: 45 },
    currency: 'AED',
  };
  expect(await ok(c, saveSupplierProfile, { ...profile, version: 0 })).toMatchObject({
    name: `Creek Inn ${t}`,
    version: 1,
  });
  expect((await c.call(saveSupplierProfile, { ...profile, version: 0 })).status).toBe(409);
  customerId = (
    await ok(c, createDetailPendingCustomerForDmc, {
      firstName: 'Omar',
      lastName: 'Haddad',
      phone: uniquePhone(),
      phoneCode: 'in',
    })
  ).id;
  // The verification this file runs itself queues the receipt mail and the gateway's own messages.
  await useStackQueues('email', 'paymentVerification');
});

/** Two nights in one standard room (sells 1200, costs 1000); 10 % to cancel a year out, all of it inside a year. */
const kart = () => twoNightStay({ ...stay, hotelName: 'Creek Inn' }, customerId, `Creek stay ${tag()}`);

const hotelPayables = async (client = c) =>
  (await ok(client, getPayables, { supplier: `hotel:${hotelId}`, limit: 100 })).records as any[];

describe('supplier payables', () => {
  let payableId: string;

  it('ten vouchers at once raise the hotel one payable at the contract cost', async () => {
    const saved = await ok(c, saveKart, kart());
    expect(saved.accomodations[0].cost).toBe(1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => c.call(voucherKart, { id: saved.id })));
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const mine = (await hotelPayables()).filter((p) => p.kartId === saved.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      quotationId: saved.quotationId,
      supplier: { kind: 'hotel', id: hotelId, name: 'Creek Inn' },
      serviceDate: '2099-03-10',
      dueDate: '2099-04-24',
      amount: 1000,
      paid: 0,
      outstanding: 1000,
      ageing: 'notDue',
    });
    payableId = mine[0].id;
    const open = (await ok(c, getPayables, { limit: 100 })).records as any[];
    expect(open.map((p) => p.id)).toContain(payableId);
  });

  it('pays a supplier in parts once per key and refuses more than is owed', async () => {
    const part = { payableId, amount: 400, reference: 'NEFT 1', idempotencyKey: `p1${tag()}` };
    expect(await ok(c, recordSupplierPayment, part)).toMatchObject({ paid: 400, outstanding: 600 });
    expect(await ok(c, recordSupplierPayment, part)).toMatchObject({ paid: 400, outstanding: 600 });
    const over = await refused(c, recordSupplierPayment, { ...part, amount: 600.01, idempotencyKey: `p2${tag()}` });
    expect(over.shortError).toEqual({ amount: PAYABLES_MSG.overpaid });
    const rest = await ok(c, recordSupplierPayment, { ...part, amount: 600, idempotencyKey: `p3${tag()}` });
    expect(rest).toMatchObject({ paid: 1000, outstanding: 0 });
    const open = (await ok(c, getPayables, { limit: 100 })).records as any[];
    expect(open.map((p) => p.id)).not.toContain(payableId);
    // The hotel's statement of the period: raised, then the two payments.
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const statement = await ok(c, getSupplierStatement, { supplier: `hotel:${hotelId}`, from: day(-30), to: day(1) });
    expect(statement.lines.map((l: any) => [l.kind, l.amount])).toEqual(
      expect.arrayContaining([
        ['raised', 1000],
        ['payment', -400],
        ['payment', -600],
      ]),
    );
    expect(statement.lines).toHaveLength(3);
    expect(statement.totals).toEqual({ raised: 1000, paid: 1000, reversed: 0, net: 0 });
    expect(statement.supplier).toMatchObject({ contactName: 'Reservations', terms: { days: 45 } });
  });

  it('another site sees none of it', async () => {
    const skyway = await staff(SKYWAY);
    const pay = { payableId, amount: 1, reference: 'X', idempotencyKey: `s${tag()}` };
    expect((await skyway.call(recordSupplierPayment, pay)).status).toBe(404);
    expect(await hotelPayables(skyway)).toEqual([]);
    expect((await skyway.call(getSupplierProfile, { supplier: `hotel:${hotelId}` })).status).toBe(404);
  });
});

describe('cancelling a paid quotation', () => {
  it('keeps the fee, refunds the rest once, credits the invoice once and reverses the payables', async () => {
    const t = tag();
    const saved = await ok(c, saveKart, kart());
    // 500 by bank transfer, then the rest (700) through the sandbox gateway from the accepted link.
    await ok(c, recordKartReceipt, {
      id: saved.id,
      amount: 500,
      method: 'bankTransfer',
      reference: 'UTR 77',
      idempotencyKey: `b${t}`,
    });
    const link = await ok(c, shareKart, { id: saved.id });
    const visitor = new Client(FLIGHTDEALS.domain);
    await ok(visitor, acceptSharedQuotation, { slug: link.slug, version: link.version });
    const started = await ok(visitor, paySharedQuotation, {
      slug: link.slug,
      part: 'balance',
      method: 'gateway',
      idempotencyKey: `g${t}`,
    });
    const paymentId = String(started.redirectTo).split('/').pop()!;
    await ok(visitor, completeSandboxPayment, { paymentId, outcome: 'pay' });
    await verifyAndApply(asSiteId(FLIGHTDEALS.siteId), paymentId, new Date(), paymentVerification());
    const vouchered = await ok(c, voucherKart, { id: saved.id });
    expect(vouchered.collectedPayment).toBe(1200);
    // Receipts − payables: 1200 in, 1000 owed to the hotel.
    expect(vouchered.realised).toEqual({ collected: 1200, owed: 1000, margin: 200 });

    // Five cancels at once: one settles; the others find it changed or cancelled.
    const results = await Promise.all(Array.from({ length: 5 }, () => c.call(cancelKart, { id: saved.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const cancelled = await ok(c, getKartById, { id: saved.id });
    expect(cancelled.cancellation).toMatchObject({ feePercent: 10, fee: 120, feeKept: 120, refund: 1080 });
    // Newest receipt first: the gateway's 700 through the gateway, then 380 of the bank transfer by hand.
    expect(cancelled.cancellation.refunds).toMatchObject([
      { amount: 700, via: 'gateway', gatewayRefundId: expect.any(String), paidAt: null },
      { amount: 380, via: 'manual', gatewayRefundId: null, paidAt: null },
    ]);
    const gatewayRefund = await getRefund(
      asSiteId(FLIGHTDEALS.siteId),
      cancelled.cancellation.refunds[0].gatewayRefundId,
    );
    expect(gatewayRefund).toMatchObject({ paymentId, amount: 700 });

    // Receipts − refunds = collected.
    const receipts = (await ok(c, getKartReceipts, { id: saved.id })).records as { amount: number }[];
    const received = receipts.reduce((s, r) => s + r.amount, 0);
    expect(received).toBe(1200);
    expect(received - cancelled.cancellation.refund).toBe(cancelled.collectedPayment);
    expect(cancelled.realised).toEqual({ collected: 120, owed: 0, margin: 120 });

    // The invoice is credited once, for all but the fee.
    const invoice = await ok(c, getSourceInvoice, { source: 'kart', sourceId: saved.id });
    expect(invoice.creditNotes).toHaveLength(1);
    const note = await ok(c, getInvoice, { invoiceId: invoice.creditNotes[0].id });
    // The invoice is in rupees: the fee (10 %) stays invoiced, 90 % is credited.
    expect(note.total).toBeCloseTo(invoice.total * 0.9, 1);

    // The payable is reversed by an entry, never deleted, and no longer owed.
    const payable = (await hotelPayables()).find((p) => p.kartId === saved.id);
    expect(payable).toMatchObject({ amount: 1000, reversed: 1000, outstanding: 0, reversedAt: expect.any(String) });

    // The hand-paid refund is marked paid once; another site cannot.
    const mark = { id: saved.id, receiptId: cancelled.cancellation.refunds[1].receiptId, reference: 'NEFT back' };
    const marked = await ok(c, markKartRefundPaid, mark);
    expect(marked.refunds[1]).toMatchObject({ paidReference: 'NEFT back', paidAt: expect.any(String) });
    expect((await ok(c, markKartRefundPaid, { ...mark, reference: 'again' })).refunds[1].paidReference).toBe(
      'NEFT back',
    );
    expect((await (await staff(SKYWAY)).call(markKartRefundPaid, mark)).status).toBe(404);
  });
});
