/**
 * A quotation gets paid (docs/dmc.md "Payment terms", "Accept and pay", "Receipts"): the terms' schedule, an
 * outdated link refused, the shared version accepted, the deposit through the sandbox gateway under 10 parallel
 * verifications (one receipt), an overpayment refused, the balance from the agent's wallet, receipts numbered
 * consecutively, collected = the receipts' sum, the receipt mailed, the balance reminded to the customer before its
 * day; another site sees none of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  KART_PAY_MSG,
  acceptSharedQuotation,
  getKartById,
  getKartReceipt,
  getKartReceipts,
  getSharedQuotation,
  getSharedReceipt,
  paySharedQuotation,
  recordKartReceipt,
  saveKart,
  shareKart,
} from '@tp/contracts/endpoints/kart';
import { completeSandboxPayment, getWalletBalance } from '@tp/contracts/endpoints/wallet';
import { paymentVerification } from '../../functions/src/entries/wiring/orders.ts';
import { asSiteId } from '../../functions/src/lib/keys.ts';
import { runDueDeadlines, type Deadline, type DeadlineHandlers } from '../../functions/src/deadlines/index.ts';
import { remindKartBalance } from '../../functions/src/kart/index.ts';
import { verifyAndApply } from '../../functions/src/wallet/index.ts';
import { useStackQueues } from '../support/queues.ts';
import { Client, waitForMail } from '../support/api.ts';
import { newCustomer, type Customer } from './flights-helpers.ts';
import { FLIGHTDEALS, SKYWAY, ok, refused, staff, tag } from './dmc-helpers.ts';
import { idleHandlers } from './deadlines-helpers.ts';

let c: Client;
let agent: Customer;

beforeAll(async () => {
  c = await staff();
  agent = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 5000 });
  // The verifications this file runs itself queue the receipt mail and the gateway's own messages.
  await useStackQueues('email', 'paymentVerification');
});

/** A 1000 INR quotation for the agent, with its own terms: 30 % on acceptance, the balance 20 days before arrival. */
const kart = (name: string, over: Record<string, unknown> = {}) => ({
  customerId: agent.userId,
  kartName: name,
  adults: 2,
  child: 0,
  infant: 0,
  arrivalDate: '2099-03-01',
  noOfDays: 3,
  noOfNights: 2,
  currencySymbol: 'INR',
  miscellaneous: [{ name: 'Desert camp', description: 'Two nights', price: 1000, startDate: null }],
  paymentTerms: { depositKind: 'percent', depositValue: 30, balanceDaysBeforeArrival: 20 },
  ...over,
});

