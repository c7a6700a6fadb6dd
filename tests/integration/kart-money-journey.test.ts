/**
 * Issue #33's money journey end to end (docs/dmc.md "Getting paid", "Paying suppliers", "Paper"): a quotation is
 * shared and accepted; the deposit is paid through the sandbox gateway while ten payment callbacks race (through
 * the stack's payments worker, and ten verifications in this process: one receipt); the agent pays the balance from
 * the wallet with ten clicks at once (one debit, one receipt); vouchering raises the hotel's payable, mails the hotel
 * its booking request and the customer the vouchers; the hotel confirms through its link (ten answers at once: one
 * stands) and the customer gets the vouchers again with the hotel's confirmation number; the quotation is cancelled
 * under parallel cancels with its fee, the refund goes back the way the money came (the wallet's part to the wallet,
 * the rest through the gateway), the payable is reversed and the invoice credited once. Throughout: receipts −
 * refunds = collected, and callbacks redelivered afterwards move nothing. Another site sees none of it. Then the
 * seeded demo's paid, part-paid and overdue quotations, read through the API.
 */
import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPayables } from '@tp/contracts/endpoints/dmc-payables';
import { getInvoice, getSourceInvoice } from '@tp/contracts/endpoints/invoices';
import {
  acceptSharedQuotation,
  cancelKart,
  getKartById,
  getKartReceipts,
  getSharedQuotation,
  paySharedQuotation,
  saveKart,
  shareKart,
  voucherKart,
} from '@tp/contracts/endpoints/kart';
import {
  answerSupplierRequest,
  getKartSupplierRequests,
  getKartVouchers,
  getSharedVouchers,
} from '@tp/contracts/endpoints/kart-paper';
import { completeSandboxPayment, getWalletBalance } from '@tp/contracts/endpoints/wallet';
import { paymentVerification } from '../../functions/src/entries/wiring/orders.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { verifyAndApply } from '../../functions/src/wallet/index.ts';
import { getRefund } from '../../functions/src/wallet/refunds.ts';
import { useStackQueues } from '../support/queues.ts';
import { Client, mailbox, waitForMail } from '../support/api.ts';
import { newCustomer, type Customer } from './flights-helpers.ts';
import {
  FLIGHTDEALS,
  SKYWAY,
  contractedHotel,
  ok,
  staff,
  tag,
  twoNightStay,
  type ContractedHotel,
} from './dmc-helpers.ts';

const WALLET = 20_000;
const siteId = asSiteId(FLIGHTDEALS.siteId);

let c: Client;
let agent: Customer;
let hotel: { id: string; name: string; email: string };
let stay: ContractedHotel;

beforeAll(async () => {
  c = await staff();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: WALLET });
  const t = tag();
  const email = `reservations.${t}@example.com`;
  // 5000 a night at cost, sold at cost + 20 %: 6000.
  stay = await contractedHotel(c, {
    name: `Lagoon Resort ${t}`,
    currency: 'INR',
    costPerNight: 5000,
    roomType: { id: 'DLX', name: 'Deluxe' },
    hotel: { address: '1 Lagoon Walk, Dubai', cityName: 'Dubai', phoneNumber: '+97145550111', email },
  });
  hotel = { id: stay.hotelId, name: stay.hotelName, email };
  // The verifications this file runs itself queue the receipt mail and the gateway's own messages.
  await useStackQueues('email', 'paymentVerification');
});

/** Two nights at the hotel (sells 12000, costs 10000) in rupees; 30 % on acceptance; 10 % to cancel a year out. */
const kartInput = (name: string) =>
  twoNightStay(stay, agent.userId, name, {
    currencySymbol: 'INR',
    passengers: [{ title: 'Ms', firstName: 'Meera', lastName: 'Iyer', paxType: 'adult' }],
  });

/** The supplier link's token in a booking request mail. */
const tokenIn = (text: string | undefined): string => {
  const m = /\/supplier-request\/([A-Za-z0-9_~-]+)/.exec(text ?? '');
  if (!m) throw new Error('no supplier link in the mail');
  return m[1]!;
};

