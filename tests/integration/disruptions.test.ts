/**
 * Disruptions against the simulated supplier: its airline retimes some flights; the sweep finds the changed
 * segment once however often it runs, the booker is mailed, and the booker or staff act on it once: accept, take
 * the offered alternative (the booking's flights change), or cancel for a full refund credited, and credit-noted
 * against the booking's invoice, exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actOnDisruption,
  DISRUPTION_MSG,
  getBookingDisruptions,
  getDisruptions,
} from '@tp/contracts/endpoints/disruptions';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { getInvoice, getSourceInvoice, type TInvoiceDocument } from '@tp/contracts/endpoints/invoices';
import { invoiceBooked } from '../../functions/src/invoices/index.ts';
import { getBooking, putBooking, type BookingRecord } from '../../functions/src/bookings/index.ts';
import { isDisrupted } from '../../functions/src/supply/simulator/schedule-changes.ts';
import { TboSupply } from '../../functions/src/supply/tbo/index.ts';
import type { SupplierOption } from '../../functions/src/supply/types.ts';
import { demoBooking } from '../../scripts/seed/bookings.ts';
import { startTboStub, type TboStub } from '../support/tbo-stub.ts';
import type { TEmailMessage } from '../../functions/src/lib/mail.ts';
import type { TNotifyMessage } from '../../functions/src/lib/notify.ts';
import { siteById } from '../../functions/src/lib/tenancy.ts';
import { disruptionsOfBooking } from '../../functions/src/tickets/disruptions-repo.ts';
import { sweepSite } from '../../functions/src/tickets/disruptions.ts';
import { defaultDeps } from '../../functions/src/tickets/operations/shared.ts';
import { walletEntriesOfBooking } from '../../functions/src/tickets/repo.ts';
import { demo, FLIGHTDEALS } from './customers-helpers.ts';
import { bookerOf, ctxAt, newAgent, supplierBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';

let agent: Awaited<ReturnType<typeof newAgent>>;
beforeAll(async () => {
  useStackTable();
  agent = await newAgent(FLIGHTDEALS);
});

const sent: TEmailMessage[] = [];
const pushed: TNotifyMessage[] = [];
const deps = {
  ...defaultDeps,
  enqueueEmail: async (m: TEmailMessage) => void sent.push(m),
  notify: async (m: TNotifyMessage) => void pushed.push(m),
};

/** The sweep of the booking's travel day, as the scheduled worker runs it (mails collected here). */
async function sweep(b: BookingRecord) {
  const site = (await siteById(b.siteId))!;
  const day = b.travelDate.slice(0, 10);
  return sweepSite(site, new Date(), { from: day, to: `${day}~` }, deps);
}

/**
 * A booking the simulator's airline retimes, swept. `route`: a route no other booking of the tier flies, where a
 * test takes an alternative: the bookings of every other file fly DEL→BOM on random days. The simulator offers
 * only alternatives with seats left, but another file's booking could still take the last seat between the offer
 * and the test taking it.
 */
async function disrupted(route?: [string, string]) {
  const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, {
    retimed: true,
    adults: 1,
    ...(route ? { route } : {}),
  });
  await sweep(b);
  const [d] = await disruptionsOfBooking(b.siteId, b.bookingId);
  expect(d).toBeDefined();
  return { b, d: d! };
}

describe('the sweep', () => {
  it("finds the changed segment once, however often it runs, mails the booker and tells the site's staff", async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { retimed: true, adults: 1 });
    await Promise.all([sweep(b), sweep(b), sweep(b)]);
    await sweep(b);
    const found = await disruptionsOfBooking(b.siteId, b.bookingId);
    expect(found).toHaveLength(1);
    const d = found[0]!;
    expect(d).toMatchObject({ status: 'open', source: 'simulator', pnr: b.pnr, userId: b.userId });
    expect(d.changes.length).toBeGreaterThan(0);
    const c = d.changes[0]!;
    const booked = b.segments.flat()[c.index]!;
    expect(c.oldDeparture).toBe(booked.departureTime);
    expect(c.shiftMinutes).toBeGreaterThanOrEqual(40);
    expect(Date.parse(`${c.newDeparture}Z`) - Date.parse(`${c.oldDeparture}Z`)).toBe(c.shiftMinutes * 60_000);
    expect(d.oldSegments).toEqual(b.segments);
    const mails = sent.filter((m) => m.idempotencyKey === `disruption-${b.bookingId}-${d.disruptionId}`);
    // Mailed at once; a racing sweep may enqueue it again under the same key (the email worker sends it once).
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]!.to).toContain(agent.email);
    expect(mails[0]!.subject).toContain(b.pnr);
    // Staff are pushed once (the notifications worker sends a key once), to the inbox they act in.
    const told = pushed.filter((m) => m.idempotencyKey === `disruption#${b.bookingId}#${d.disruptionId}`);
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told[0]).toMatchObject({
      siteId: b.siteId,
      kind: 'disruption',
      to: { staff: true, permission: 'flights.disruptions' },
      path: '/flights/disruptions',
    });
    expect(told[0]!.body).toContain(b.pnr);
  });

  it('leaves a flight the airline keeps alone', async () => {
    const b = await supplierBooking(FLIGHTDEALS.siteId, agent.email, { retimed: false, adults: 1 });
    await sweep(b);
    expect(await disruptionsOfBooking(b.siteId, b.bookingId)).toEqual([]);
  });
});

