/** Change requests (cancellation, reissue): sending, charges, status and the refund they settle. */
import { BOOKING_STATUS, type BookingStatusId } from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import { TICKET_MSG, type TChangeRequestRequest } from '@tp/contracts/endpoints/tickets';
import { CR_TYPE_LABELS } from '@tp/domain/change-request';
import { round2 } from '@tp/domain/pricing';
import { bookingRefundBreakdown, type RefundBreakdown } from '@tp/domain/refund';
import { fail } from '#lib/errors';
import { notify } from '#lib/notify';
import { siteById, type SiteRecord } from '#lib/tenancy';
import { type BookingRecord } from '../../bookings/index.ts';
import { type ChangeRequestStatus } from '../../supply/index.ts';
import type { TransactItem } from '#lib/db';
import type { GatewayName } from '@tp/contracts/endpoints/wallet';
import { creditItems, gatewayRefundItems } from '../../wallet/index.ts';
import * as repo from '../repo.ts';
import { ticketView } from '../views.ts';
import { auditActor, type AuditActor } from '#lib/audit';
import {
  type TicketDeps,
  type TicketScope,
  bookingAudit,
  defaultDeps,
  mutate,
  ownBooking,
  supplyContext,
} from './shared.ts';
import { supplied } from '../../supply/index.ts';
import { withStatus } from './holds.ts';
import { afterRefundCredited, crRefundSource, type RefundWiring } from './refund-mail.ts';
import { type SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/tickets';
import { answers, reply } from '#lib/answers';

const FINAL_CR = new Set(['Completed', 'Rejected', 'Closed']);
const CHANGEABLE = new Set<number>([
  BOOKING_STATUS.ticketed,
  BOOKING_STATUS.partiallyCancelled,
  BOOKING_STATUS.reissued,
]);

function ticketIdsFor(b: BookingRecord, input: TChangeRequestRequest): string[] | undefined {
  const own = new Set(b.passengers.flatMap((p) => (p.ticket ? [p.ticket.ticketId] : [])));
  if (input.RequestType === 1) return undefined;
  const ids = input.TicketId ?? [];
  if (!ids.length) throw fail.validation(MSG.required, { TicketId: MSG.required });
  if (ids.some((id) => !own.has(id)))
    throw fail.validation(TICKET_MSG.noTickets4Pax, { TicketId: TICKET_MSG.noTickets4Pax });
  return [...new Set(ids)];
}

function sectorsFor(b: BookingRecord, input: TChangeRequestRequest) {
  if (input.RequestType !== 2) return undefined;
  const sectors = input.Sectors ?? [];
  if (!sectors.length) throw fail.validation(MSG.required, { Sectors: MSG.required });
  const legs = new Set(b.segments.flat().map((s) => `${s.originAirportCode}-${s.destinationAirportCode}`));
  if (sectors.some((s) => !legs.has(`${s.Origin}-${s.Destination}`)))
    throw fail.validation('Choose sectors of this booking', { Sectors: 'Choose sectors of this booking' });
  return sectors.map((s) => ({ origin: s.Origin, destination: s.Destination }));
}

export async function sendChangeRequest(
  scope: TicketScope,
  input: TChangeRequestRequest,
  deps: TicketDeps = defaultDeps,
) {
  const b = await ownBooking(scope, input.BookingId);
  if (b.statusId === BOOKING_STATUS.changeRequested) throw fail.conflict('A change request is already in progress');
  if (!CHANGEABLE.has(b.statusId)) throw fail.validation(TICKET_MSG.notTicketed);
  const ticketIds = ticketIdsFor(b, input);
  const sectors = sectorsFor(b, input);
  const supply = await deps.supplyFor(scope.site);
  const res = await supplied(() =>
    supply.changeRequest(
      {
        supplierBookingId: b.supplierBookingId,
        requestType: input.RequestType,
        cancellationType: input.CancellationType,
        ...(sectors ? { sectors } : {}),
        ...(ticketIds ? { ticketIds } : {}),
        remarks: input.Remarks,
      },
      supplyContext(scope.site, scope.now, scope.ip, scope.log),
    ),
  );
  const created = res.changeRequests.map((cr) => ({
    changeRequestId: cr.changeRequestId,
    ticketId: cr.ticketId,
    requestType: input.RequestType,
    status: 'Unassigned',
    remarks: input.Remarks,
    createdAt: scope.now.toISOString(),
  }));
  const next = await mutate(scope.site.siteId, b.bookingId, (cur) => {
    const after: BookingRecord = {
      ...withStatus(cur, BOOKING_STATUS.changeRequested),
      ticketCRInfo: [
        ...cur.ticketCRInfo.filter((x) => !created.some((c) => c.changeRequestId === x.changeRequestId)),
        ...created,
      ],
      // What the supplier says of the request (spec 000 §4: the ticket shows it): a new one is unassigned.
      supplierChangeReqStatus: { statusText: created[0]?.status ?? 'Unassigned' },
    };
    return {
      next: after,
      extra: [
        ...created.map((c) => repo.changeRequestItem(scope.site.siteId, c.changeRequestId, b.bookingId)),
        ...bookingAudit(cur, after, auditActor(scope.principal), scope.now),
      ],
    };
  });
  await notify({
    siteId: scope.site.siteId,
    kind: 'changeRequest',
    to: { staff: true, permission: 'flights.changeRequests' },
    title: 'New change request',
    body: `${CR_TYPE_LABELS[input.RequestType]} requested on PNR ${b.pnr}.`,
    path: '/flights/changeRequestQueue',
    idempotencyKey: `change-request#${b.bookingId}#${created.map((c) => c.changeRequestId).join(',')}`,
  });
  return { booking: ticketView(next), changeRequests: created };
}

export async function cancellationCharges(
  scope: TicketScope,
  input: { BookingId: string; RequestType: 1 | 2 | 3; TicketId?: string[] | undefined },
  deps: TicketDeps = defaultDeps,
) {
  const b = await ownBooking(scope, input.BookingId);
  if (!CHANGEABLE.has(b.statusId)) throw fail.validation(TICKET_MSG.notTicketed);
  const supply = await deps.supplyFor(scope.site);
  const charges = await supplied(() =>
    supply.cancellationCharges(
      {
        supplierBookingId: b.supplierBookingId,
        requestType: input.RequestType,
        ...(input.TicketId?.length ? { ticketIds: input.TicketId } : {}),
      },
      supplyContext(scope.site, scope.now, scope.ip, scope.log),
    ),
  );
  // What the booking paid, taken apart as the refund will be credited (a reissue refunds nothing).
  const breakdown =
    input.RequestType === 3
      ? null
      : breakdownOf(scope.site, b, input.RequestType === 1 ? null : (input.TicketId ?? null), {
          charge: charges.cancellationCharge,
          refund: charges.refundAmount,
        });
  return { ...charges, breakdown };
}

/**
 * The refund breakdown (domain refundBreakdown) of the tickets named (null: every passenger) for a supplier's
 * charge and refund, against what the booking paid and what earlier refunds gave back.
 */
export function breakdownOf(
  site: Pick<SiteRecord, 'companyName'>,
  b: BookingRecord,
  ticketIds: readonly string[] | null,
  supplier: { charge: number; refund: number },
): RefundBreakdown {
  return bookingRefundBreakdown(b, ticketIds, supplier, site.companyName);
}

/** The booking's status once every change request is final. */
export function settledStatus(b: BookingRecord): BookingStatusId {
  const done = b.ticketCRInfo.filter((c) => c.status === 'Completed');
  if (done.some((c) => c.requestType === 1)) return BOOKING_STATUS.cancelled;
  if (done.some((c) => c.requestType === 2)) return BOOKING_STATUS.partiallyCancelled;
  if (done.some((c) => c.requestType === 3)) return BOOKING_STATUS.reissued;
  return BOOKING_STATUS.ticketed;
}

/**
 * Credits a change request's refund: the breakdown of its tickets for the supplier's charge and refund, the
 * amount (`breakdown.refund`, never above what is left of the payment) sent back in the same transaction that
 * marks the request credited: to the gateway payment that paid the booking (a tracked gateway refund, once per
 * request), else to the booking's legal entity wallet (entry `cr-<id>-refund`, written once); and the request
 * completed. The caller saves `next` with `extra` on the booking's version.
 */
export function creditRefund(
  site: Pick<SiteRecord, 'companyName'>,
  cur: BookingRecord,
  changeRequestId: string,
  supplier: { charge: number; refund: number },
  now: Date,
  by: AuditActor,
  fields: Partial<BookingRecord['ticketCRInfo'][number]> = {},
): { next: BookingRecord; extra: TransactItem[] } {
  const at = cur.ticketCRInfo.findIndex((c) => c.changeRequestId === changeRequestId);
  const cr = cur.ticketCRInfo[at]!;
  const breakdown = breakdownOf(site, cur, cr.ticketId ? [cr.ticketId] : null, supplier);
  const amount = breakdown.refund;
  const extra: TransactItem[] = [];
  let accounting = cur.accounting;
  if (amount > 0) {
    const remark = `Refund for PNR ${cur.pnr} (change request ${changeRequestId})`;
    const reference = { bookingId: cur.bookingId, pnr: cur.pnr, orderId: cur.orderId };
    const paid = cur.accounting.gatewayPayment;
    // Back where the money came from (breakdown.destination says which): the card through its gateway, or the wallet.
    extra.push(
      ...(breakdown.destination.kind === 'source' && paid
        ? gatewayRefundItems({
            siteId: cur.siteId,
            source: crRefundSource(changeRequestId),
            payment: {
              paymentId: paid.paymentId,
              gateway: paid.gateway as GatewayName,
              amount: cur.accounting.amountCharged,
            },
            amount,
            currency: cur.accounting.currency,
            legalEntityId: cur.accounting.legalEntityId,
            userId: cur.userId,
            remark,
            reference: { ...reference, changeRequestId },
            now,
          }).items
        : creditItems({
            siteId: cur.siteId,
            legalEntityId: cur.accounting.legalEntityId,
            entryId: `cr-${changeRequestId}-refund`,
            amount,
            currency: cur.accounting.currency,
            kind: 'refund',
            remark,
            byUserId: by.userId,
            reference,
            now,
          })),
    );
    accounting = { ...accounting, refundedAmount: round2(accounting.refundedAmount + amount) };
  }
  const nextCr = {
    ...cr,
    ...fields,
    status: 'Completed',
    cancellationCharge: supplier.charge,
    refundedAmount: amount,
    creditedAt: now.toISOString(),
    breakdown,
  };
  return settle(cur, { ...cur, accounting }, at, nextCr, extra, now, by);
}

/** Puts a request's next state in the booking, settles the booking once every request is final, audits both. */
export function settle(
  cur: BookingRecord,
  base: BookingRecord,
  at: number,
  nextCr: BookingRecord['ticketCRInfo'][number],
  extra: TransactItem[],
  now: Date,
  by: AuditActor,
): { next: BookingRecord; extra: TransactItem[] } {
  const ticketCRInfo = base.ticketCRInfo.map((c, i) => (i === at ? nextCr : c));
  // The request's latest status shows on the ticket until every request is final (spec 000 §4).
  let next: BookingRecord = { ...base, ticketCRInfo, supplierChangeReqStatus: { statusText: nextCr.status } };
  if (ticketCRInfo.every((c) => FINAL_CR.has(c.status)))
    next = { ...withStatus(next, settledStatus(next)), supplierChangeReqStatus: null };
  return { next, extra: [...extra, ...bookingAudit(cur, next, by, now)] };
}

export const isFinalCr = (status: string) => FINAL_CR.has(status);

/**
 * Applies a supplier status to the booking. A completed refund is credited once (creditRefund), however often
 * the status is asked; the supplier's cancellation charge is kept.
 */
function applyCrStatus(site: SiteRecord, cur: BookingRecord, s: ChangeRequestStatus, now: Date, by: AuditActor) {
  const at = cur.ticketCRInfo.findIndex((c) => c.changeRequestId === s.changeRequestId);
  if (at < 0) return null;
  const cr = cur.ticketCRInfo[at]!;
  // A final status never moves back (a supplier answering from a stale replica, or a lagging clock).
  if (FINAL_CR.has(cr.status)) return null;
  if (s.status === 'Completed' && cr.requestType !== 3 && !cr.creditedAt)
    return creditRefund(
      site,
      cur,
      s.changeRequestId,
      { charge: s.cancellationCharge, refund: s.refundedAmount },
      now,
      by,
    );
  const nextCr = { ...cr, status: s.status, cancellationCharge: s.cancellationCharge };
  if (cr.status === nextCr.status && cr.cancellationCharge === nextCr.cancellationCharge) return null;
  return settle(cur, cur, at, nextCr, [], now, by);
}

export async function crStatus(
  scope: TicketScope,
  input: { ChangeRequestId: string; BookingId?: string | undefined },
  wiring: RefundWiring,
  deps: TicketDeps = defaultDeps,
) {
  const bookingId = input.BookingId || (await repo.bookingIdOfChangeRequest(scope.site.siteId, input.ChangeRequestId));
  if (!bookingId) throw fail.notFound(TICKET_MSG.crNotFound);
  const b = await ownBooking(scope, bookingId);
  if (!b.ticketCRInfo.some((c) => c.changeRequestId === input.ChangeRequestId))
    throw fail.notFound(TICKET_MSG.crNotFound);
  const supply = await deps.supplyFor(scope.site);
  const s = await supplied(() =>
    supply.changeRequestStatus(
      { changeRequestId: input.ChangeRequestId },
      supplyContext(scope.site, scope.now, scope.ip, scope.log),
    ),
  );
  const next = await mutate(scope.site.siteId, bookingId, (cur) =>
    applyCrStatus(scope.site, cur, s, scope.now, auditActor(scope.principal)),
  );
  const cr = next.ticketCRInfo.find((c) => c.changeRequestId === input.ChangeRequestId)!;
  if (cr.creditedAt) await afterRefundCredited(scope.site, next, [cr.changeRequestId], scope.now, wiring, deps);
  return { ...cr, bookingId, displayStatus: ticketView(next).displayStatus };
}

/**
 * Applies a supplier's change-request status learnt elsewhere (the TBO refund statement import of
 * flight-admin) through the same path as crStatus: one credit per change request (`cr-<id>-refund`),
 * never again once final. `applied`: this call changed the booking (a concurrent one did not).
 */
export async function applyChangeRequestStatus(
  siteId: SiteId,
  bookingId: string,
  s: ChangeRequestStatus,
  now: Date,
  by: AuditActor,
  wiring: RefundWiring,
): Promise<{ booking: BookingRecord; applied: boolean }> {
  let applied = false;
  const site = await siteById(siteId);
  if (!site) throw fail.notFound();
  const booking = await mutate(siteId, bookingId, (cur) => {
    const change = applyCrStatus(site, cur, s, now, by);
    applied = change !== null; // the last attempt decides: it is the one that was saved (or not)
    return change;
  });
  // The refund's credit note and mail (idempotent: asked again when a status is applied again).
  if (booking.ticketCRInfo.some((c) => c.changeRequestId === s.changeRequestId && c.creditedAt))
    await afterRefundCredited(site, booking, [s.changeRequestId], now, wiring);
  return { booking, applied };
}

// The tickets Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerChangeRequest = answers(api.changeRequest, async (input, scope) =>
  reply(await sendChangeRequest(scope, input), { message: TICKET_MSG.crSent }),
);
export const answerGetCancellationCharges = answers(api.getCancellationCharges, (input, scope) =>
  cancellationCharges(scope, input),
);
export const answerGetCRStatus = answers(api.getCRStatus, (input, scope, wiring: RefundWiring) =>
  crStatus(scope, input, wiring),
);