/** Whether a PDF (base64) prints `text`: its streams inflated, the standard fonts' hex strings read too. */
function pdfPrints(base64: string, text: string): boolean {
  const pdf = Buffer.from(base64, 'base64');
  const raw = pdf.toString('latin1');
  const hex = Buffer.from(text, 'latin1').toString('hex').toUpperCase();
  const parts = [raw];
  for (let at = raw.indexOf('stream'); at >= 0; at = raw.indexOf('stream', at + 6)) {
    let start = at + 6;
    if (raw[start] === '\r') start++;
    if (raw[start] === '\n') start++;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (an image, or the end of the previous one).
    }
    at = end;
  }
  return parts.some((p) => p.includes(text) || p.toUpperCase().includes(hex));
}

const sum = (xs: { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);

/** Mail to `to` whose subject matches, counted after the email worker had time to send any duplicate. */
async function mailCount(to: string, subject: RegExp): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  return (await mailbox()).filter((m) => m.destination.to.includes(to) && subject.test(m.subject)).length;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('a quotation from its shared link to paid, vouchered, confirmed and cancelled', () => {
  it('moves every amount exactly once and keeps receipts − refunds = collected', { timeout: 120_000 }, async () => {
    const t = tag();
    const name = `Lagoon journey ${t}`;
    const to = agent.email.toLowerCase();

    // Shared and accepted: 12000 in all, 3600 on acceptance.
    const saved = await ok(c, saveKart, kartInput(name));
    expect(saved.totalPrice).toBe(12000);
    expect(saved.accomodations[0].cost).toBe(10000);
    expect(saved.schedule).toMatchObject({ deposit: 3600, balance: 8400 });
    const link = await ok(c, shareKart, { id: saved.id });
    const visitor = new Client(FLIGHTDEALS.domain);
    const accepted = await ok(visitor, acceptSharedQuotation, { slug: link.slug, version: link.version });
    expect(accepted.money).toMatchObject({ collected: 0, depositDue: 3600, totalDue: 12000 });

    // The deposit through the sandbox gateway; ten callbacks race to verify it: one receipt.
    const started = await ok(visitor, paySharedQuotation, {
      slug: link.slug,
      part: 'deposit',
      method: 'gateway',
      idempotencyKey: `dep${t}`,
    });
    const paymentId = String(started.redirectTo).split('/').pop()!;
    // The gateway calls back ten times at once (each queues a verification for the stack's payments worker) while
    // ten verifications run here too.
    const completes = await Promise.all(
      Array.from({ length: 10 }, () => visitor.call(completeSandboxPayment, { paymentId, outcome: 'pay' })),
    );
    expect(completes.map((r) => r.status)).toEqual(Array(10).fill(200));
    const callbacks = () =>
      Promise.all(
        Array.from({ length: 10 }, () => verifyAndApply(siteId, paymentId, new Date(), paymentVerification())),
      );
    const outcomes = await callbacks();
    expect(outcomes.filter((o) => o === 'applied').length).toBeLessThanOrEqual(1);
    const afterDeposit = await ok(visitor, getSharedQuotation, { slug: link.slug, payment: paymentId });
    expect(afterDeposit.payment).toMatchObject({ status: 'received', receiptId: expect.any(String) });
    expect(afterDeposit.money).toMatchObject({ collected: 3600, depositDue: 0, totalDue: 8400 });
    expect(afterDeposit.money.receipts).toMatchObject([{ amount: 3600, method: 'gateway' }]);
    const depositNumber: string = afterDeposit.money.receipts[0].number;

    // The balance from the agent's wallet: ten clicks of the same payment at once debit it once.
    const pay = { slug: link.slug, part: 'balance', method: 'wallet', idempotencyKey: `bal${t}` };
    const clicks = await Promise.all(Array.from({ length: 10 }, () => agent.client.call(paySharedQuotation, pay)));
    const answered = clicks.filter((r) => r.status === 200).map((r) => r.body.result.receipt.number as string);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answered).size).toBe(1);
    for (const r of clicks) expect([200, 409]).toContain(r.status);
    expect((await ok(agent.client, getWalletBalance, {})).balance).toBe(WALLET - 8400);
    const paid = await ok(c, getKartById, { id: saved.id });
    expect(paid).toMatchObject({ collectedPayment: 12000, totals: { balanceDue: 0 }, deadline: { payment: 'paid' } });
    const receipts = (await ok(c, getKartReceipts, { id: saved.id })).records as {
      amount: number;
      method: string;
      number: string;
    }[];
    expect(receipts.map((r) => [r.method, r.amount])).toEqual([
      ['gateway', 3600],
      ['wallet', 8400],
    ]);
    // Each receipt is mailed once.
    for (const r of receipts) {
      await waitForMail(to, new RegExp(`^Receipt ${escape(r.number)}`));
      expect(await mailCount(to, new RegExp(`^Receipt ${escape(r.number)}`))).toBe(1);
    }
    expect(receipts[0]!.number).toBe(depositNumber);

    // Vouchering: the hotel's payable at its contract cost, its booking request, the customer's vouchers.
    const vouchered = await ok(c, voucherKart, { id: saved.id });
    expect(vouchered.realised).toEqual({ collected: 12000, owed: 10000, margin: 2000 });
    const payables = (await ok(c, getPayables, { supplier: `hotel:${hotel.id}`, limit: 100 })).records as any[];
    expect(payables).toMatchObject([{ kartId: saved.id, amount: 10000, paid: 0, outstanding: 10000, reversed: 0 }]);
    const request = await waitForMail(hotel.email, /^Booking request /);
    expect(request.body.text).toContain('Meera Iyer');
    const token = tokenIn(request.body.text);
    const confirmation = await waitForMail(to, new RegExp(`^Confirmed: ${escape(name)}`));
    expect(confirmation.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expect((await ok(c, getKartSupplierRequests, { id: saved.id })).requests).toMatchObject([
      { status: 'requested', supplierName: hotel.name },
    ]);

    // The hotel confirms through its link; ten answers at once: one stands, the others are told it was confirmed.
    const number = `LR-${t.slice(0, 5).toUpperCase()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        visitor.call(answerSupplierRequest, { token, decision: 'confirm', confirmationNumber: number }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(9);
    expect((await ok(c, getKartSupplierRequests, { id: saved.id })).requests).toMatchObject([
      { status: 'confirmed', confirmationNumber: number },
    ]);
    // The vouchers print the number (staff's print and the link's), and are mailed again with it, once.
    const stays = (await ok(c, getKartVouchers, { id: saved.id })).vouchers.filter(
      (v: { kind: string }) => v.kind === 'hotel',
    );
    expect(stays).toMatchObject([{ confirmationNumber: number, supplier: { name: hotel.name } }]);
    expect((await ok(visitor, getSharedVouchers, { slug: link.slug })).vouchers[0].confirmationNumber).toBe(number);
    const updated = await waitForMail(to, new RegExp(`^Booking confirmed: .*confirmation number ${number}$`));
    expect(updated.body.text).toContain(number);
    expect(updated.attachments).toHaveLength(1);
    expect(pdfPrints(updated.attachments[0]!.content, number)).toBe(true);
    expect(pdfPrints(confirmation.attachments[0]!.content, number)).toBe(false);
    expect(await mailCount(to, new RegExp(`^Booking confirmed: .*${number}`))).toBe(1);

    // The invoice the voucher issued.
    const invoice = await ok(c, getSourceInvoice, { source: 'kart', sourceId: saved.id });
    expect(invoice.creditNotes).toEqual([]);

    // Cancelled a year and more before arrival: 10 % kept; five cancels at once settle once.
    const cancels = await Promise.all(Array.from({ length: 5 }, () => c.call(cancelKart, { id: saved.id })));
    expect(cancels.filter((r) => r.status === 200)).toHaveLength(1);
    const cancelled = await ok(c, getKartById, { id: saved.id });
    expect(cancelled.cancellation).toMatchObject({ feePercent: 10, fee: 1200, feeKept: 1200, refund: 10800 });
    // Newest receipt first: the wallet's 8400 back to the wallet, then 2400 of the deposit through the gateway.
    expect(cancelled.cancellation.refunds).toMatchObject([
      { amount: 8400, via: 'wallet' },
      { amount: 2400, via: 'gateway', gatewayRefundId: expect.any(String) },
    ]);
    expect((await ok(agent.client, getWalletBalance, {})).balance).toBe(WALLET);
    const gatewayRefund = await getRefund(siteId, cancelled.cancellation.refunds[1].gatewayRefundId);
    expect(gatewayRefund).toMatchObject({ paymentId, amount: 2400 });

    // Callbacks redelivered after it all, and the same wallet click again, move nothing.
    await callbacks();
    await agent.client.call(paySharedQuotation, pay);

    // The money: receipts − refunds = collected; the payable reversed; the invoice credited once for 90 %.
    const final = await ok(c, getKartById, { id: saved.id });
    const finalReceipts = (await ok(c, getKartReceipts, { id: saved.id })).records as { amount: number }[];
    expect(finalReceipts).toHaveLength(2);
    expect(sum(finalReceipts) - sum(final.cancellation.refunds)).toBe(final.collectedPayment);
    expect(final.collectedPayment).toBe(1200);
    expect(final.cancellation.refund).toBe(sum(final.cancellation.refunds));
    expect(final.realised).toEqual({ collected: 1200, owed: 0, margin: 1200 });
    expect((await ok(agent.client, getWalletBalance, {})).balance).toBe(WALLET);
    const reversed = (await ok(c, getPayables, { supplier: `hotel:${hotel.id}`, limit: 100 })).records as any[];
    expect(reversed).toMatchObject([
      { amount: 10000, reversed: 10000, outstanding: 0, reversedAt: expect.any(String) },
    ]);
    const credited = await ok(c, getSourceInvoice, { source: 'kart', sourceId: saved.id });
    expect(credited.creditNotes).toHaveLength(1);
    const note = await ok(c, getInvoice, { invoiceId: credited.creditNotes[0].id });
    expect(note.total).toBeCloseTo(invoice.total * 0.9, 1);
    expect(note.total + invoice.total * 0.1).toBeCloseTo(invoice.total, 1);

    // Another site sees none of it.
    const skyway = await staff(SKYWAY);
    expect((await skyway.call(getKartById, { id: saved.id })).status).toBe(404);
    expect((await ok(skyway, getKartReceipts, { id: saved.id })).records).toEqual([]);
    expect((await new Client(SKYWAY.domain).call(getSharedQuotation, { slug: link.slug })).status).toBe(404);
  });
});

describe('the demo data (scripts/seed/karts.ts)', () => {
  it('holds a paid, a part-paid and an overdue quotation with receipts, payables and vouchers', async () => {
    const read = async (id: string) => {
      const [kart, receipts, vouchers, requests] = await Promise.all([
        ok(c, getKartById, { id }),
        ok(c, getKartReceipts, { id }),
        ok(c, getKartVouchers, { id }),
        ok(c, getKartSupplierRequests, { id }),
      ]);
      const stay = vouchers.vouchers.find((v: { kind: string }) => v.kind === 'hotel');
      return {
        payment: kart.deadline.payment,
        collected: kart.collectedPayment,
        received: sum(receipts.records),
        balanceDue: kart.totals.balanceDue,
        owed: kart.realised?.owed ?? 0,
        confirmation: stay?.confirmationNumber ?? null,
        request: requests.requests.find((r: { section: string }) => r.section === 'accomodations')?.status ?? null,
      };
    };
    const partPaid = await read('dmc-kart-demo-voucher');
    const paid = await read('dmc-kart-demo-paid01');
    const overdue = await read('dmc-kart-demo-late01');
    expect(paid).toMatchObject({
      payment: 'paid',
      balanceDue: 0,
      request: 'confirmed',
      confirmation: 'ROVE-DEMO-4471',
    });
    expect(partPaid).toMatchObject({ payment: 'pending', collected: 1000, request: 'requested', confirmation: null });
    expect(partPaid.balanceDue).toBeGreaterThan(0);
    expect(overdue).toMatchObject({ payment: 'overdue', collected: 1000, confirmation: 'ROVE-DEMO-4472' });
    for (const k of [partPaid, paid, overdue]) {
      expect(k.received).toBe(k.collected);
      expect(k.owed).toBeGreaterThan(0);
    }
    const rove = (await ok(c, getPayables, { supplier: 'hotel:dmc-hotel-rove-downtown', limit: 100 })).records as any[];
    expect(rove.map((p) => p.kartId)).toEqual(
      expect.arrayContaining(['dmc-kart-demo-voucher', 'dmc-kart-demo-paid01', 'dmc-kart-demo-late01']),
    );
  });
});