describe('a quotation from its shared link to paid in full', () => {
  it('accepts the latest version only, takes the deposit once and the balance from the wallet', async () => {
    const t = tag();
    const v1 = await ok(c, saveKart, kart(`Paid trip ${t}`));
    expect(v1.schedule).toMatchObject({ deposit: 300, balance: 700, balanceDueDate: '2099-02-09' });
    const old = await ok(c, shareKart, { id: v1.id });
    const v2 = await ok(c, saveKart, kart(`Paid trip ${t}`, { id: v1.id, version: 1, serviceCharge: 0 }));
    const link = await ok(c, shareKart, { id: v2.id });
    const visitor = new Client(FLIGHTDEALS.domain);

    // The older link is refused, naming when the newer one was shared; paying before accepting is refused too.
    const outdated = await refused(visitor, acceptSharedQuotation, { slug: old.slug, version: 1 }, 409);
    expect(outdated.errorMessage).toBe(KART_PAY_MSG.outdatedVersion(link.sharedAt.slice(0, 10)));
    const early = { slug: link.slug, part: 'deposit', method: 'gateway', idempotencyKey: `early${t}` };
    expect((await refused(visitor, paySharedQuotation, early, 409)).errorMessage).toBe(KART_PAY_MSG.acceptFirst);
    const accepted = await ok(visitor, acceptSharedQuotation, { slug: link.slug, version: 2 });
    expect(accepted.standing.acceptedAt).toEqual(expect.any(String));
    expect(accepted.quotation.schedule).toMatchObject({ deposit: 300, balance: 700 });
    expect(accepted.money).toMatchObject({ collected: 0, depositDue: 300, totalDue: 1000, receipts: [] });

    // The deposit through the sandbox gateway; ten verifications at once give one receipt.
    const started = await ok(visitor, paySharedQuotation, { ...early, idempotencyKey: `dep${t}` });
    const paymentId = String(started.redirectTo).split('/').pop()!;
    expect(started.redirectTo).toBe(`/app/sandbox-gateway/${paymentId}`);
    const paid = await ok(visitor, completeSandboxPayment, { paymentId, outcome: 'pay' });
    expect(paid.returnTo).toBe(`/app/quotation/${link.slug}?payment=${paymentId}`);
    const siteId = asSiteId(FLIGHTDEALS.siteId);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => verifyAndApply(siteId, paymentId, new Date(), paymentVerification())),
    );
    expect(outcomes.filter((o) => o === 'applied').length).toBeLessThanOrEqual(1);
    const back = await ok(visitor, getSharedQuotation, { slug: link.slug, payment: paymentId });
    expect(back.payment).toMatchObject({ status: 'received', receiptId: expect.any(String) });
    expect(back.money).toMatchObject({ collected: 300, depositDue: 0, totalDue: 700 });
    expect(back.money.receipts).toHaveLength(1);
    const deposit = back.money.receipts[0];
    expect(deposit).toMatchObject({ amount: 300, method: 'gateway', collectedAfter: 300 });

    // Three days before the balance's day the customer is reminded of it (the deadline index, once).
    const reminders: DeadlineHandlers = { ...idleHandlers, kartBalanceReminder: remindKartBalance };
    const mine = (d: Deadline) => d.ref.startsWith(v1.id);
    expect(await runDueDeadlines(reminders, new Date('2099-02-06T04:00:00Z'), mine)).toBe(1);
    expect(await runDueDeadlines(reminders, new Date('2099-02-06T04:00:00Z'), mine)).toBe(0);
    const reminder = await waitForMail(agent.email.toLowerCase(), new RegExp(`Balance due on .*: Paid trip ${t}`));
    expect(reminder.body.text).toContain('700');

    // More than the balance is refused and changes nothing.
    const over = { id: v1.id, amount: 700.01, method: 'bankTransfer', reference: 'UTR1', idempotencyKey: `over${t}` };
    expect((await refused(c, recordKartReceipt, over)).shortError).toEqual({
      amount: 'This payment is more than the balance due',
    });

    // The agent pays the balance from the wallet; the same click again pays nothing more.
    const pay = { slug: link.slug, part: 'balance', method: 'wallet', idempotencyKey: `bal${t}` };
    const viaWallet = await ok(agent.client, paySharedQuotation, pay);
    expect(viaWallet.receipt).toMatchObject({ amount: 700, method: 'wallet', collectedAfter: 1000 });
    expect((await ok(agent.client, paySharedQuotation, pay)).receipt.number).toBe(viaWallet.receipt.number);
    expect((await ok(agent.client, getWalletBalance, {})).balance).toBe(4300);
    expect((await refused(visitor, paySharedQuotation, { ...pay, idempotencyKey: `x${t}` })).errorMessage).toBe(
      KART_PAY_MSG.nothingDue,
    );

    // Receipts − refunds = collected; numbers consecutive within the financial year.
    const receipts = (await ok(c, getKartReceipts, { id: v1.id })).records;
    expect(receipts.map((r: { amount: number }) => r.amount)).toEqual([300, 700]);
    const seq = (n: string) => Number(n.split('/').pop());
    expect(seq(receipts[1].number)).toBe(seq(receipts[0].number) + 1);
    const saved = await ok(c, getKartById, { id: v1.id });
    expect(saved).toMatchObject({ collectedPayment: 1000, totals: { balanceDue: 0 }, deadline: { payment: 'paid' } });
    expect(saved.acceptance).toMatchObject({ version: 2 });
    // A save afterwards keeps what was collected (a typed amount is ignored).
    const resaved = await ok(c, saveKart, kart(`Paid trip ${t}`, { id: v1.id, version: 2, collectedPayment: 5 }));
    expect(resaved.collectedPayment).toBe(1000);

    // Each receipt is mailed to the customer (addresses are stored lower-cased).
    const to = agent.email.toLowerCase();
    await waitForMail(to, new RegExp(`Receipt ${receipts[0].number.replaceAll('/', '\\/')}`));
    const mail = await waitForMail(to, new RegExp(`Receipt ${receipts[1].number.replaceAll('/', '\\/')}`));
    expect(mail.body.text).toContain('700');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`receipt-${receipts[1].number.replaceAll('/', '-')}.pdf`, 'application/pdf'],
    ]);
    expect((await ok(visitor, getSharedReceipt, { slug: link.slug, receiptId: deposit.id })).receipt.number).toBe(
      deposit.number,
    );
    const skyway = await staff(SKYWAY);
    expect((await skyway.call(getKartReceipt, { receiptId: deposit.id })).status).toBe(404);
    expect(
      (await new Client(SKYWAY.domain).call(getSharedReceipt, { slug: link.slug, receiptId: deposit.id })).status,
    ).toBe(404);
  });
});
