/**
 * Disruptions (ours, issue #34 §2): an airline's schedule change to a ticketed booking, found by the supply sweep
 * (the simulator's own changes, TBO's GetBookingDetails) or a supplier's webhook. Staff work the site's inbox; the
 * booker sees their own; either accepts the new schedule, takes an offered alternative, or cancels for a full
 * refund. Served by the tickets Lambda.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zCursor, zId, zSupplierRef } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { ZSegment } from './flights.ts';

export const DISRUPTION_MSG = {
  notFound: 'No such disruption',
  handled: 'This disruption has already been handled',
  noAlternative: 'Choose one of the offered alternatives',
  notTicketed: 'Only a ticketed booking can be changed',
  accepted: 'New schedule accepted',
  rebooked: 'Moved to the alternative flight',
  cancelled: 'Booking cancelled; the full amount was refunded to the wallet',
  none: 'No disruptions',
} as const;

export const DISRUPTION_STATUSES = ['open', 'accepted', 'rebooked', 'cancelled'] as const;
export const DISRUPTION_SOURCES = ['simulator', 'tbo', 'duffel'] as const;
export const DISRUPTION_ACTIONS = ['accept', 'alternative', 'cancel'] as const;

export const ZSegmentChange = lazy(() =>
  z.object({
    trip: z.number(),
    index: z.number(),
    flight: z.string(),
    origin: z.string(),
    destination: z.string(),
    oldDeparture: z.string(),
    newDeparture: z.string(),
    oldArrival: z.string(),
    newArrival: z.string(),
    shiftMinutes: z.number(),
    flightChanged: z.boolean(),
  }),
);

export const ZConnectionCheck = lazy(() =>
  z.object({
    trip: z.number(),
    airport: z.string(),
    groundMinutes: z.number(),
    minimumMinutes: z.number(),
    missed: z.boolean(),
  }),
);

export const ZDisruption = lazy(() =>
  z.object({
    disruptionId: z.string(),
    bookingId: z.string(),
    pnr: z.string(),
    /** The booker (their own inbox). */
    userId: z.string(),
    bookerName: z.string(),
    source: z.enum(DISRUPTION_SOURCES),
    status: z.enum(DISRUPTION_STATUSES),
    detectedAt: z.string(),
    /** Staff are alerted then if nobody has acted. */
    escalateAt: z.string(),
    escalatedAt: z.nullable(z.string()),
    oldSegments: z.array(z.array(ZSegment)),
    newSegments: z.array(z.array(ZSegment)),
    changes: z.array(ZSegmentChange),
    /** The new schedule's connections against the minimum connection time. */
    connections: z.array(ZConnectionCheck),
    missedConnection: z.boolean(),
    /** Other flights the supplier offers instead (none: accept or cancel). */
    alternatives: z.array(z.object({ alternativeId: z.string(), segments: z.array(z.array(ZSegment)) })),
    /** Whether the supplier lets the booking be cancelled for a full refund. */
    canCancel: z.boolean(),
    handledAt: z.nullable(z.string()),
    handledBy: z.nullable(z.string()),
    chosenAlternativeId: z.nullable(z.string()),
    refundedAmount: z.nullable(z.number()),
  }),
);
export type TDisruption = z.infer<typeof ZDisruption>;

const DISRUPTIONS_DOMAIN = 'tickets' as const;

export const getDisruptions = endpoint({
  id: 'flights.getDisruptions',
  api: 'flight',
  method: 'POST',
  path: 'api/getDisruptions',
  domain: DISRUPTIONS_DOMAIN,
  auth: 'user',
  permission: 'flights.disruptions',
  request: lazy(() =>
    z.object({
      /** Open ones only (the default), or every one. */
      show: z._default(z.enum(['open', 'all']), 'open'),
      cursor: z.optional(zCursor()),
      limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
    }),
  ),
  response: lazy(() => z.object({ records: z.array(ZDisruption), nextCursor: z.nullable(z.string()) })),
  summary: "The disruption inbox, newest first: the site's for staff, the caller's own bookings' for anyone else.",
});

export const getBookingDisruptions = endpoint({
  id: 'flights.getBookingDisruptions',
  api: 'flight',
  method: 'POST',
  path: 'api/getBookingDisruptions',
  domain: DISRUPTIONS_DOMAIN,
  auth: 'user',
  permission: 'flights.ticketQueue',
  request: lazy(() => z.object({ bookingId: zId() })),
  response: lazy(() => z.object({ records: z.array(ZDisruption) })),
  summary: "A booking's disruptions, newest first (the booker, their account's admin, or staff).",
});

export const actOnDisruption = endpoint({
  id: 'flights.actOnDisruption',
  api: 'flight',
  method: 'POST',
  path: 'api/actOnDisruption',
  domain: DISRUPTIONS_DOMAIN,
  auth: 'user',
  permission: 'flights.disruptions',
  request: lazy(() =>
    z.object({
      bookingId: zId(),
      disruptionId: zId(),
      action: z.enum(DISRUPTION_ACTIONS),
      /** With `alternative`: which offered flight. */
      alternativeId: z.optional(zId()),
    }),
  ),
  response: ZDisruption,
  summary:
    'Accepts the new schedule, moves the booking to an offered alternative, or cancels it for a full refund to the wallet; once.',
});

/** The Duffel event that reports an airline's schedule change to an order (the only one the webhook acts on). */
export const DUFFEL_SCHEDULE_CHANGE_EVENT = 'order.airline_initiated_change_detected';

export const duffelWebhook = endpoint({
  id: 'flights.duffelWebhook',
  api: 'flight',
  method: 'POST',
  path: 'api/duffel/webhook',
  domain: DISRUPTIONS_DOMAIN,
  auth: 'public',
  serverToServer: true,
  rawBody: true,
  request: lazy(() =>
    z.looseObject({
      /** Duffel's event id (`wev_…`): the same event delivered again is processed once. */
      id: zId(),
      type: zSupplierRef(),
      data: z.looseObject({
        object: z.looseObject({ order_id: z.optional(zSupplierRef()) }),
      }),
    }),
  ),
  response: lazy(() => z.object({ received: z.literal(true) })),
  summary:
    "Ours: Duffel's webhook (the URL registered on Duffel's dashboard for the site). Its X-Duffel-Signature (HMAC-SHA256 over the raw body with the site's webhook secret) is checked; a forged or unsigned one is refused (401) and records nothing. A genuine order.airline_initiated_change_detected is queued (202) and recorded as a disruption once per event and schedule; other events are acknowledged and ignored.",
});

export const disruptionEndpoints = [getDisruptions, getBookingDisruptions, actOnDisruption, duffelWebhook];
