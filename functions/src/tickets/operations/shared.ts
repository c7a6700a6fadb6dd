/** What the ticket operations share: scope, dependencies (faked in tests) and the booking guards. */
import { auditPut, recordChange, unchanged, type AuditActor } from '#lib/audit';
import { customerSees } from '#lib/account-members';
import { fail } from '#lib/errors';
import { log as rootLog, type Logger } from '#lib/logger';
import { enqueueEmail } from '#lib/mail';
import { notify } from '#lib/notify';
import type { Principal } from '#lib/principal';
import { type SiteRecord } from '#lib/tenancy';
import { bookingOwner, getBooking, saveBooking, type BookingRecord } from '../../bookings/index.ts';
import { supplied, supplyFor } from '../../supply/index.ts';
import type { FlightSupply, SupplyContext } from '../../supply/index.ts';
import { sendGatewayRefundNow } from '../../wallet/index.ts';
import { cancellationCodes, type TransactItem } from '#lib/db';
import type { SiteId } from '#lib/keys';

export interface TicketScope {
  site: SiteRecord;
  now: Date;
  principal: Principal;
  ip: string;
  log: Logger;
}

export interface TicketDeps {
  supplyFor(site: SiteRecord): Promise<FlightSupply>;
  enqueueEmail: typeof enqueueEmail;
  /** A refund decided for the gateway payment that paid a booking, sent at once (the reconciler follows it up). */
  sendGatewayRefundNow: typeof sendGatewayRefundNow;
  /** A push (and its mail, as each user chose) through the notifications queue. */
  notify: typeof notify;
}
/** A site without supply this stage allows answers the clear 403, not a 500 (supply's own translation). */
export const defaultDeps: TicketDeps = {
  supplyFor: (site) => supplied(() => supplyFor(site)),
  enqueueEmail,
  sendGatewayRefundNow,
  notify,
};

export const isStaff = (p: Principal | undefined) => p?.userType === 'staff';

export const supplyContext = (site: SiteRecord, now: Date, ip = '127.0.0.1', log: Logger = rootLog): SupplyContext => ({
  siteId: site.siteId,
  now,
  endUserIp: ip,
  log,
});

/** A booking of this site the caller may act on; others' bookings read as not found. */
export async function ownBooking(
  scope: { site: SiteRecord; principal: Principal },
  bookingId: string,
): Promise<BookingRecord> {
  const b = await getBooking(scope.site.siteId, bookingId);
  if (!b || (!isStaff(scope.principal) && !customerSees(scope.principal, bookingOwner(b)))) throw fail.notFound();
  return b;
}

/**
 * The audit entries of a booking's change (lib/audit.ts), for the same transaction: its status when that moved,
 * and each change request whose status, charge or refund moved.
 */
export function bookingAudit(prev: BookingRecord, next: BookingRecord, by: AuditActor, at: Date): TransactItem[] {
  const out: TransactItem[] = [];
  if (prev.statusId !== next.statusId) {
    const state = (b: BookingRecord) => ({ pnr: b.pnr, statusId: b.statusId, status: b.status });
    out.push(
      auditPut(prev.siteId, recordChange('booking', prev.bookingId, state(prev), state(next), 'status'), by, at),
    );
  }
  for (const cr of next.ticketCRInfo) {
    const was = prev.ticketCRInfo.find((c) => c.changeRequestId === cr.changeRequestId);
    const state = (c: typeof cr) => ({
      bookingId: next.bookingId,
      pnr: next.pnr,
      status: c.status,
      cancellationCharge: c.cancellationCharge ?? null,
      refundedAmount: c.refundedAmount ?? null,
      // Staff handling (change-desk.ts): who accepted, why rejected, the outcome recorded, who approved.
      acceptedBy: c.acceptedBy ?? null,
      rejectReason: c.rejectReason ?? null,
      outcome: c.outcome
        ? {
            cancellationCharge: c.outcome.cancellationCharge,
            refundAmount: c.outcome.refundAmount,
            newTicketNumbers: c.outcome.newTicketNumbers.map((n) => `${n.ticketId}: ${n.ticketNumber}`).join(', '),
          }
        : null,
      approvedBy: c.approvedBy ?? null,
    });
    if (was && unchanged({ before: state(was), after: state(cr) })) continue;
    out.push(
      auditPut(
        prev.siteId,
        recordChange(
          'changeRequest',
          cr.changeRequestId,
          was ? state(was) : null,
          state(cr),
          was ? 'status' : 'create',
        ),
        by,
        at,
      ),
    );
  }
  return out;
}

/**
 * Read-modify-write with the booking's version: `change` gets the current booking and returns the next
 * one (or null for no change) with extra items for the same transaction; retried when someone else won.
 */
export async function mutate(
  siteId: SiteId,
  bookingId: string,
  change: (b: BookingRecord) => { next: BookingRecord; extra?: TransactItem[] } | null,
): Promise<BookingRecord> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const prev = await getBooking(siteId, bookingId);
    if (!prev) throw fail.notFound();
    const r = change(prev);
    if (!r) return prev;
    if (await saveOrLose(r.next, prev.version, r.extra ?? [], prev)) return { ...r.next, version: prev.version + 1 };
    // Someone else wrote the booking first: read it again after a short, jittered pause.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
  }
  throw fail.conflict('The booking changed meanwhile. Please try again.');
}

/**
 * saveBooking, where a transaction DynamoDB cancelled because another one was writing the same booking at that
 * moment (TransactionConflict, e.g. parallel approvals of one refund) is a lost race like a failed version check:
 * nothing was written, so the caller reads again.
 */
async function saveOrLose(...args: Parameters<typeof saveBooking>): Promise<boolean> {
  try {
    return await saveBooking(...args);
  } catch (err) {
    if (cancellationCodes(err)?.includes('TransactionConflict')) return false;
    throw err;
  }
}
