/**
 * Staff processing of change requests: accept, reject with a reason, record the supplier's
 * outcome (a manual or offline supplier), approve the refund: each step audited with who and what, permission-
 * gated, and the refund credited exactly once however many approvals arrive at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getRecordHistory, type TAuditLogEntry } from '@tp/contracts/endpoints/audit';
import {
  acceptChangeRequest,
  approveChangeRequestRefund,
  changeRequest,
  getCancellationCharges,
  recordChangeRequestOutcome,
  rejectChangeRequest,
  TICKET_MSG,
} from '@tp/contracts/endpoints/tickets';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { getBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { walletEntriesOfBooking } from '../../functions/src/tickets/repo.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import type { Client } from '../support/api.ts';
import { demo, FLIGHTDEALS, SKYWAY } from './customers-helpers.ts';
import { newAgent, supplierBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let agent: Awaited<ReturnType<typeof newAgent>>;
let admin: Client;
beforeAll(async () => {
  useStackTable();
  agent = await newAgent(FLIGHTDEALS);
  admin = await demo(FLIGHTDEALS, 'admin');
});

const paise = (n: number) => Math.round(n * 100);

/** A ticketed booking of the agent with a change request sent (one per ticket at the simulator). */
async function requested(requestType: 1 | 3 = 1, adults = 1) {
  const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { adults });
  const cc =
    requestType === 1
      ? (await agent.client.call(getCancellationCharges, { BookingId: b.bookingId, RequestType: 1 })).body.result
      : null;
  const sent = await agent.client.call(changeRequest, {
    BookingId: b.bookingId,
    RequestType: requestType,
    ...(requestType === 3 ? { TicketId: b.passengers.map((p) => p.ticket!.ticketId) } : {}),
    Remarks: 'Please process',
  });
  expect(sent.status).toBe(200);
  const [cr] = sent.body.result.changeRequests as { changeRequestId: string }[];
  return { b, cc, ref: { BookingId: b.bookingId, ChangeRequestId: cr!.changeRequestId } };
}

async function refunds(b: BookingRecord) {
  const entries = await walletEntriesOfBooking(b.siteId, b.accounting.legalEntityId, '2000', b);
  return entries.filter((e) => e.kind === 'refund');
}

async function history(id: string): Promise<TAuditLogEntry[]> {
  const res = await admin.call(getRecordHistory, { entity: 'changeRequest', id, limit: 50 });
  expect(res.status).toBe(200);
  return res.body.result.records as TAuditLogEntry[];
}

