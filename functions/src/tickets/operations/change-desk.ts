/**
 * Staff processing of change requests, as a consolidator's back office does: accept, reject
 * with a reason, record the supplier's outcome learnt offline (a manual or offline supplier), approve the refund.
 * Every step is one version-checked write of the booking with its audit entries (bookingAudit: who and what);
 * the refund is credited by the same creditRefund as the supplier-driven path, so once per change request.
 */
import { TICKET_MSG, type TCrOutcomeRequest } from '@tp/contracts/endpoints/tickets';
import { auditActor, type AuditActor } from '#lib/audit';
import { fail } from '#lib/errors';
import type { BookingRecord } from '../../bookings/index.ts';
import { ticketView } from '../views.ts';
import { creditRefund, isFinalCr, settle } from './changes.ts';
import { afterRefundCredited, type RefundWiring } from './refund-mail.ts';
import { type TicketDeps, type TicketScope, defaultDeps, mutate, ownBooking } from './shared.ts';
import * as api from '@tp/contracts/endpoints/tickets';
import { answers, reply } from '#lib/answers';

type Cr = BookingRecord['ticketCRInfo'][number];
interface CrRef {
  BookingId: string;
  ChangeRequestId: string;
}

const actorName = (by: AuditActor) => by.name || by.email || by.userId;

/** Reads the request (404 when the booking has no such request), then applies `step` to the booking as it is now. */
async function step(
  scope: TicketScope,
  input: CrRef,
  change: (cur: BookingRecord, cr: Cr, at: number, by: AuditActor) => ReturnType<typeof settle> | null,
) {
  const b = await ownBooking(scope, input.BookingId);
  if (!b.ticketCRInfo.some((c) => c.changeRequestId === input.ChangeRequestId))
    throw fail.notFound(TICKET_MSG.crNotFound);
  const by = auditActor(scope.principal);
  const next = await mutate(scope.site.siteId, b.bookingId, (cur) => {
    const at = cur.ticketCRInfo.findIndex((c) => c.changeRequestId === input.ChangeRequestId);
    return change(cur, cur.ticketCRInfo[at]!, at, by);
  });
  const cr = next.ticketCRInfo.find((c) => c.changeRequestId === input.ChangeRequestId)!;
  return { next, cr, answer: { ...cr, bookingId: next.bookingId, displayStatus: ticketView(next).displayStatus } };
}

const open = (cr: Cr) => {
  if (isFinalCr(cr.status) || cr.creditedAt) throw fail.conflict(TICKET_MSG.crFinal);
};

/** Staff take the request up. Accepting an accepted request changes nothing (a retried click). */
export async function acceptChangeRequest(scope: TicketScope, input: CrRef) {
  const { answer } = await step(scope, input, (cur, cr, at, by) => {
    if (cr.acceptedBy) return null;
    open(cr);
    return settle(cur, cur, at, { ...cr, status: 'Accepted', acceptedBy: actorName(by) }, [], scope.now, by);
  });
  return answer;
}

/** Staff refuse the request with a reason: it is final, nothing is refunded, the booking goes back to its state. */
export async function rejectChangeRequest(scope: TicketScope, input: CrRef & { Reason: string }) {
  const { answer } = await step(scope, input, (cur, cr, at, by) => {
    if (cr.status === 'Rejected' && cr.rejectReason === input.Reason) return null;
    open(cr);
    return settle(cur, cur, at, { ...cr, status: 'Rejected', rejectReason: input.Reason }, [], scope.now, by);
  });
  return answer;
}

/**
 * The supplier's outcome, recorded by staff who learnt it offline: charge and refund (awaiting approval), or a
 * reissue's new ticket numbers (the reissue completes and the passengers' tickets take them). Recorded again
 * before approval, it replaces the previous one (both audited).
 */
