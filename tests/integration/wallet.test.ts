/**
 * Wallets end to end through the local gateway: staff Add Money (idempotent per request id, also when
 * sent twice at once), the ledger's no-overdraft rule under 20 concurrent debits, own and staff reads,
 * offline transfers reviewed by staff, and one site never reaching another's wallets.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addWalletEntry,
  getBankDetails,
  getCustomerWalletEntries,
  getMyWalletEntries,
  getPendingOfflinePayments,
  getWalletBalance,
  exportWalletBalances,
  getWalletBalances,
  reviewOfflinePayment,
  userPaymentEntry,
} from '@tp/contracts/endpoints/wallet';
import { readXlsx } from '../../functions/src/lib/xlsx-read.ts';
import { move } from '../../functions/src/wallet/ledger.ts';
import { exported } from '../support/api.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { FLIGHTDEALS, SKYWAY, demo, narrowedStaff } from './customers-helpers.ts';
import { newCustomer } from './flights-helpers.ts';
import { useStackTable } from './users-helpers.ts';

const requestId = () => `req-${randomUUID()}`;

describe('staff Add Money', () => {
  it('adds the money once when the same request id arrives twice at the same time', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent');
    const input = { email: c.email, amount: 1234.5, remark: 'Cheque 0042', requestId: requestId() };
    const [a, b] = await Promise.all([admin.call(addWalletEntry, input), admin.call(addWalletEntry, input)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.result.duplicate, b.body.result.duplicate].sort()).toEqual([false, true]);
    // And a third, later retry of the same dialog.
    const c3 = await admin.call(addWalletEntry, input);
    expect(c3.body.result.duplicate).toBe(true);
    const balance = await c.client.call(getWalletBalance, {});
    expect(balance.body.result).toMatchObject({ balance: 1234.5, available: 1234.5, currency: 'INR' });
    const mine = await c.client.call(getMyWalletEntries, {});
    expect(mine.body.result.records).toHaveLength(1);
    expect(mine.body.result.records[0]).toMatchObject({ amount: 1234.5, kind: 'topUp', remark: 'Cheque 0042' });
  });

  it('refuses a reused request id for another amount, bad amounts and unknown customers, changing nothing', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const id = requestId();
    expect((await admin.call(addWalletEntry, { userId: c.userId, amount: 100, requestId: id })).status).toBe(200);
    const reused = await admin.call(addWalletEntry, { userId: c.userId, amount: 200, requestId: id });
    expect(reused.status).toBe(409);
    const negative = await admin.call(addWalletEntry, { userId: c.userId, amount: -5, requestId: requestId() });
    expect(negative.status).toBe(400);
    expect(negative.body.errorMessage).toBe('Amount must be greater than 0');
    const cents = await admin.call(addWalletEntry, { userId: c.userId, amount: 1.234, requestId: requestId() });
    expect(cents.status).toBe(400);
    const nobody = await admin.call(addWalletEntry, { email: 'nobody@example.com', amount: 5, requestId: requestId() });
    expect(nobody.status).toBe(404);
    expect(nobody.body.errorMessage).toBe('Customer not found');
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(100);
  });

  it('is a staff right by default (spec 000 §2 Add Money), refused to staff whose group leaves it out', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const staff = await demo(FLIGHTDEALS, 'staff');
    const added = await staff.call(addWalletEntry, { userId: c.userId, amount: 10, requestId: requestId() });
    expect(added.status).toBe(200);
    const narrowed = await narrowedStaff(FLIGHTDEALS, ['wallet.viewReports']);
    const res = await narrowed.call(addWalletEntry, { userId: c.userId, amount: 10, requestId: requestId() });
    expect(res.status).toBe(403);
  });
});

describe('the ledger', () => {
  it('never goes negative: 20 concurrent debits of a balance that covers 3 → exactly 3 succeed', async () => {
    useStackTable();
    const le = `LE-test-${randomUUID().slice(0, 8)}`;
    const siteId = FLIGHTDEALS.siteId;
    const base = { siteId, legalEntityId: le, currency: 'INR', byUserId: 'test', remark: 'test', now: new Date() };
    expect(await move('credit', { ...base, entryId: 'seed', amount: 300, kind: 'topUp' })).toBe('done');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        move('debit', { ...base, entryId: `debit-${i}`, amount: 100, kind: 'booking' }),
      ),
    );
    expect(results.filter((r) => r === 'done')).toHaveLength(3);
    expect(results.filter((r) => r === 'done' || r === 'insufficient' || r === 'conflict')).toHaveLength(20);
    expect((await balanceOf(siteId, le)).balance).toBe(0);
  });
});

describe('reads', () => {
  it('staff read a customer by email with the balance; pages carry a cursor bound to their list', async () => {
    const admin = await demo(FLIGHTDEALS, 'admin');
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent');
    for (let i = 1; i <= 3; i++)
      await admin.call(addWalletEntry, { userId: c.userId, amount: i * 10, requestId: requestId() });
    const first = await admin.call(getCustomerWalletEntries, { email: c.email, limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.result.records.map((e: { amount: number }) => e.amount)).toEqual([30, 20]);
    expect(first.body.result.balance.balance).toBe(60);
    expect(first.body.result.nextCursor).toBeTruthy();
    const second = await admin.call(getCustomerWalletEntries, {
      email: c.email,
      limit: 2,
      cursor: first.body.result.nextCursor,
    });
    expect(second.body.result.records.map((e: { amount: number }) => e.amount)).toEqual([10]);
    // The cursor of one customer's list cannot page through another's.
    const other = await newCustomer(FLIGHTDEALS, 'retail');
    const forged = await admin.call(getCustomerWalletEntries, {
      userId: other.userId,
      cursor: first.body.result.nextCursor,
    });
    expect(forged.status).toBe(400);
  });

  it("customers read only their own balance; staff with reports read a customer's", async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const other = await newCustomer(FLIGHTDEALS, 'retail');
    expect((await c.client.call(getWalletBalance, { userId: other.userId })).status).toBe(403);
    const admin = await demo(FLIGHTDEALS, 'admin');
    const res = await admin.call(getWalletBalance, { userId: c.userId });
    expect(res.body.result).toMatchObject({ legalEntityId: c.legalEntityId, balance: 0 });
  });

  it('seeded the demo wallets, bank details and the balances list', async () => {
    const agent = await demo(FLIGHTDEALS, 'agent');
    expect((await agent.call(getWalletBalance, {})).body.result.balance).toBeGreaterThan(0);
    const bank = await agent.call(getBankDetails, {});
    expect(bank.body.result).toMatchObject({ bankName: 'HDFC Bank', ifsc: 'HDFC0000123' });
    const admin = await demo(FLIGHTDEALS, 'admin');
    const all = await admin.call(getWalletBalances, {});
    expect(all.status).toBe(200);
    expect(all.body.result.records.length).toBeGreaterThanOrEqual(3);
  });

  it('exports every balance of the site as .xlsx by link, to staff with the permission only', async () => {
    // Wallets with money in them, on this site and on another.
    const c = await newCustomer(FLIGHTDEALS, 'travelAgent', { wallet: 1234.5 });
    const skyway = await newCustomer(SKYWAY, 'travelAgent', { wallet: 10 });
    const admin = await demo(FLIGHTDEALS, 'admin');
    const { job, file } = await exported(admin, exportWalletBalances, {});
    expect(job.fileName).toMatch(/^wallet-balances-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [sheet] = readXlsx(file);
    expect(sheet!.rows[0]).toEqual([
      'Legal entity',
      'Legal entity id',
      'Balance',
      'Credit limit',
      'Available',
      'Currency',
    ]);
    const mine = sheet!.rows.find((r) => r[1] === c.legalEntityId);
    expect(mine?.slice(2)).toEqual([1234.5, 0, 1234.5, 'INR']);
    // Every row the job counted is in the file, and no wallet of another site.
    expect(job.rowsDone).toBe(sheet!.rows.length - 1);
    expect(JSON.stringify(sheet!.rows)).not.toContain(skyway.legalEntityId);

    const narrowed = await narrowedStaff(FLIGHTDEALS, ['wallet.viewReports']);
    expect((await narrowed.call(exportWalletBalances, {})).status).toBe(403);
    expect((await c.client.call(exportWalletBalances, {})).status).toBe(403);
  });
});

describe('offline transfers', () => {
  it('a recorded transfer is credited once when staff approve it', async () => {
    const c = await newCustomer(SKYWAY, 'travelAgent');
    const rec = await c.client.call(userPaymentEntry, {
      mode: 'offline',
      amount: 2500,
      transactionId: 'UTR123456',
      remark: 'NEFT',
    });
    expect(rec.status).toBe(200);
    const paymentId = rec.body.result.payment.paymentId;
    expect(rec.body.result.payment.status).toBe('pending');
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(0);

    const admin = await demo(SKYWAY, 'admin');
    const queue = await admin.call(getPendingOfflinePayments, { limit: 100 });
    expect(queue.body.result.records.map((p: { paymentId: string }) => p.paymentId)).toContain(paymentId);
    const [a, b] = await Promise.all([
      admin.call(reviewOfflinePayment, { paymentId, approve: true }),
      admin.call(reviewOfflinePayment, { paymentId, approve: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(2500);
    const after = await admin.call(getPendingOfflinePayments, { limit: 100 });
    expect(after.body.result.records.map((p: { paymentId: string }) => p.paymentId)).not.toContain(paymentId);
  });

  it('a rejected transfer credits nothing', async () => {
    const c = await newCustomer(SKYWAY, 'retail');
    const rec = await c.client.call(userPaymentEntry, { mode: 'offline', amount: 99, transactionId: 'UTR9' });
    const admin = await demo(SKYWAY, 'admin');
    const res = await admin.call(reviewOfflinePayment, {
      paymentId: rec.body.result.payment.paymentId,
      approve: false,
    });
    expect(res.body.result.status).toBe('rejected');
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(0);
  });
});

describe('cross-site isolation', () => {
  it("staff of one site can neither credit nor read another site's customer", async () => {
    const theirs = await newCustomer(SKYWAY, 'retail');
    const ours = await demo(FLIGHTDEALS, 'admin');
    const add = await ours.call(addWalletEntry, { userId: theirs.userId, amount: 50, requestId: requestId() });
    expect(add.status).toBe(404);
    const byEmail = await ours.call(addWalletEntry, { email: theirs.email, amount: 50, requestId: requestId() });
    expect(byEmail.status).toBe(404);
    expect((await ours.call(getCustomerWalletEntries, { userId: theirs.userId })).status).toBe(404);
    expect((await theirs.client.call(getWalletBalance, {})).body.result.balance).toBe(0);
  });

  it('an offline transfer of one site cannot be reviewed from another', async () => {
    const c = await newCustomer(SKYWAY, 'retail');
    const rec = await c.client.call(userPaymentEntry, { mode: 'offline', amount: 10, transactionId: 'UTR1' });
    const ours = await demo(FLIGHTDEALS, 'admin');
    const res = await ours.call(reviewOfflinePayment, { paymentId: rec.body.result.payment.paymentId, approve: true });
    expect(res.status).toBe(404);
    expect((await c.client.call(getWalletBalance, {})).body.result.balance).toBe(0);
  });
});
