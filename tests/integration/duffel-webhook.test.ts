/**
 * Duffel's schedule-change webhook against the running stack: the local Duffel server holds a ticketed order of a
 * site that books through Duffel and keeps its webhook secret sealed; the airline moves the flight and Duffel
 * delivers `order.airline_initiated_change_detected`, signed. A delivery repeated five times makes one disruption
 * (queued at once, processed by the supplier-events worker); a forged or unsigned one is refused and records nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { stackQueueUrl, stackSqs } from '../support/queues.ts';
import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { duffelWebhook } from '@tp/contracts/endpoints/disruptions';
import { saveFlightSettings } from '@tp/contracts/endpoints/flight-admin';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { urlPath } from '@tp/contracts/endpoint';
import { putBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { quietLog } from '../../functions/src/lib/testing.ts';
import { DuffelSupply } from '../../functions/src/supply/duffel/index.ts';
import { duffelSignature } from '../../functions/src/supply/duffel/webhook.ts';
import type { SupplyContext } from '../../functions/src/supply/types.ts';
import { disruptionsOfBooking, supplierEventDone } from '../../functions/src/tickets/disruptions-repo.ts';
import { demoBooking, demoUser } from '../../scripts/seed/bookings.ts';
import { startDuffelStub, type DuffelStub } from '../support/duffel-stub.ts';
import { FLIGHTDEALS, newStaff } from './customers-helpers.ts';
import { newAgent } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

const DAY = 86_400_000;

let stub: DuffelStub;
let site: typeof FLIGHTDEALS;
let booking: BookingRecord;
let secret: string;
let hookUrl: string;

/** A site of its own (a copy of Flight Deals under a fresh id and domain): its supply is the local Duffel server. */
async function freshSite(): Promise<typeof FLIGHTDEALS> {
  const id = asSiteId(`site-dw${randomUUID().slice(0, 8)}`);
  const s = { ...FLIGHTDEALS, siteId: id, _id: id, domain: `${id}.localhost`, extraDomains: [], isTestHost: true };
  const { extraDomains: _unused, ...record } = s;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.site(id), type: 'Site', ...record } }));
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.domain(s.domain), type: 'Domain', siteId: id } }),
  );
  return s;
}

