/** Held bookings: release by hand and at the last ticketing time. */
import { BOOKING_STATUS, type BookingStatusId } from '@tp/contracts/endpoints/flights';
import { TICKET_MSG } from '@tp/contracts/endpoints/tickets';
import { holdReleasedMail } from '@tp/mail';
import { formatDateTime } from '@tp/domain/format';
import { auditActor, type AuditActor } from '#lib/audit';
import { fail } from '#lib/errors';
import { appLink, mailBrand } from '#lib/mail';
import { siteById, siteTimeZone, type SiteRecord } from '#lib/tenancy';
import { getBooking, type BookingRecord } from '../../bookings/index.ts';
import { SupplyError, type SupplyContext } from '../../supply/index.ts';
import { ticketView } from '../views.ts';
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
import type { Deadline } from '../../deadlines/index.ts';
import * as api from '@tp/contracts/endpoints/tickets';
import { answers, reply, type OperationRun } from '#lib/answers';
import type { DisruptionRefundWiring, RefundWiring } from './refund-mail.ts';
import type { ExtrasWiring } from '../extras.ts';
import type { ImportWiring } from '../pnr-import.ts';

const STATUS_TEXT: Record<BookingStatusId, string> = {
  1: 'Held',
  2: 'Failed',
  3: 'Ticketed',
  4: 'Cancelled',
  5: 'ChangeRequested',
  6: 'Released',
  7: 'PartiallyCancelled',
  8: 'Reissued',
};
export const withStatus = (b: BookingRecord, statusId: BookingStatusId): BookingRecord => ({
  ...b,
  statusId,
  status: STATUS_TEXT[statusId],
});

async function releaseAtSupplier(
  site: SiteRecord,
  b: BookingRecord,
  now: Date,
  deps: TicketDeps,
  options: { ctx?: SupplyContext; lapsed?: boolean; by?: AuditActor } = {},
): Promise<BookingRecord> {
  const supply = await deps.supplyFor(site);
  try {
    await supply.release(
      { supplierBookingId: b.supplierBookingId, source: b.source },
      options.ctx ?? supplyContext(site, now),
    );
  } catch (err) {
    // A lapsed hold the supplier no longer knows (or already dropped) holds nothing: it is released
    // on our side all the same. Only an unanswered call is retried on the next run.
    const retry = !(err instanceof SupplyError) || err.kind === 'timeout' || err.kind === 'failed';
    if (!options.lapsed || retry) await supplied(() => Promise.reject(err));
  }
  return mutate(site.siteId, b.bookingId, (cur) => {
    if (cur.statusId !== BOOKING_STATUS.held) return null;
    const next = withStatus(cur, BOOKING_STATUS.released);
    // A person's release is audited; the scheduled release of a lapsed hold is the system's, not a change by staff.
    return { next, extra: options.by ? bookingAudit(cur, next, options.by, now) : [] };
  });
}

export async function release(scope: TicketScope, input: { BookingId: string }, deps: TicketDeps = defaultDeps) {
  const b = await ownBooking(scope, input.BookingId);
  if (b.statusId !== BOOKING_STATUS.held) throw fail.validation(TICKET_MSG.notHeld);
  const next = await releaseAtSupplier(scope.site, b, scope.now, deps, {
    ctx: supplyContext(scope.site, scope.now, scope.ip, scope.log),
    by: auditActor(scope.principal),
  });
  return ticketView(next);
}

/**
 * A hold's release deadline fell due (the deadline worker, functions/src/deadlines): the hold is released at the
 * supplier and the customer told, unless it was ticketed, released or re-dated meanwhile. A supplier that did not
 * answer throws, so the deadline stays for the next run; the mail's key names the booking, so a retried run mails
 * once. `now` is a parameter so tests control the clock.
 */
export async function releaseLapsedHold(
  d: Pick<Deadline, 'siteId' | 'ref' | 'data'>,
  now: Date,
  deps: TicketDeps = defaultDeps,
): Promise<boolean> {
  const [site, b] = await Promise.all([siteById(d.siteId), getBooking(d.siteId, d.ref)]);
  if (!site || !b || b.statusId !== BOOKING_STATUS.held || b.lastTicketDate !== d.data.lastTicketDate) return false;
  if (!b.lastTicketDate || Date.parse(b.lastTicketDate) > now.getTime()) return false;
  await releaseAtSupplier(site, b, now, deps, { lapsed: true });
  const lead = b.passengers.find((p) => p.isLeadPax) ?? b.passengers[0];
  const mail = holdReleasedMail(mailBrand(site), {
    firstName: b.user.firstName,
    pnr: b.pnr,
    lastTicketDate: formatDateTime(b.lastTicketDate, { timeZone: siteTimeZone(site) }),
    searchLink: appLink(site, '/flight/search'),
  });
  const to = [...new Set([b.user.email, lead?.email].filter((e): e is string => !!e))];
  await deps.enqueueEmail({ siteId: site.siteId, to, ...mail, idempotencyKey: `hold-released-${b.bookingId}` });
  return true;
}

// The tickets Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
/**
 * What the tickets Lambda needs from the entry: the refund hooks (change requests', a disruption's), "Ticket now"
 * and extras after ticketing (the booking-order machinery), and the work after a PNR import.
 */
export interface TicketsWiring extends RefundWiring, DisruptionRefundWiring, ExtrasWiring, ImportWiring {
  ticketHeldBooking: OperationRun<typeof api.ticketHeldBooking>;
}
export const answerReleaseFlight = answers(api.releaseFlight, async (input, scope) =>
  reply(await release(scope, input), { message: TICKET_MSG.released }),
);
// "Ticket now": a payment order of the booking-order machinery (flights/orders), paid like a booking.
export const answerTicketHeldBooking = answers(api.ticketHeldBooking, (input, scope, wiring: TicketsWiring) =>
  wiring.ticketHeldBooking(input, scope),
);
