/**
 * Staff wallet adjustments: zero and negative amounts refused with a clear 400, the
 * debit adjustment as its own call (required reason, once per request id, never past what the wallet
 * may spend), recorded in the wallet history with its reason; and (item 15) staff payment listings
 * naming the payer instead of showing ids.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addWalletEntry,
  debitWalletEntry,
  getCustomerWalletEntries,
  getGatewayTransactions,
  getMyWalletEntries,
  getPendingOfflinePayments,
  getWalletBalance,
  userPaymentEntry,
} from '@tp/contracts/endpoints/wallet';
import { FLIGHTDEALS, SKYWAY, demo } from './customers-helpers.ts';
import { newCustomer } from './flights-helpers.ts';

const requestId = () => `req-${randomUUID()}`;
const INSUFFICIENT = 'The wallet does not have enough available balance for this debit';

describe('Add Money amounts', () => {
  it('refuses zero and negative amounts with a clear error, crediting nothing', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    for (const amount of [0, -50, -0.01]) {
      const res = await admin.call(addWalletEntry, { userId: c.userId, amount, requestId: requestId() });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.errorMessage).toBe('Amount must be greater than 0');
      expect(res.body.shortError).toMatchObject({ amount: 'Amount must be greater than 0' });
    }
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(0);
    expect((await c.client.call(getMyWalletEntries, {})).body.result.records).toEqual([]);
  });
});

describe('staff debit adjustment', () => {
  it('debits once per request id, also when sent twice at once, and shows in the history with its reason', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 1000 });
    const input = { email: c.email, amount: 250.5, reason: 'Duplicate refund recovered', requestId: requestId() };
    const [a, b] = await Promise.all([admin.call(debitWalletEntry, input), admin.call(debitWalletEntry, input)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.result.duplicate, b.body.result.duplicate].sort()).toEqual([false, true]);
    expect((await admin.call(debitWalletEntry, input)).body.result.duplicate).toBe(true);
    expect(a.body.message ?? b.body.message).toMatch(/Money (debited successfully|was already debited)/);

    const balance = await c.client.call(getWalletBalance, {});
    expect(balance.body.result).toMatchObject({ balance: 749.5, available: 749.5 });
    const mine = (await c.client.call(getMyWalletEntries, {})).body.result.records;
    const debits = mine.filter((e: { amount: number }) => e.amount < 0);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amount: -250.5, kind: 'adjustment', remark: 'Duplicate refund recovered' });
    // Staff see the same entry in the customer's wallet report.
    const report = await admin.call(getCustomerWalletEntries, { email: c.email });
    expect(report.body.result.records[0]).toMatchObject({ amount: -250.5, remark: 'Duplicate refund recovered' });
    expect(report.body.result.balance.balance).toBe(749.5);
  });

  it('requires a reason and a positive amount, and refuses a reused request id for another amount', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'retail', { wallet: 500 });
    const noReason = await admin.call(debitWalletEntry, { userId: c.userId, amount: 10, requestId: requestId() });
    expect(noReason.status).toBe(400);
    expect(noReason.body.shortError).toHaveProperty('reason');
    const blank = await admin.call(debitWalletEntry, {
      userId: c.userId,
      amount: 10,
      reason: '   ',
      requestId: requestId(),
    });
    expect(blank.status).toBe(400);
    for (const amount of [0, -20]) {
      const res = await admin.call(debitWalletEntry, { userId: c.userId, amount, reason: 'x', requestId: requestId() });
      expect(res.status).toBe(400);
      expect(res.body.errorMessage).toBe('Amount must be greater than 0');
    }
    const id = requestId();
    expect(
      (await admin.call(debitWalletEntry, { userId: c.userId, amount: 5, reason: 'Fee', requestId: id })).status,
    ).toBe(200);
    const reused = await admin.call(debitWalletEntry, { userId: c.userId, amount: 6, reason: 'Fee', requestId: id });
    expect(reused.status).toBe(409);
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(495);
  });

  it('never takes the wallet past what it may spend (balance + credit limit), changing nothing', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'retail', { wallet: 100 });
    const res = await admin.call(debitWalletEntry, {
      userId: c.userId,
      amount: 100.01,
      reason: 'Correction',
      requestId: requestId(),
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe(INSUFFICIENT);
    expect(res.body.shortError).toMatchObject({ amount: INSUFFICIENT });
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(100);
    // Exactly the available amount is allowed.
    const all = await admin.call(debitWalletEntry, {
      userId: c.userId,
      amount: 100,
      reason: 'Correction',
      requestId: requestId(),
    });
    expect(all.status).toBe(200);
    expect(all.body.result.balance.balance).toBe(0);
  });

  it('is refused to staff without wallet.debitMoney and to customers', async () => {
    const staff = await demo(FLIGHTDEALS, 'staff');
    const c = await newCustomer(FLIGHTDEALS, 'retail', { wallet: 100 });
    const input = { userId: c.userId, amount: 10, reason: 'x', requestId: requestId() };
    expect((await staff.call(debitWalletEntry, input)).status).toBe(403);
    expect((await c.client.call(debitWalletEntry, input)).status).toBe(403);
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(100);
  });

  it("cannot reach another site's customer", async () => {
    const other = await demo(SKYWAY, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'retail', { wallet: 100 });
    const res = await other.call(debitWalletEntry, { email: c.email, amount: 10, reason: 'x', requestId: requestId() });
    expect(res.status).toBe(404);
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(100);
  });
});

describe('staff payment listings name the payer', () => {
  it('gateway transactions and pending entries carry the customer name and email', async () => {
    const c = await newCustomer(SKYWAY, 'retail');
    const rec = await c.client.call(userPaymentEntry, { mode: 'offline', amount: 75, transactionId: 'UTR-NAME-1' });
    expect(rec.status).toBe(200);
    const paymentId = rec.body.result.payment.paymentId;
    const admin = await demo(SKYWAY, 'admin');
    for (const endpoint of [getGatewayTransactions, getPendingOfflinePayments]) {
      const list = await admin.call(endpoint, { limit: 100 });
      const row = list.body.result.records.find((p: { paymentId: string }) => p.paymentId === paymentId);
      expect(row, endpoint.id).toMatchObject({ customerName: 'Asha Verma', userEmail: c.email });
    }
  });
});
