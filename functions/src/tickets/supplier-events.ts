/**
 * Suppliers' webhook events (docs/flights.md "Disruptions" → "Duffel's webhook"). Duffel posts
 * `order.airline_initiated_change_detected` to the site's webhook URL: the endpoint checks the signature over the
 * raw body with the site's sealed webhook secret (a forged or unsigned one is refused and records nothing), queues
 * the event and answers 202 at once. The supplier-events worker then asks Duffel for the order as it stands and
 * records the change as the same disruption the sweep records (one per booking and new schedule), noting the event
 * id processed, so a delivery repeated any number of times makes one disruption.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod/mini';
import * as api from '@tp/contracts/endpoints/disruptions';
import { DUFFEL_SCHEDULE_CHANGE_EVENT } from '@tp/contracts/endpoints/disruptions';
import { env } from '#lib/config';
import { correlationAttributes } from '#lib/correlation';
import { fail } from '#lib/errors';
import { answers, reply, type Scope } from '#lib/answers';
import type { Logger } from '#lib/logger';
import { parseBody, sqsBatchHandler, errorText, type SqsHandler } from '#lib/sqs-batch';
import { sqs } from '#lib/sqs';
import { siteById } from '#lib/tenancy';
import { asSiteId, type SiteId } from '#lib/keys';
import { bookingIdByPnr, getBooking } from '../bookings/index.ts';
import { duffelWebhookSecret, isDuffelSigned } from '../supply/index.ts';
import { recordScheduleChange } from './disruptions.ts';
import { markSupplierEventDone, supplierEventDone } from './disruptions-repo.ts';
import { defaultDeps, supplyContext, type TicketDeps } from './operations/shared.ts';

/** What the webhook queues: enough to find the order again at the supplier, never the event's own claims. */
export interface SupplierEvent {
  siteId: SiteId;
  supplier: 'duffel';
  eventId: string;
  orderId: string;
}

const ZSupplierEvent = z.object({
  siteId: z.string(),
  supplier: z.literal('duffel'),
  eventId: z.string().check(z.minLength(1)),
  orderId: z.string().check(z.minLength(1)),
});

/** Queues the event for the worker (the signature was checked; the answer does not wait for the supplier). */
async function enqueueSupplierEvent(e: SupplierEvent): Promise<void> {
  const queueUrl = env().SUPPLIER_EVENTS_QUEUE_URL;
  if (!queueUrl) throw new Error('SUPPLIER_EVENTS_QUEUE_URL is not set');
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: JSON.stringify(e),
      MessageAttributes: correlationAttributes(),
    }),
  );
}

const WEBHOOK_REFUSED = 'The webhook signature is not valid';

/**
 * Duffel's webhook: refused (401, nothing written or queued) unless signed with the site's webhook secret; a
 * schedule change not processed before is queued; anything else is acknowledged (Duffel stops retrying).
 */
export async function receiveDuffelEvent(
  scope: Pick<Scope, 'site' | 'headers' | 'rawBody' | 'log'>,
  input: { id: string; type: string; data: { object: { order_id?: string | undefined } } },
  deps: { enqueue: typeof enqueueSupplierEvent } = { enqueue: enqueueSupplierEvent },
): Promise<'queued' | 'seen' | 'ignored'> {
  const siteId = scope.site.siteId;
  const secret = await duffelWebhookSecret(siteId).catch(() => null);
  if (
    !secret ||
    scope.rawBody === undefined ||
    !isDuffelSigned(scope.rawBody, scope.headers['x-duffel-signature'], secret)
  ) {
    // Never the body or the header: only that it was refused, for the site's alarms.
    scope.log.warn('duffel webhook refused', { siteId, configured: !!secret });
    throw fail.unauthenticated(WEBHOOK_REFUSED);
  }
  const orderId = input.data.object.order_id;
  if (input.type !== DUFFEL_SCHEDULE_CHANGE_EVENT || !orderId) return 'ignored';
  if (await supplierEventDone(siteId, 'duffel', input.id)) return 'seen';
  await deps.enqueue({ siteId, supplier: 'duffel', eventId: input.id, orderId });
  return 'queued';
}

export type EventOutcome = 'recorded' | 'unchanged' | 'unknownBooking' | 'notDuffel' | 'seen';

/**
 * The worker's part: the order as the supplier has it now (its slices carry the new schedule), the booking it
 * belongs to (by PNR, the same order id), and the disruption recorded once. The event is noted processed after.
 */
export async function applySupplierEvent(
  e: SupplierEvent,
  now: Date,
  deps: TicketDeps = defaultDeps,
): Promise<EventOutcome> {
  if (await supplierEventDone(e.siteId, e.supplier, e.eventId)) return 'seen';
  const site = await siteById(e.siteId);
  let outcome: EventOutcome = 'notDuffel';
  if (site) {
    const supply = await deps.supplyFor(site);
    if (supply.name === 'duffel') {
      const details = await supply.bookingDetails({ supplierBookingId: e.orderId }, supplyContext(site, now));
      const bookingId = await bookingIdByPnr(site.siteId, details.pnr);
      const b = bookingId ? await getBooking(site.siteId, bookingId) : null;
      outcome = 'unknownBooking';
      if (b && b.supplierBookingId === e.orderId && details.segments) {
        const found = {
          source: 'duffel' as const,
          segments: details.segments,
          alternatives: details.alternatives ?? [],
        };
        outcome = (await recordScheduleChange(site, b, found, now, deps)) ? 'recorded' : 'unchanged';
      }
    }
  }
  await markSupplierEventDone(e.siteId, e.supplier, e.eventId, outcome, now);
  return outcome;
}

/** The supplier-events queue's worker: a record that fails (the supplier did not answer) comes back. */
export function createSupplierEventsHandler(log: Logger, deps: TicketDeps = defaultDeps): SqsHandler {
  return sqsBatchHandler(
    async (record) => {
      const parsed = parseBody(record, ZSupplierEvent);
      if (!parsed) return log.warn('supplier event dropped: invalid body', { messageId: record.messageId });
      const e: SupplierEvent = { ...parsed, siteId: asSiteId(parsed.siteId) };
      const outcome = await applySupplierEvent(e, new Date(), deps);
      log.info('supplier event', { siteId: e.siteId, eventId: e.eventId, outcome });
    },
    (record, err) =>
      log.error('supplier event failed; will retry', { messageId: record.messageId, error: errorText(err) }),
  );
}

// The tickets Lambda's answer (gathered into answered.generated.ts by `npm run derive`).
export const answerDuffelWebhook = answers(api.duffelWebhook, async (input, scope) => {
  await receiveDuffelEvent(scope, input);
  // Accepted, not done: the worker records it.
  return reply({ received: true as const }, { status: 202 });
});