describe('staff processing of change requests', () => {
  it('accept, record the outcome, approve: credited once, each step audited with who and what', async () => {
    const { b, cc, ref } = await requested();
    const before = await balanceOf(b.siteId, b.accounting.legalEntityId);

    // Out of order: no outcome before accepting, no approval before an outcome.
    const early = await admin.call(recordChangeRequestOutcome, { ...ref, CancellationCharge: 1, RefundAmount: 1 });
    expect(early.status).toBe(409);
    expect(early.body.errorMessage).toBe(TICKET_MSG.crNotAccepted);
    expect((await admin.call(approveChangeRequestRefund, { ...ref, Amount: 1 })).body.errorMessage).toBe(
      TICKET_MSG.crNoOutcome,
    );

    const accepted = await admin.call(acceptChangeRequest, ref);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ message: TICKET_MSG.crAccepted, result: { status: 'Accepted' } });
    expect(accepted.body.result.acceptedBy).toBeTruthy();

    const outcome = await admin.call(recordChangeRequestOutcome, {
      ...ref,
      CancellationCharge: cc.cancellationCharge,
      RefundAmount: cc.refundAmount,
    });
    expect(outcome.status).toBe(200);
    expect(outcome.body.result).toMatchObject({
      status: 'Pending',
      outcome: { cancellationCharge: cc.cancellationCharge, refundAmount: cc.refundAmount },
    });
    // Bad input changes nothing.
    const bad = await admin.call(recordChangeRequestOutcome, { ...ref, CancellationCharge: -5, RefundAmount: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.shortError).toHaveProperty('CancellationCharge');

    // An amount other than the one the breakdown credits is refused, nothing credited.
    const wrong = await admin.call(approveChangeRequestRefund, { ...ref, Amount: cc.breakdown.refund + 1 });
    expect(wrong.status).toBe(409);
    expect(wrong.body.errorMessage).toBe(TICKET_MSG.crAmountChanged);
    expect(await refunds(b)).toEqual([]);

    const approved = await admin.call(approveChangeRequestRefund, { ...ref, Amount: cc.breakdown.refund });
    expect(approved.status).toBe(200);
    expect(approved.body.result).toMatchObject({ status: 'Completed', refundedAmount: cc.breakdown.refund });
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.statusId).toBe(BOOKING_STATUS.cancelled);
    expect((await refunds(b)).map((e) => e.entryId)).toEqual([`cr-${ref.ChangeRequestId}-refund`]);
    const balance = await balanceOf(b.siteId, b.accounting.legalEntityId);
    expect(paise(balance.balance - before.balance)).toBe(paise(cc.breakdown.refund));

    // Settled: no reject, no new outcome.
    expect((await admin.call(rejectChangeRequest, { ...ref, Reason: 'late' })).status).toBe(409);

    const steps = (await history(ref.ChangeRequestId)).reverse();
    const by = steps.map((s) => s.by.email);
    expect(by.filter((e) => e === 'admin@flightdeals.localhost')).toHaveLength(3);
    expect(steps.map((s) => (s.after as { status: string }).status)).toEqual([
      'Unassigned',
      'Accepted',
      'Pending',
      'Completed',
    ]);
    expect(steps[2]!.after).toMatchObject({ outcome: { refundAmount: cc.refundAmount } });
    expect(steps[3]!.after).toMatchObject({ refundedAmount: cc.breakdown.refund, approvedBy: expect.any(String) });
  });

  it('10 approvals at once credit the refund once', async () => {
    const { b, cc, ref } = await requested();
    await admin.call(acceptChangeRequest, ref);
    await admin.call(recordChangeRequestOutcome, {
      ...ref,
      CancellationCharge: cc.cancellationCharge,
      RefundAmount: cc.refundAmount,
    });
    const before = await balanceOf(b.siteId, b.accounting.legalEntityId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin.call(approveChangeRequestRefund, { ...ref, Amount: cc.breakdown.refund })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await refunds(b)).map((e) => e.entryId)).toEqual([`cr-${ref.ChangeRequestId}-refund`]);
    const balance = await balanceOf(b.siteId, b.accounting.legalEntityId);
    expect(paise(balance.balance - before.balance)).toBe(paise(cc.breakdown.refund));
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(paise(after.accounting.refundedAmount)).toBe(paise(cc.breakdown.refund));
    // One approval in the audit log.
    const approvals = (await history(ref.ChangeRequestId)).filter(
      (s) => (s.after as { status?: string }).status === 'Completed',
    );
    expect(approvals).toHaveLength(1);
  });

  it('reject with a reason: final, nothing refunded, the booking ticketed again; audited', async () => {
    const { b, ref } = await requested();
    const empty = await admin.call(rejectChangeRequest, { ...ref, Reason: '' });
    expect(empty.status).toBe(400);
    const rejected = await admin.call(rejectChangeRequest, { ...ref, Reason: 'Fare rules do not allow it' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.result).toMatchObject({ status: 'Rejected', rejectReason: 'Fare rules do not allow it' });
    expect((await getBooking(b.siteId, b.bookingId))!.statusId).toBe(BOOKING_STATUS.ticketed);
    expect((await admin.call(acceptChangeRequest, ref)).status).toBe(409);
    expect(await refunds(b)).toEqual([]);
    const [last] = await history(ref.ChangeRequestId);
    expect(last).toMatchObject({
      by: { email: 'admin@flightdeals.localhost' },
      after: { status: 'Rejected', rejectReason: 'Fare rules do not allow it' },
    });
  });

  it("a reissue's outcome gives the passengers their new ticket numbers and completes it", async () => {
    const { b, ref } = await requested(3);
    await admin.call(acceptChangeRequest, ref);
    const ticketId = (await getBooking(b.siteId, b.bookingId))!.ticketCRInfo.find(
      (c) => c.changeRequestId === ref.ChangeRequestId,
    )!.ticketId!;
    const foreign = await admin.call(recordChangeRequestOutcome, {
      ...ref,
      CancellationCharge: 0,
      RefundAmount: 0,
      NewTicketNumbers: [{ TicketId: 'not-mine', TicketNumber: '0981234567890' }],
    });
    expect(foreign.status).toBe(400);
    const done = await admin.call(recordChangeRequestOutcome, {
      ...ref,
      CancellationCharge: 2500,
      RefundAmount: 0,
      NewTicketNumbers: [{ TicketId: ticketId, TicketNumber: '0987654321012' }],
    });
    expect(done.status).toBe(200);
    expect(done.body.result.status).toBe('Completed');
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.passengers.find((p) => p.ticket?.ticketId === ticketId)!.ticket!.ticketNumber).toBe('0987654321012');
    expect(after.statusId).toBe(BOOKING_STATUS.reissued);
    expect((await admin.call(approveChangeRequestRefund, { ...ref, Amount: 0 })).status).toBe(409);
  });

  it('only staff holding flights.processChangeRequests, of the booking’s site', async () => {
    const { ref } = await requested();
    // Staff without a permission group hold the defaults, which do not include it.
    expect((await (await demo(FLIGHTDEALS, 'staff')).call(acceptChangeRequest, ref)).status).toBe(403);
    expect((await agent.client.call(acceptChangeRequest, ref)).status).toBe(403);
    expect((await (await demo(SKYWAY, 'admin')).call(acceptChangeRequest, ref)).status).toBe(404);
  });
});