export async function recordChangeRequestOutcome(scope: TicketScope, input: TCrOutcomeRequest) {
  const { answer } = await step(scope, input, (cur, cr, at, by) => {
    open(cr);
    if (!cr.acceptedBy) throw fail.conflict(TICKET_MSG.crNotAccepted);
    const numbers = input.NewTicketNumbers ?? [];
    const mine = new Set(
      cur.passengers.flatMap((p) =>
        p.ticket && (cr.ticketId === null || cr.ticketId === p.ticket.ticketId) ? [p.ticket.ticketId] : [],
      ),
    );
    if (numbers.some((n) => !mine.has(n.TicketId)))
      throw fail.validation(TICKET_MSG.noTickets4Pax, { NewTicketNumbers: TICKET_MSG.noTickets4Pax });
    const reissue = cr.requestType === 3;
    if (reissue && !numbers.length)
      throw fail.validation(TICKET_MSG.invalidTicketNumber, { NewTicketNumbers: TICKET_MSG.invalidTicketNumber });
    const outcome = {
      cancellationCharge: input.CancellationCharge,
      refundAmount: reissue ? 0 : input.RefundAmount,
      newTicketNumbers: numbers.map((n) => ({ ticketId: n.TicketId, ticketNumber: n.TicketNumber })),
      recordedBy: actorName(by),
      recordedAt: scope.now.toISOString(),
    };
    if (!reissue)
      return settle(
        cur,
        cur,
        at,
        { ...cr, status: 'Pending', cancellationCharge: input.CancellationCharge, outcome },
        [],
        scope.now,
        by,
      );
    const byTicket = new Map(numbers.map((n) => [n.TicketId, n.TicketNumber]));
    const passengers = cur.passengers.map((p) =>
      p.ticket && byTicket.has(p.ticket.ticketId)
        ? { ...p, ticket: { ...p.ticket, ticketNumber: byTicket.get(p.ticket.ticketId)! } }
        : p,
    );
    return settle(
      cur,
      { ...cur, passengers },
      at,
      { ...cr, status: 'Completed', cancellationCharge: input.CancellationCharge, outcome },
      [],
      scope.now,
      by,
    );
  });
  return answer;
}

/**
 * Credits the refund of a recorded outcome: the amount is the breakdown's (what the approver was shown; a
 * different one answers 409 and credits nothing). Once credited, an approval again (a retry, a second click, a
 * parallel call) answers the credited request and credits nothing more.
 */
export async function approveChangeRequestRefund(
  scope: TicketScope,
  input: CrRef & { Amount: number },
  wiring: RefundWiring,
  deps: TicketDeps = defaultDeps,
) {
  const same = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);
  const { next, cr, answer } = await step(scope, input, (cur, cr, _at, by) => {
    if (cr.creditedAt) {
      if (cr.approvedBy && same(cr.refundedAmount ?? 0, input.Amount)) return null;
      throw fail.conflict(TICKET_MSG.crFinal);
    }
    open(cr);
    if (cr.requestType === 3) throw fail.conflict(TICKET_MSG.crIsReissue);
    if (!cr.outcome) throw fail.conflict(TICKET_MSG.crNoOutcome);
    const supplier = { charge: cr.outcome.cancellationCharge, refund: cr.outcome.refundAmount };
    const credited = creditRefund(scope.site, cur, cr.changeRequestId, supplier, scope.now, by, {
      approvedBy: actorName(by),
    });
    const amount = credited.next.ticketCRInfo.find((c) => c.changeRequestId === cr.changeRequestId)!.refundedAmount;
    if (!same(amount ?? 0, input.Amount)) throw fail.conflict(TICKET_MSG.crAmountChanged);
    return credited;
  });
  if (cr.creditedAt) await afterRefundCredited(scope.site, next, [cr.changeRequestId], scope.now, wiring, deps);
  return answer;
}

// The tickets Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
// Staff processing of change requests (ours): accept, reject, the supplier's outcome, the refund approved.
export const answerAcceptChangeRequest = answers(api.acceptChangeRequest, async (input, scope) =>
  reply(await acceptChangeRequest(scope, input), { message: TICKET_MSG.crAccepted }),
);
export const answerRejectChangeRequest = answers(api.rejectChangeRequest, async (input, scope) =>
  reply(await rejectChangeRequest(scope, input), { message: TICKET_MSG.crRejected }),
);
export const answerRecordChangeRequestOutcome = answers(api.recordChangeRequestOutcome, async (input, scope) =>
  reply(await recordChangeRequestOutcome(scope, input), { message: TICKET_MSG.crOutcomeSaved }),
);
export const answerApproveChangeRequestRefund = answers(
  api.approveChangeRequestRefund,
  async (input, scope, wiring: RefundWiring) =>
    reply(await approveChangeRequestRefund(scope, input, wiring), { message: TICKET_MSG.crApproved }),
);
