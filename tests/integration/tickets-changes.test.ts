/**
 * Holds and change requests against the simulated supplier: release by hand, automatic release at the
 * last ticketing date (the deadline worker, controlled clock), and full refund, partial refund and reissue run to
 * completion with exactly one wallet credit per refunded change request (the charge kept).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import {
  acceptChangeRequest,
  approveChangeRequestRefund,
  changeRequest,
  getCancellationCharges,
  getCRStatus,
  recordChangeRequestOutcome,
  releaseFlight,
  searchTransactionByPNR,
  TICKET_MSG,
} from '@tp/contracts/endpoints/tickets';
import { getBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { supplyFor } from '../../functions/src/supply/index.ts';
import { CR_PROGRESS_MINUTES } from '../../functions/src/supply/simulator/index.ts';
import { db, tableName } from '../../functions/src/lib/db.ts';
import type { TEmailMessage } from '../../functions/src/lib/mail.ts';
import { loadPrincipal } from '../../functions/src/lib/principal.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { heldBookingIds, walletEntriesOfBooking } from '../../functions/src/tickets/repo.ts';
import * as tickets from '../../functions/src/tickets/operations/index.ts';
import { balanceOf } from '../../functions/src/wallet/ledger-repo.ts';
import { getPayment } from '../../functions/src/wallet/payments-repo.ts';
import { advanceGatewayRefund, gatewayRefundId, getRefund } from '../../functions/src/wallet/refunds.ts';
import { newCustomer, oneWay, payOnSandbox, pick, placeOrder, sandboxPaymentId } from './flights-helpers.ts';
import type { TRefundBreakdown } from '@tp/contracts/endpoints/flights';
import { getInvoice, getSourceInvoice, type TInvoiceDocument } from '@tp/contracts/endpoints/invoices';
import { invoiceBooked } from '../../functions/src/invoices/index.ts';
import { formatMoney } from '@tp/domain/format';
import { Client, waitForMail } from '../support/api.ts';
import { demo, FLIGHTDEALS, SKYWAY } from './customers-helpers.ts';
import { ctxAt, newAgent, supplierBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';
import { bookingKeys } from '../../functions/src/bookings/keys.ts';
import { wiring as ticketsWiring } from '../../functions/src/entries/tickets.ts';
import type { Deadline } from '../../functions/src/deadlines/index.ts';
import { fireDeadlines, idleHandlers } from './deadlines-helpers.ts';

let agent: Awaited<ReturnType<typeof newAgent>>;
beforeAll(async () => {
  useStackTable();
  agent = await newAgent(FLIGHTDEALS);
});

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** Asks the supplier for a change request's status as the tickets Lambda does, with the clock moved on. */
async function statusAt(b: BookingRecord, changeRequestId: string, now: Date) {
  const site = (await siteById(b.siteId))!;
  const principal = (await loadPrincipal(b.siteId, b.userId))!;
  return tickets.crStatus(
    { site, now, principal, ip: '127.0.0.1', log: ctxAt(b.siteId).log },
    { ChangeRequestId: changeRequestId },
    ticketsWiring,
  );
}

async function refundEntries(b: BookingRecord) {
  const entries = await walletEntriesOfBooking(b.siteId, b.accounting.legalEntityId, '2000', b);
  return entries.filter((e) => e.kind === 'refund');
}

