/**
 * Disruptions: an airline's schedule change to a ticketed booking (docs/flights.md "Disruptions"). Found by the
 * sweep (the supplier's booking details compared with the booked segments) or a supplier's webhook, recorded once
 * per booking and new schedule, mailed to the booker at once; the booker or staff then accept the new schedule,
 * take an offered alternative, or cancel for a full refund to the wallet. Each action claims the disruption first
 * and settles it with the booking in one transaction, so it happens once.
 */
import * as api from '@tp/contracts/endpoints/disruptions';
import { DISRUPTION_MSG, type TDisruption } from '@tp/contracts/endpoints/disruptions';
import { BOOKING_STATUS, type TSegment } from '@tp/contracts/endpoints/flights';
import {
  connectionChecks,
  escalationDue,
  isScheduleChanged,
  scheduleFingerprint,
  segmentChanges,
} from '@tp/domain/disruption';
import { formatDateTime } from '@tp/domain/format';
import { disruptionMail } from '@tp/mail';
import { auditActor } from '#lib/audit';
import { fail } from '#lib/errors';
import { answers, reply } from '#lib/answers';
import { runHooks } from '#lib/hooks';
import { log as rootLog } from '#lib/logger';
import { appLink, mailBrand } from '#lib/mail';
import type { SiteRecord } from '#lib/tenancy';
import { bookingsByIds, rowsByTravelDate, type BookingRecord } from '../bookings/index.ts';
import { supplied, SupplyError, type FlightSupply, type ScheduleAlternative } from '../supply/index.ts';
import { creditItems } from '../wallet/index.ts';
import {
  claimDisruption,
  disruptionPage,
  disruptionsOfBooking,
  getDisruption,
  putNewDisruption,
  releaseClaim,
  settleDisruptionItem,
  type DisruptionRecord,
} from './disruptions-repo.ts';
import { withStatus } from './operations/holds.ts';
import type { DisruptionRefundWiring } from './operations/refund-mail.ts';
import {
  bookingAudit,
  defaultDeps,
  isStaff,
  mutate,
  ownBooking,
  supplyContext,
  type TicketDeps,
  type TicketScope,
} from './operations/shared.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;
/** The sweep looks at tickets departing within this many days (airlines publish changes weeks ahead). */
export const SWEEP_DAYS = 60;

const toView = ({ siteId: _s, claim: _c, claimedAt: _t, ...d }: DisruptionRecord): TDisruption => d;

const firstDepartureUtc = (segments: TSegment[][]): number | null => {
  const first = segments[0]?.[0];
  // Local time read as UTC: off by the airport's offset at most, well inside the escalation's margin.
  return first ? Date.parse(`${first.departureTime.slice(0, 19)}Z`) : null;
};

export interface FoundChange {
  source: TDisruption['source'];
  segments: TSegment[][];
  alternatives: ScheduleAlternative[];
}

/**
 * Records an airline's change to a booking once (the same booking and new schedule found again writes nothing)
 * and mails the booker at once. Null when the schedule is as booked or this change was recorded before.
 */
export async function recordScheduleChange(
  site: SiteRecord,
  b: BookingRecord,
  found: FoundChange,
  now: Date,
  deps: Pick<TicketDeps, 'enqueueEmail' | 'notify'> = defaultDeps,
): Promise<DisruptionRecord | null> {
  if (b.statusId !== BOOKING_STATUS.ticketed || !isScheduleChanged(b.segments, found.segments)) return null;
  const connections = connectionChecks(found.segments);
  const d: DisruptionRecord = {
    siteId: b.siteId,
    disruptionId: scheduleFingerprint(found.segments),
    bookingId: b.bookingId,
    pnr: b.pnr,
    userId: b.userId,
    bookerName: `${b.user.firstName} ${b.user.lastName}`.trim(),
    source: found.source,
    status: 'open',
    detectedAt: now.toISOString(),
    escalateAt: escalationDue(now, firstDepartureUtc(b.segments)).toISOString(),
    escalatedAt: null,
    oldSegments: b.segments,
    newSegments: found.segments,
    changes: segmentChanges(b.segments, found.segments),
    connections,
    missedConnection: connections.some((c) => c.missed),
    alternatives: found.alternatives,
    canCancel: true,
    handledAt: null,
    handledBy: null,
    chosenAlternativeId: null,
    refundedAmount: null,
  };
  if (!(await putNewDisruption(d))) return null;
  await mailBooker(site, b, d, deps);
  // Staff act on it too (the disruption inbox), pushed as each chose.
  await deps.notify({
    siteId: site.siteId,
    kind: 'disruption',
    to: { staff: true, permission: 'flights.disruptions' },
    title: 'Schedule change',
    body: `PNR ${b.pnr}: ${d.changes.map((c) => `${c.flight} ${c.origin}–${c.destination}`).join(', ')} moved by the airline.`,
    path: '/flights/disruptions',
    idempotencyKey: `disruption#${b.bookingId}#${d.disruptionId}`,
  });
  return d;
}