/** Until the supplier-events queue has nothing waiting or in flight (the stack's worker took every delivery). */
async function queueDrained(): Promise<void> {
  const sqs = stackSqs();
  const QueueUrl = await stackQueueUrl('supplierEvents', sqs);
  for (const until = Date.now() + 20_000; Date.now() < until;) {
    const { Attributes: a } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    if (Number(a?.ApproximateNumberOfMessages ?? 0) + Number(a?.ApproximateNumberOfMessagesNotVisible ?? 0) === 0)
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the supplier-events queue was not drained');
}

/** A post to the site's webhook as anyone could make it: the body as given, the signature header as given. */
const post = (raw: string, signature?: string) =>
  fetch(`${inject('gatewayUrl')}${urlPath(duffelWebhook)}`, {
    method: 'POST',
    headers: {
      'domain-name': site.domain,
      'content-type': 'application/json',
      ...(signature ? { 'x-duffel-signature': signature } : {}),
    },
    body: raw,
  });

beforeAll(async () => {
  useStackTable();
  stub = await startDuffelStub();
  site = await freshSite();
  const [admin, agent] = await Promise.all([newStaff(site, { superAdmin: true }), newAgent(site)]);
  // The site's webhook on Duffel's dashboard: its URL on the site's own host, and the secret Duffel shows once.
  hookUrl = `http://${site.domain}:${new URL(inject('gatewayUrl')).port}${urlPath(duffelWebhook)}`;
  const created = await fetch(`${stub.url}/air/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stub.token}`, 'duffel-version': 'v2', 'content-type': 'application/json' },
    body: JSON.stringify({ data: { url: hookUrl, events: ['order.airline_initiated_change_detected'] } }),
  });
  secret = ((await created.json()) as { data: { secret: string } }).data.secret;
  const saved = await admin.client.call(saveFlightSettings, {
    lookToBook: { ratio: 500, freeLooks: 300 },
    holdsOffered: true,
    supply: { kind: 'duffel', baseUrl: stub.url, accessToken: stub.token, webhookSecret: secret },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.result.supply).toMatchObject({ kind: 'duffel', webhookSecretSet: true });
  expect(JSON.stringify(saved.body)).not.toContain(secret);

  // A ticketed Duffel order, and the site's booking of it.
  const duffel = new DuffelSupply(site.siteId, { kind: 'duffel', baseUrl: stub.url, accessToken: stub.token });
  const ctx: SupplyContext = { siteId: site.siteId, now: new Date(), endUserIp: '203.0.113.9', log: quietLog() };
  const day = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  const res = await duffel.search(
    {
      JourneyType: 1,
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${day}T00:00:00` }],
      adultCount: 1,
      childCount: 0,
      infantCount: 0,
      cabinClass: 2,
    },
    ctx,
  );
  const option = res.results[0]![0]!;
  const ref = { traceId: res.traceId, resultIndex: option.resultIndex };
  const quote = await duffel.fareQuote(ref, ctx);
  const pax = {
    title: 'Mr' as const,
    firstName: 'Arjun',
    lastName: 'Menon',
    paxType: 1 as const,
    gender: 1 as const,
    dateOfBirth: '1985-02-20',
    isLeadPax: true,
    email: agent.email,
    mobileNo: '98765 43210',
    phoneCode: '+91',
    baggage: [],
    mealDynamic: [],
    seat: [],
  };
  const ticketed = await duffel.ticket({ ...ref, passengers: [pax], expectedFare: quote.option.fare }, ctx);
  const record = demoBooking({
    siteId: site.siteId,
    user: (await demoUser(site.siteId, agent.email))!,
    bookingId: `DW${randomUUID().slice(0, 8)}`,
    pnr: ticketed.pnr,
    createdAt: new Date(),
    travelDate: new Date(`${option.segments[0]![0]!.departureTime}Z`),
    statusId: BOOKING_STATUS.ticketed,
    route: ['DEL', 'BOM'],
    airline: option.airlineCode,
    passengers: [{ firstName: pax.firstName, lastName: pax.lastName }],
    supplierBookingId: ticketed.supplierBookingId,
    lastTicketDate: null,
  });
  booking = {
    ...record,
    supplier: 'duffel',
    segments: option.segments,
    travelDate: option.segments[0]![0]!.departureTime,
  };
  await putBooking(booking);
}, 120_000);
afterAll(() => stub.stop());

describe("Duffel's schedule-change webhook", () => {
  it('refuses a forged or unsigned event (401) and records nothing', async () => {
    const forged = JSON.stringify({
      id: `wev_forged${randomUUID().slice(0, 6)}`,
      type: 'order.airline_initiated_change_detected',
      data: { object: { order_id: booking.supplierBookingId } },
    });
    const eventId = (JSON.parse(forged) as { id: string }).id;
    const t = String(Math.floor(Date.now() / 1000));
    const answers = await Promise.all([
      post(forged, duffelSignature('not-the-secret', forged, t)),
      post(forged),
      // Signed with the secret, but over other bytes than those sent.
      post(forged.replace('"type"', ' "type"'), duffelSignature(secret, forged, t)),
    ]);
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(await supplierEventDone(site.siteId, 'duffel', eventId)).toBe(false);
    await queueDrained();
    expect(await disruptionsOfBooking(site.siteId, booking.bookingId)).toEqual([]);
  });

  it('answers 202 at once and makes one disruption of a delivery repeated five times', async () => {
    const change = await stub.airlineChange(booking.supplierBookingId, 95);
    const replays = await Promise.all([1, 2, 3, 4].map(() => stub.deliver(change.event)));
    expect([...change.statuses, ...replays.flat()]).toEqual([202, 202, 202, 202, 202]);
    await queueDrained();
    const found = await disruptionsOfBooking(site.siteId, booking.bookingId);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ source: 'duffel', status: 'open', pnr: booking.pnr });
    expect(found[0]!.changes[0]).toMatchObject({
      shiftMinutes: 95,
      oldDeparture: booking.segments[0]![0]!.departureTime,
    });
    expect(await supplierEventDone(site.siteId, 'duffel', change.event.id as string)).toBe(true);
    // Delivered again later (a retry after a lost acknowledgement): acknowledged, nothing new.
    expect(await stub.deliver(change.event)).toEqual([202]);
    await queueDrained();
    expect(await disruptionsOfBooking(site.siteId, booking.bookingId)).toHaveLength(1);
  });
});