describe('holds', () => {
  it('are released by hand at the supplier, once', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { held: true });
    expect(await heldBookingIds(b.siteId)).toContain(b.bookingId);
    const res = await agent.client.call(releaseFlight, { BookingId: b.bookingId, Source: b.source });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: TICKET_MSG.released, result: { statusId: BOOKING_STATUS.released } });
    const supplier = await (
      await supplyFor((await siteById(b.siteId))!)
    ).bookingDetails({ supplierBookingId: b.supplierBookingId }, ctxAt(b.siteId));
    expect(supplier.status).toBe('released');
    expect(await heldBookingIds(b.siteId)).not.toContain(b.bookingId);
    const again = await agent.client.call(releaseFlight, { BookingId: b.bookingId, Source: b.source });
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe(TICKET_MSG.notHeld);
  });

  it("cannot be released by someone else's agent or another site", async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { held: true });
    const other = await demo(FLIGHTDEALS, 'agent2');
    expect((await other.call(releaseFlight, { BookingId: b.bookingId })).status).toBe(404);
    const skyway = await demo(SKYWAY, 'staff');
    expect((await skyway.call(releaseFlight, { BookingId: b.bookingId })).status).toBe(404);
    expect((await getBooking(b.siteId, b.bookingId))!.statusId).toBe(BOOKING_STATUS.held);
  });

  it('are released automatically after the last ticketing date, and the customer told', async () => {
    const deadline = later(60);
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { held: true, lastTicketDate: deadline });
    const sent: TEmailMessage[] = [];
    const deps = { ...tickets.defaultDeps, enqueueEmail: async (m: TEmailMessage) => void sent.push(m) };
    // The hold's release is a deadline of the one index, fired by its worker.
    const handlers = {
      ...idleHandlers,
      holdRelease: async (d: Deadline, now: Date) => void (await tickets.releaseLapsedHold(d, now, deps)),
    };
    const mine = (d: Deadline) => d.ref === b.bookingId && d.kind === 'holdRelease';

    expect(await fireDeadlines(handlers, later(30), mine)).toBe(0);
    expect((await getBooking(b.siteId, b.bookingId))!.statusId).toBe(BOOKING_STATUS.held);

    expect(await fireDeadlines(handlers, later(61), mine)).toBe(1);
    expect((await getBooking(b.siteId, b.bookingId))!.statusId).toBe(BOOKING_STATUS.released);
    const mail = sent.find((m) => m.idempotencyKey === `hold-released-${b.bookingId}`);
    expect(mail?.to).toContain(agent.email);
    expect(mail?.subject).toContain(b.pnr);
    // A second run finds nothing more to do.
    expect(await fireDeadlines(handlers, later(62), mine)).toBe(0);
    expect(sent.filter((m) => m.idempotencyKey === `hold-released-${b.bookingId}`)).toHaveLength(1);
  });
});