describe('the TBO sweep', () => {
  let stub: TboStub;
  beforeAll(async () => {
    stub = await startTboStub();
    stub.now = new Date();
  });
  afterAll(() => stub.stop());

  it("finds a changed segment in GetBookingDetails' itinerary", async () => {
    const tbo = new TboSupply(FLIGHTDEALS.siteId, { kind: 'tbo', baseUrl: stub.url, ...stub.credentials });
    const ctx = ctxAt(FLIGHTDEALS.siteId);
    // A GDS fare on a flight the airline (the simulator behind the stub) retimes, booked and ticketed through TBO.
    const pax = {
      title: 'Mr' as const,
      firstName: 'Luc',
      lastName: 'Desmarais',
      paxType: 1 as const,
      gender: 1 as const,
      isLeadPax: true,
      email: agent.email,
      baggage: [],
      mealDynamic: [],
      seat: [],
    };
    // The simulator moves some fares between search and booking (a price change books nothing): such a fare is
    // passed over for the next day's, as an agent would search again.
    let option: SupplierOption | undefined;
    let ref = { traceId: '', resultIndex: '' };
    let held: Awaited<ReturnType<typeof tbo.book>> | undefined;
    for (let days = 30; !held?.supplierBookingId && days < 120; days++) {
      const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const res = await tbo.search(
        {
          JourneyType: 1,
          segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: `${day}T00:00:00` }],
          adultCount: 1,
          childCount: 0,
          infantCount: 0,
          cabinClass: 1,
          Sources: ['GDS'],
        },
        ctx,
      );
      option = res.results[0]!.find((o) => o.isHoldAllowed && isDisrupted(o.segments));
      if (!option) continue;
      ref = { traceId: res.traceId, resultIndex: option.resultIndex };
      held = await tbo.book({ ...ref, passengers: [pax], expectedFare: option.fare }, ctx);
    }
    if (!option || !held?.supplierBookingId) throw new Error('no retimed GDS fare could be held in 90 days');
    const ticketed = await tbo.ticket({ ...ref, supplierBookingId: held.supplierBookingId, pnr: held.pnr }, ctx);
    const record = demoBooking({
      siteId: FLIGHTDEALS.siteId,
      user: await bookerOf(FLIGHTDEALS.siteId, agent.email),
      bookingId: `TBO${randomUUID().slice(0, 8)}`,
      pnr: held.pnr,
      createdAt: new Date(),
      travelDate: new Date(`${option.segments[0]![0]!.departureTime}Z`),
      statusId: BOOKING_STATUS.ticketed,
      route: ['DEL', 'BOM'],
      airline: option.airlineCode,
      passengers: [pax],
      supplierBookingId: held.supplierBookingId,
      lastTicketDate: null,
    });
    record.supplier = 'tbo';
    record.segments = option.segments;
    record.travelDate = option.segments[0]![0]!.departureTime;
    record.passengers = record.passengers.map((p, i) => ({ ...p, ticket: ticketed.tickets[i]! }));
    await putBooking(record);

    const site = (await siteById(FLIGHTDEALS.siteId))!;
    const day = record.travelDate.slice(0, 10);
    const found = await sweepSite(
      site,
      new Date(),
      { from: day, to: `${day}~` },
      { ...deps, supplyFor: async () => tbo },
    );
    const mine = found.filter((d) => d.bookingId === record.bookingId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ source: 'tbo', status: 'open' });
    expect(mine[0]!.changes[0]!.shiftMinutes).toBeGreaterThanOrEqual(40);
    expect(stub.calls.some((c) => c.op === 'bookingDetails')).toBe(true);
    // Again: the same change is not a second disruption.
    await sweepSite(site, new Date(), { from: day, to: `${day}~` }, { ...deps, supplyFor: async () => tbo });
    expect(await disruptionsOfBooking(record.siteId, record.bookingId)).toHaveLength(1);
  });
});

describe('the inbox and the booking', () => {
  it("shows the booker their disruption and staff the site's; nobody else sees it", async () => {
    const { b, d } = await disrupted();
    const mine = await agent.client.call(getBookingDisruptions, { bookingId: b.bookingId });
    expect(mine.status).toBe(200);
    expect(mine.body.result.records.map((r: { disruptionId: string }) => r.disruptionId)).toEqual([d.disruptionId]);
    const inbox = await agent.client.call(getDisruptions, { show: 'open' });
    expect(inbox.body.result.records.some((r: { bookingId: string }) => r.bookingId === b.bookingId)).toBe(true);

    const staff = await demo(FLIGHTDEALS, 'admin');
    const all = await staff.call(getBookingDisruptions, { bookingId: b.bookingId });
    expect(all.body.result.records).toHaveLength(1);

    const other = await demo(FLIGHTDEALS, 'agent2');
    expect((await other.call(getBookingDisruptions, { bookingId: b.bookingId })).status).toBe(404);
    const theirs = await other.call(getDisruptions, { show: 'all' });
    expect(theirs.body.result.records.some((r: { bookingId: string }) => r.bookingId === b.bookingId)).toBe(false);
    expect(
      (await other.call(actOnDisruption, { bookingId: b.bookingId, disruptionId: d.disruptionId, action: 'accept' }))
        .status,
    ).toBe(404);
  });
});