async function mailBooker(
  site: SiteRecord,
  b: BookingRecord,
  d: DisruptionRecord,
  deps: Pick<TicketDeps, 'enqueueEmail'>,
): Promise<void> {
  const when = (t: string) => formatDateTime(t);
  const mail = disruptionMail(mailBrand(site), {
    firstName: b.user.firstName,
    pnr: b.pnr,
    changes: d.changes.map((c) => ({
      flight: c.flight,
      route: `${c.origin}–${c.destination}`,
      before: `${when(c.oldDeparture)} – ${when(c.oldArrival)}`,
      after: `${when(c.newDeparture)} – ${when(c.newArrival)}`,
    })),
    missedConnection: d.missedConnection,
    hasAlternative: d.alternatives.length > 0,
    link: appLink(site, '/flights/disruptions'),
  });
  // The disruption stands whatever the mail does; the queue retries, the key sends it once.
  await deps
    .enqueueEmail({
      siteId: site.siteId,
      to: [b.user.email],
      ...mail,
      idempotencyKey: `disruption-${b.bookingId}-${d.disruptionId}`,
    })
    .catch((err: unknown) => rootLog.error('disruption mail failed', { bookingId: b.bookingId, detail: String(err) }));
}

const SOURCES: readonly string[] = api.DISRUPTION_SOURCES;
/** The sweep asks every supply that reports a booking's current schedule (Duffel's webhook is the faster path). */
const sourceOf = (supply: FlightSupply): TDisruption['source'] | null =>
  SOURCES.includes(supply.name) ? (supply.name as TDisruption['source']) : null;

/**
 * The scheduled sweep of one site: each ticketed booking of its own supply departing in the window is asked for
 * at the supplier (TBO's GetBookingDetails, the simulator's schedule); a schedule that differs from the booked one
 * is recorded. A booking the supplier cannot answer for is logged and skipped. Answers the disruptions found.
 */
export async function sweepSite(
  site: SiteRecord,
  now: Date,
  window: { from: string; to: string } = {
    from: now.toISOString().slice(0, 10),
    to: `${new Date(now.getTime() + SWEEP_DAYS * 86_400_000).toISOString().slice(0, 10)}~`,
  },
  deps: TicketDeps = defaultDeps,
): Promise<DisruptionRecord[]> {
  const supply = await deps.supplyFor(site);
  const source = sourceOf(supply);
  if (!source) return [];
  const rows = await rowsByTravelDate(site.siteId, null, window);
  const ids = rows.filter((r) => r.statusId === BOOKING_STATUS.ticketed).map((r) => r.bookingId);
  const ctx = supplyContext(site, now);
  const found: DisruptionRecord[] = [];
  let unknown = 0;
  for (let i = 0; i < ids.length; i += 100)
    for (const b of await bookingsByIds(site.siteId, ids.slice(i, i + 100))) {
      if (b.supplier !== supply.name || !b.supplierBookingId) continue;
      try {
        const details = await supply.bookingDetails({ supplierBookingId: b.supplierBookingId }, ctx);
        if (!details.segments || details.status !== 'ticketed') continue;
        const d = await recordScheduleChange(
          site,
          b,
          { source, segments: details.segments, alternatives: details.alternatives ?? [] },
          now,
          deps,
        );
        if (d) found.push(d);
      } catch (err) {
        // A booking the supplier does not know (demo data, a PNR cancelled offline) must not stop the others.
        if (err instanceof SupplyError && err.kind === 'invalidRequest') unknown++;
        else rootLog.warn('disruption sweep skipped a booking', { bookingId: b.bookingId, detail: String(err) });
      }
    }
  if (unknown) rootLog.info('disruption sweep: bookings the supplier does not know', { siteId: site.siteId, unknown });
  return found;
}