describe('change requests', () => {
  it('full refund: charges first, then every ticket refunded and credited once, the charge kept', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email);
    const before = await balanceOf(b.siteId, b.accounting.legalEntityId);
    const cc = await agent.client.call(getCancellationCharges, { BookingId: b.bookingId, RequestType: 1 });
    expect(cc.status).toBe(200);
    const { refundAmount, cancellationCharge } = cc.body.result;
    expect(refundAmount).toBeGreaterThan(0);
    expect(cancellationCharge).toBeGreaterThanOrEqual(0);

    const sent = await agent.client.call(changeRequest, {
      BookingId: b.bookingId,
      RequestType: 1,
      CancellationType: 3,
      Remarks: 'Plans changed',
    });
    expect(sent.status).toBe(200);
    // The ticket shows the supplier's status text (spec 000 §4), not our own code.
    expect(sent.body.result.booking.displayStatus).toBe('Unassigned');
    const crs = sent.body.result.changeRequests as { changeRequestId: string }[];
    expect(crs).toHaveLength(2);
    // A second request while one is open is refused.
    expect(
      (await agent.client.call(changeRequest, { BookingId: b.bookingId, RequestType: 1, Remarks: 'again' })).status,
    ).toBe(409);

    // Refresh Status right away: the supplier has not assigned it yet.
    const early = await agent.client.call(getCRStatus, { ChangeRequestId: crs[0]!.changeRequestId });
    expect(early.status).toBe(200);
    expect(early.body.result).toMatchObject({ status: 'Unassigned', displayStatus: 'Unassigned' });

    const done = later(CR_PROGRESS_MINUTES.completed + 1);
    for (const cr of crs) {
      const s = await statusAt(b, cr.changeRequestId, done);
      expect(s.status).toBe('Completed');
      // Asking again never credits twice.
      await statusAt(b, cr.changeRequestId, later(CR_PROGRESS_MINUTES.completed + 2));
    }
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.statusId).toBe(BOOKING_STATUS.cancelled);
    expect(after.supplierChangeReqStatus).toBeNull();
    const credits = await refundEntries(b);
    expect(credits.map((e) => e.entryId).sort()).toEqual(crs.map((c) => `cr-${c.changeRequestId}-refund`).sort());
    const credited = credits.reduce((n, e) => n + Number(e.amount), 0);
    expect(credited).toBeCloseTo(Math.min(refundAmount, b.accounting.amountCharged), 2);
    expect(after.accounting.refundedAmount).toBeCloseTo(credited, 2);
    expect(after.ticketCRInfo.reduce((n, c) => n + (c.cancellationCharge ?? 0), 0)).toBeCloseTo(cancellationCharge, 2);
    const balance = await balanceOf(b.siteId, b.accounting.legalEntityId);
    expect(balance.balance - before.balance).toBeCloseTo(credited, 2);

    // The refund is found by PNR.
    const tx = await agent.client.call(searchTransactionByPNR, { pnr: b.pnr });
    expect(tx.status).toBe(200);
    expect(tx.body.result.entries.filter((e: { kind: string }) => e.kind === 'refund')).toHaveLength(2);
    expect((await (await demo(FLIGHTDEALS, 'agent2')).call(searchTransactionByPNR, { pnr: b.pnr })).status).toBe(404);
  });

  it('partial refund: the chosen sector and ticket only, one credit', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email);
    const ticketId = b.passengers[1]!.ticket!.ticketId;
    const legs = b.segments.flat();
    const missing = await agent.client.call(changeRequest, { BookingId: b.bookingId, RequestType: 2, Remarks: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.errorMessage).toBe('This is required field.');
    const sent = await agent.client.call(changeRequest, {
      BookingId: b.bookingId,
      RequestType: 2,
      CancellationType: 3,
      Sectors: legs.map((s) => ({ Origin: s.originAirportCode, Destination: s.destinationAirportCode })),
      TicketId: [ticketId],
      Remarks: 'One traveller stays',
    });
    expect(sent.status).toBe(200);
    const [cr] = sent.body.result.changeRequests;
    expect(cr.ticketId).toBe(ticketId);
    expect((await statusAt(b, cr.changeRequestId, later(CR_PROGRESS_MINUTES.completed + 1))).status).toBe('Completed');
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.statusId).toBe(BOOKING_STATUS.partiallyCancelled);
    expect((await refundEntries(b)).map((e) => e.entryId)).toEqual([`cr-${cr.changeRequestId}-refund`]);
  });

  it('reissue: completes without a refund credit', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email);
    const sent = await agent.client.call(changeRequest, {
      BookingId: b.bookingId,
      RequestType: 3,
      TicketId: b.passengers.map((p) => p.ticket!.ticketId),
      Remarks: 'Move to a later flight',
    });
    expect(sent.status).toBe(200);
    for (const cr of sent.body.result.changeRequests)
      expect((await statusAt(b, cr.changeRequestId, later(CR_PROGRESS_MINUTES.completed + 1))).status).toBe(
        'Completed',
      );
    expect((await getBooking(b.siteId, b.bookingId))!.statusId).toBe(BOOKING_STATUS.reissued);
    expect(await refundEntries(b)).toEqual([]);
  });

  it("is refused for someone else's booking and for unknown change requests", async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email);
    const other = await demo(FLIGHTDEALS, 'agent2');
    expect((await other.call(changeRequest, { BookingId: b.bookingId, RequestType: 1, Remarks: 'x' })).status).toBe(
      404,
    );
    expect((await other.call(getCancellationCharges, { BookingId: b.bookingId, RequestType: 1 })).status).toBe(404);
    expect((await agent.client.call(getCRStatus, { ChangeRequestId: 'nope' })).status).toBe(404);
    const anonymous = new Client(FLIGHTDEALS.domain);
    expect((await anonymous.call(changeRequest, { BookingId: b.bookingId, RequestType: 1, Remarks: 'x' })).status).toBe(
      401,
    );
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: bookingKeys.booking(b.siteId, b.bookingId) }),
    );
    expect(Item?.statusId).toBe(BOOKING_STATUS.ticketed);
  });
});

/** An agent's pricing as the booking flow applies it: markup, GST on it, commission passed on less 2 % TDS. */
const AGENT_PRICING = {
  defaultRule: {
    markupType: 'fixed',
    markupValue: 125,
    discountType: 'fixed',
    discountValue: 0,
    applyPer: 'passenger',
  },
  airlineRules: {},
  gstRate: 0.18,
  earnsCommission: true,
  tdsRate: 0.02,
} as const;
const paise = (...amounts: number[]) => amounts.reduce((n, a) => n + Math.round(a * 100), 0);