describe('acting on a disruption', () => {
  it('moves the booking to the offered alternative once', async () => {
    const { b, d } = await disrupted(['BOM', 'CCU']);
    expect(d.alternatives.length).toBeGreaterThan(0);
    const alt = d.alternatives[0]!;
    const input = {
      bookingId: b.bookingId,
      disruptionId: d.disruptionId,
      action: 'alternative' as const,
      alternativeId: alt.alternativeId,
    };
    const answers = await Promise.all([1, 2, 3].map(() => agent.client.call(actOnDisruption, input)));
    // One does it; a racing click gets it done or is told it is being handled.
    const told = answers.map((r) => `${r.status} ${r.body.errorMessage ?? ''}`).join('; ');
    expect(answers.filter((r) => r.status === 200).length, told).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([200, 409]).toContain(r.status);
    const again = await agent.client.call(actOnDisruption, input);
    expect(again.status).toBe(200);
    expect(again.body.result).toMatchObject({ status: 'rebooked', chosenAlternativeId: alt.alternativeId });
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.segments).toEqual(alt.segments);
    expect(after.statusId).toBe(BOOKING_STATUS.ticketed);
    // Another choice afterwards is refused; a new sweep finds nothing more (the supplier has the new flights).
    const late = await agent.client.call(actOnDisruption, { ...input, action: 'cancel', alternativeId: undefined });
    expect(late.status).toBe(409);
    expect(late.body.errorMessage).toBe(DISRUPTION_MSG.handled);
    await sweep(after);
    expect(await disruptionsOfBooking(b.siteId, b.bookingId)).toHaveLength(1);
  });

  it('accepts the new schedule: the booking takes the new times', async () => {
    const { b, d } = await disrupted();
    const staff = await demo(FLIGHTDEALS, 'admin');
    const res = await staff.call(actOnDisruption, {
      bookingId: b.bookingId,
      disruptionId: d.disruptionId,
      action: 'accept',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: DISRUPTION_MSG.accepted, result: { status: 'accepted' } });
    expect((await getBooking(b.siteId, b.bookingId))!.segments).toEqual(d.newSegments);
  });

  it('refuses an alternative that was not offered', async () => {
    const { b, d } = await disrupted();
    const res = await agent.client.call(actOnDisruption, {
      bookingId: b.bookingId,
      disruptionId: d.disruptionId,
      action: 'alternative',
      alternativeId: 'OB99999',
    });
    expect(res.status).toBe(400);
    expect((await disruptionsOfBooking(b.siteId, b.bookingId))[0]!.status).toBe('open');
  });

  it('cancels for a full refund credited, and its credit note issued, exactly once under parallel clicks', async () => {
    const { b, d } = await disrupted();
    await invoiceBooked((await siteById(b.siteId))!, b, new Date());
    const input = { bookingId: b.bookingId, disruptionId: d.disruptionId, action: 'cancel' as const };
    const answers = await Promise.all(Array.from({ length: 5 }, () => agent.client.call(actOnDisruption, input)));
    for (const r of answers) expect([200, 409]).toContain(r.status);
    const after = (await getBooking(b.siteId, b.bookingId))!;
    expect(after.statusId).toBe(BOOKING_STATUS.cancelled);
    expect(after.accounting.refundedAmount).toBe(b.accounting.amountCharged);
    const entries = await walletEntriesOfBooking(b.siteId, b.accounting.legalEntityId, '2000', b);
    const refunds = entries.filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(b.accounting.amountCharged);
    expect((await disruptionsOfBooking(b.siteId, b.bookingId))[0]).toMatchObject({
      status: 'cancelled',
      refundedAmount: b.accounting.amountCharged,
    });
    // The booking's invoice is credited once, for the whole refund (the service fee came back too).
    const again = await agent.client.call(actOnDisruption, input);
    expect(again.status).toBe(200);
    const invoice = (await agent.client.call(getSourceInvoice, { source: 'booking', sourceId: b.bookingId })).body
      .result as TInvoiceDocument;
    expect(invoice.creditNotes).toHaveLength(1);
    const note = (await agent.client.call(getInvoice, { invoiceId: invoice.creditNotes[0]!.id })).body
      .result as TInvoiceDocument;
    expect(note.total).toBe(invoice.total);
    expect(note.reason).toContain(d.disruptionId);
  });
});