// ---------------------------------------------------------------------------------------------------
// The inbox and the booking's disruptions

export async function listDisruptions(
  scope: TicketScope,
  input: { show: 'open' | 'all'; cursor?: string | undefined; limit: number },
) {
  const page = await disruptionPage(scope.site.siteId, isStaff(scope.principal) ? null : scope.principal.userId, {
    all: input.show === 'all',
    cursor: input.cursor,
    limit: input.limit,
  });
  return { records: page.records.map(toView), nextCursor: page.nextCursor };
}

export async function bookingDisruptions(scope: TicketScope, input: { bookingId: string }) {
  const b = await ownBooking(scope, input.bookingId);
  return { records: (await disruptionsOfBooking(scope.site.siteId, b.bookingId)).map(toView) };
}

// ---------------------------------------------------------------------------------------------------
// Acting on a disruption

type Action = (typeof api.DISRUPTION_ACTIONS)[number];
const DONE: Record<Action, TDisruption['status']> = {
  accept: 'accepted',
  alternative: 'rebooked',
  cancel: 'cancelled',
};

/** The refund of a disruption cancelled in full: its wallet entry's id, and the credit note's. */
const disruptionRefundId = (bookingId: string, disruptionId: string) =>
  `disruption-${bookingId}-${disruptionId}-refund`;

/**
 * After a disruption's full refund committed: its credit note through the wiring's hooks (idempotent by the
 * refund's id; a failure is logged and the refund stands, and a repeated click of Cancel runs it again).
 */
async function afterRefund(
  scope: TicketScope,
  b: BookingRecord,
  d: DisruptionRecord,
  wiring: DisruptionRefundWiring,
): Promise<void> {
  if (d.status !== 'cancelled' || !d.refundedAmount) return;
  const refund = {
    refundId: disruptionRefundId(d.bookingId, d.disruptionId),
    amount: d.refundedAmount,
    disruptionId: d.disruptionId,
  };
  await runHooks(wiring.afterDisruptionRefunded, [scope.site, b, refund, scope.now], (err) =>
    scope.log.error('after-disruption-refund step failed', { bookingId: d.bookingId, detail: String(err) }),
  );
}