describe('refund breakdown', () => {
  it('getCC takes what was paid apart: charge + kept (markup, GST, commission, TDS) + refund = paid, to the wallet', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { adults: 2, pricing: AGENT_PRICING });
    const cc = await agent.client.call(getCancellationCharges, { BookingId: b.bookingId, RequestType: 1 });
    expect(cc.status).toBe(200);
    const bd = cc.body.result.breakdown as TRefundBreakdown;
    expect(bd.paidForPart).toBe(b.accounting.amountCharged);
    expect(paise(...bd.lines.map((l) => l.amount))).toBe(paise(b.accounting.amountCharged));
    expect(bd.supplierCharge).toBe(cc.body.result.cancellationCharge);
    expect(bd.refund).toBe(Math.min(cc.body.result.refundAmount, b.accounting.amountCharged));
    const keys = bd.lines.map((l) => l.key);
    expect(keys).toEqual(expect.arrayContaining(['supplierCharge', 'markup', 'gstOnMarkup', 'commission', 'tds']));
    expect(bd.lines.find((l) => l.key === 'markup')!.amount).toBe(b.fare.markup);
    expect(bd.destination.kind).toBe('wallet');

    // One passenger of two: the lines add up to what was paid for that passenger.
    const one = await agent.client.call(getCancellationCharges, {
      BookingId: b.bookingId,
      RequestType: 2,
      TicketId: [b.passengers[1]!.ticket!.ticketId],
    });
    const part = one.body.result.breakdown as TRefundBreakdown;
    expect(part.share).toBeCloseTo(0.5, 6);
    expect(paise(...part.lines.map((l) => l.amount))).toBe(paise(part.paidForPart));
    // A reissue refunds nothing: no breakdown.
    const reissue = await agent.client.call(getCancellationCharges, { BookingId: b.bookingId, RequestType: 3 });
    expect(reissue.body.result.breakdown).toBeNull();
  });

  it('the refund mail arrives with lines adding up to the amount paid; the credit note names them; a retry credits nothing more', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { adults: 1, pricing: AGENT_PRICING });
    await invoiceBooked((await siteById(b.siteId))!, b, new Date());
    // What the agent was shown before sending (the supplier's charge and refund, the breakdown).
    const cc = (await agent.client.call(getCancellationCharges, { BookingId: b.bookingId, RequestType: 1 })).body
      .result;
    const sent = await agent.client.call(changeRequest, {
      BookingId: b.bookingId,
      RequestType: 1,
      CancellationType: 3,
      Remarks: 'Plans changed',
    });
    expect(sent.status).toBe(200);
    const [cr] = sent.body.result.changeRequests as { changeRequestId: string }[];
    // The back office processes it (a manual supplier's outcome), so the credit runs in the API's Lambda.
    const admin = await demo(FLIGHTDEALS, 'admin');
    const ref = { BookingId: b.bookingId, ChangeRequestId: cr!.changeRequestId };
    expect((await admin.call(acceptChangeRequest, ref)).status).toBe(200);
    expect(
      (
        await admin.call(recordChangeRequestOutcome, {
          ...ref,
          CancellationCharge: cc.cancellationCharge,
          RefundAmount: cc.refundAmount,
        })
      ).status,
    ).toBe(200);
    const approved = await admin.call(approveChangeRequestRefund, { ...ref, Amount: cc.breakdown.refund });
    expect(approved.status).toBe(200);
    const bd = approved.body.result.breakdown as TRefundBreakdown;
    expect(paise(...bd.lines.map((l) => l.amount))).toBe(paise(b.accounting.amountCharged));

    const mail = await waitForMail(agent.email, new RegExp(`Refund of .* for PNR ${b.pnr}`));
    const text = mail.body.text ?? '';
    // Every line of the breakdown is in the mail, and its amounts add up to what was paid.
    const amountOf = (label: string) => {
      const m = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (.*)$`, 'm').exec(text);
      expect(m, `mail line ${label}`).not.toBeNull();
      return m![1]!;
    };
    for (const l of bd.lines) expect(amountOf(l.label)).toBe(formatMoney(l.amount, bd.currency));
    expect(amountOf('You paid')).toBe(formatMoney(b.accounting.amountCharged, bd.currency));
    expect(amountOf('Refund')).toBe(formatMoney(bd.refund, bd.currency));
    const parsed = bd.lines.map((l) =>
      Number(
        amountOf(l.label)
          .replace(/[^\d.\u2212-]/g, '')
          .replace('\u2212', '-'),
      ),
    );
    expect(paise(...parsed)).toBe(paise(b.accounting.amountCharged));
    expect(text).toContain(bd.destination.text);
    expect(mail.body.html).toContain(formatMoney(bd.refund, bd.currency));

    // The credit note gives back the refund (the pure-agent amount: the service fee and its GST are kept) and names
    // the same lines.
    const invoice = (await agent.client.call(getSourceInvoice, { source: 'booking', sourceId: b.bookingId })).body
      .result as TInvoiceDocument;
    expect(invoice.creditNotes).toHaveLength(1);
    const note = (await agent.client.call(getInvoice, { invoiceId: invoice.creditNotes[0]!.id })).body
      .result as TInvoiceDocument;
    expect(note.total).toBe(bd.refund);
    expect(note.cgst + note.sgst + note.igst).toBe(0);
    for (const l of bd.lines) expect(note.reason).toContain(`${l.label} ${l.amount.toFixed(2)}`);

    // Approving again (a retry) sends no second mail and credits nothing more.
    expect((await admin.call(approveChangeRequestRefund, { ...ref, Amount: bd.refund })).status).toBe(200);
    expect((await refundEntries(b)).map((e) => e.entryId)).toEqual([`cr-${cr!.changeRequestId}-refund`]);
  });
});

describe('a retail card booking cancelled', () => {
  it('refunds to the card through the gateway, once, and no wallet is credited', async () => {
    const c = await newCustomer(FLIGHTDEALS, 'retail');
    const found = await oneWay(c.client, 'DEL', 'BOM', 41);
    const order = await placeOrder(
      c,
      found,
      pick(found, (o) => o.isRefundable && o.isLcc),
      { paymentMode: 'gateway' },
    );
    const [booked] = (await payOnSandbox(c, order)).bookings;
    const b = (await getBooking(FLIGHTDEALS.siteId, booked!.bookingId))!;
    const paymentId = sandboxPaymentId(order);
    expect(b.accounting.gatewayPayment).toEqual({ paymentId, gateway: 'sandbox' });

    const sent = await c.client.call(changeRequest, {
      BookingId: b.bookingId,
      RequestType: 1,
      CancellationType: 3,
      Remarks: 'Plans changed',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const crs = sent.body.result.changeRequests as { changeRequestId: string }[];
    for (const cr of crs) await statusAt(b, cr.changeRequestId, later(CR_PROGRESS_MINUTES.completed + 1));
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.statusId).toBe(BOOKING_STATUS.cancelled);
    expect(await refundEntries(b)).toEqual([]);

    let refunded = 0;
    for (const cr of after.ticketCRInfo.filter((x) => (x.refundedAmount ?? 0) > 0)) {
      expect(cr.breakdown!.destination.kind).toBe('source');
      expect(cr.breakdown!.destination.text).toMatch(/card or UPI .* 5–7 working days/);
      const refundId = gatewayRefundId(`CR-${cr.changeRequestId}`);
      // Sent right after the commit; the sandbox confirms it at the next check, which a retry repeats harmlessly.
      expect((await getRefund(b.siteId, refundId))!).toMatchObject({ status: 'sent', paymentId, sendAttempts: 1 });
      expect(await advanceGatewayRefund(b.siteId, refundId, later(CR_PROGRESS_MINUTES.completed + 3))).toBe('done');
      expect(await advanceGatewayRefund(b.siteId, refundId, later(CR_PROGRESS_MINUTES.completed + 4))).toBe('done');
      expect((await getRefund(b.siteId, refundId))!).toMatchObject({ status: 'completed', amount: cr.refundedAmount });
      refunded += cr.refundedAmount!;
    }
    expect(refunded).toBeGreaterThan(0);
    expect((await getPayment(b.siteId, paymentId))!.refundedAmount).toBeCloseTo(refunded, 2);
    expect(after.accounting.refundedAmount).toBeCloseTo(refunded, 2);
    // Asking the supplier again moves nothing more.
    for (const cr of crs) await statusAt(b, cr.changeRequestId, later(CR_PROGRESS_MINUTES.completed + 5));
    expect((await getPayment(b.siteId, paymentId))!.refundedAmount).toBeCloseTo(refunded, 2);
  }, 60_000);
});