export async function actOnDisruption(
  scope: TicketScope,
  input: { bookingId: string; disruptionId: string; action: Action; alternativeId?: string | undefined },
  wiring: DisruptionRefundWiring,
  deps: TicketDeps = defaultDeps,
): Promise<TDisruption> {
  const b = await ownBooking(scope, input.bookingId);
  const d = await getDisruption(scope.site.siteId, b.bookingId, input.disruptionId);
  if (!d) throw fail.notFound(DISRUPTION_MSG.notFound);
  if (d.status !== 'open') {
    // A retried click of the same choice answers what it did; anything else is refused.
    if (
      d.status === DONE[input.action] &&
      (input.action !== 'alternative' || d.chosenAlternativeId === input.alternativeId)
    ) {
      await afterRefund(scope, b, d, wiring);
      return toView(d);
    }
    throw fail.conflict(DISRUPTION_MSG.handled);
  }
  const alternative =
    input.action === 'alternative' ? d.alternatives.find((a) => a.alternativeId === input.alternativeId) : undefined;
  if (input.action === 'alternative' && !alternative) throw fail.validation(DISRUPTION_MSG.noAlternative);
  if (b.statusId !== BOOKING_STATUS.ticketed) throw fail.conflict(DISRUPTION_MSG.notTicketed);
  if (!(await claimDisruption(d, input.action, scope.now))) throw fail.conflict(DISRUPTION_MSG.handled);

  const supply = await deps.supplyFor(scope.site);
  const ctx = supplyContext(scope.site, scope.now, scope.ip, scope.log);
  let segments: TSegment[][] | null = null;
  try {
    if (input.action === 'cancel')
      await supplied(() =>
        supply.changeRequest(
          {
            supplierBookingId: b.supplierBookingId,
            requestType: 1,
            // The airline changed the flight: an involuntary cancellation, refunded in full.
            cancellationType: 2,
            remarks: `Schedule change ${d.disruptionId} refused by the traveller`,
          },
          ctx,
        ),
      );
    else if (supply.acceptScheduleChange) {
      const accept = supply.acceptScheduleChange.bind(supply);
      segments = (
        await supplied(() =>
          accept({ supplierBookingId: b.supplierBookingId, alternativeId: alternative?.alternativeId ?? null }, ctx),
        )
      ).segments;
    } else segments = alternative?.segments ?? d.newSegments;
  } catch (err) {
    await releaseClaim(d, input.action);
    throw err;
  }

  const by = auditActor(scope.principal);
  const handledAt = scope.now.toISOString();
  let refunded: number | null = null;
  await mutate(scope.site.siteId, b.bookingId, (cur) => {
    if (input.action !== 'cancel') {
      const next = { ...cur, segments: segments!, travelDate: segments![0]![0]!.departureTime };
      const settled = settleDisruptionItem(d, input.action, {
        status: DONE[input.action],
        handledAt,
        handledBy: by.name,
        chosenAlternativeId: alternative?.alternativeId ?? null,
        refundedAmount: null,
      });
      return { next, extra: [settled] };
    }
    // Everything still unrefunded goes back: the airline refunds an involuntary change in full.
    const amount = round2(cur.accounting.amountCharged - cur.accounting.refundedAmount);
    refunded = amount;
    const next: BookingRecord = {
      ...withStatus(cur, BOOKING_STATUS.cancelled),
      accounting: { ...cur.accounting, refundedAmount: round2(cur.accounting.refundedAmount + amount) },
    };
    const credit =
      amount > 0
        ? creditItems({
            siteId: cur.siteId,
            legalEntityId: cur.accounting.legalEntityId,
            entryId: disruptionRefundId(cur.bookingId, d.disruptionId),
            amount,
            currency: cur.accounting.currency,
            kind: 'refund',
            remark: `Full refund for PNR ${cur.pnr} (schedule change refused)`,
            byUserId: by.userId,
            reference: { bookingId: cur.bookingId, pnr: cur.pnr, orderId: cur.orderId },
            now: scope.now,
          })
        : [];
    const settled = settleDisruptionItem(d, input.action, {
      status: 'cancelled',
      handledAt,
      handledBy: by.name,
      chosenAlternativeId: null,
      refundedAmount: amount,
    });
    return { next, extra: [settled, ...credit, ...bookingAudit(cur, next, by, scope.now)] };
  });
  const after = await getDisruption(scope.site.siteId, b.bookingId, d.disruptionId);
  if (!after) throw fail.notFound(DISRUPTION_MSG.notFound);
  scope.log.info('disruption handled', { bookingId: b.bookingId, action: input.action, refunded });
  await afterRefund(scope, b, after, wiring);
  return toView(after);
}

// ---------------------------------------------------------------------------------------------------
// Answers

export const answerGetDisruptions = answers(api.getDisruptions, async (input, scope) => listDisruptions(scope, input));

export const answerGetBookingDisruptions = answers(api.getBookingDisruptions, async (input, scope) =>
  bookingDisruptions(scope, input),
);

export const answerActOnDisruption = answers(
  api.actOnDisruption,
  async (input, scope, wiring: DisruptionRefundWiring) =>
    reply(await actOnDisruption(scope, input, wiring), {
      message:
        input.action === 'accept'
          ? DISRUPTION_MSG.accepted
          : input.action === 'alternative'
            ? DISRUPTION_MSG.rebooked
            : DISRUPTION_MSG.cancelled,
    }),
);
