/**
 * The simulated consolidator against DynamoDB Local: seats that run out (also under concurrent
 * sales), holds and their release, change requests that progress with a controllable clock, and the
 * choice of supply per site (own setting, default, supplier site).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TSearchRequest } from '@tp/contracts/endpoints/flights';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys, type SiteId } from '../../functions/src/lib/keys.ts';
import type { SiteRecord } from '../../functions/src/lib/tenancy.ts';
import { quietLog } from '../../functions/src/lib/testing.ts';
import { supplyFor } from '../../functions/src/supply/index.ts';
import { SimulatorSupply } from '../../functions/src/supply/simulator/index.ts';
import type { SupplierOption, SupplyContext, SupplyPassenger } from '../../functions/src/supply/types.ts';
import { useStackTable } from './users-helpers.ts';
import { PARTNER, SKYWAY } from './suppliers-helpers.ts';
import { seal } from '../../functions/src/lib/sealed.ts';

const T0 = new Date('2026-11-22T06:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const ctx = (now = T0): SupplyContext => ({
  siteId: asSiteId('consumer'),
  now,
  endUserIp: '10.1.2.3',
  log: quietLog(),
});
const freshSite = () => asSiteId(`simtest-${randomBytes(5).toString('hex')}`);

const search = (adults: number, over: Partial<TSearchRequest> = {}): TSearchRequest => ({
  JourneyType: 1,
  segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-10T00:00:00' }],
  adultCount: adults,
  childCount: 0,
  infantCount: 0,
  cabinClass: 1,
  directFlight: true,
  ...over,
});
const adults = (n: number): SupplyPassenger[] =>
  Array.from({ length: n }, (_, i) => ({
    title: 'Mr',
    firstName: `Adult${String.fromCharCode(65 + i)}`,
    lastName: 'Traveller',
    paxType: 1,
    gender: 1,
    isLeadPax: i === 0,
    baggage: [],
    mealDynamic: [],
    seat: [],
  }));
const seatsLeft = (o: SupplierOption) => Math.min(...o.segments.flat().map((s) => s.seatsLeft ?? 0));

beforeAll(() => useStackTable());

describe('simulated seats', () => {
  it('run out: sold seats are persisted per flight and date and the last sale fails with soldOut', async () => {
    const sim = new SimulatorSupply(freshSite());
    const res = await sim.search(search(1, { Sources: ['6E', 'SG', 'QP', 'IX'] }), ctx());
    const opt = res.results[0]!.filter((o) => seatsLeft(o) <= 4).sort((a, b) => seatsLeft(a) - seatsLeft(b))[0]!;
    expect(opt, 'a nearly full flight').toBeDefined();
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const stock = seatsLeft(opt);
    for (let i = 0; i < stock; i++) {
      const { option } = await sim.fareQuote(ref, ctx());
      expect(seatsLeft(option)).toBe(stock - i);
      const t = await sim.ticket({ ...ref, passengers: adults(1), expectedFare: option.fare }, ctx());
      expect(t.tickets).toHaveLength(1);
    }
    const { option } = await sim.fareQuote(ref, ctx());
    expect(seatsLeft(option)).toBe(0);
    await expect(sim.ticket({ ...ref, passengers: adults(1), expectedFare: option.fare }, ctx())).rejects.toMatchObject(
      {
        kind: 'soldOut',
      },
    );
    // A new search sees the flight full too (the same schedule and date).
    const again = await sim.search(search(1, { Sources: ['6E', 'SG', 'QP', 'IX'] }), ctx(at(1)));
    const same = again.results[0]!.find(
      (o) => o.segments[0]![0]!.flightNumber === opt.segments[0]![0]!.flightNumber && o.airlineCode === opt.airlineCode,
    );
    expect(seatsLeft(same!)).toBe(0);
  });

  it('are never oversold by concurrent sales', async () => {
    const sim = new SimulatorSupply(freshSite());
    const res = await sim.search(search(1, { Sources: ['6E', 'SG', 'QP', 'IX'] }), ctx());
    const opt = res.results[0]!.find((o) => seatsLeft(o) >= 2 && seatsLeft(o) <= 4)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const { option } = await sim.fareQuote(ref, ctx());
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () => sim.ticket({ ...ref, passengers: adults(1), expectedFare: option.fare }, ctx())),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(seatsLeft(opt));
    expect(
      outcomes.filter((o) => o.status === 'rejected').every((o) => (o.reason as { kind: string }).kind === 'soldOut'),
    ).toBe(true);
  });
});

describe('simulated holds', () => {
  it('hold seats until released; a released or lapsed hold cannot be ticketed', async () => {
    const sim = new SimulatorSupply(freshSite());
    const res = await sim.search(search(2, { Sources: ['GDS'] }), ctx());
    const opt = res.results[0]!.find((o) => o.isHoldAllowed && seatsLeft(o) > 4)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const before = (await sim.fareQuote(ref, ctx())).option;
    const held = await sim.book({ ...ref, passengers: adults(2), expectedFare: before.fare }, ctx());
    expect(held).toMatchObject({ isPriceChanged: false, pnr: expect.stringMatching(/^[A-Z0-9]{6}$/) });
    expect(seatsLeft((await sim.fareQuote(ref, ctx())).option)).toBe(seatsLeft(before) - 2);
    expect(await sim.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx())).toMatchObject({
      status: 'held',
      pnr: held.pnr,
    });

    await sim.release({ supplierBookingId: held.supplierBookingId, source: 'GDS' }, ctx(at(1)));
    expect(seatsLeft((await sim.fareQuote(ref, ctx(at(1)))).option)).toBe(seatsLeft(before));
    expect((await sim.bookingDetails({ supplierBookingId: held.supplierBookingId }, ctx(at(1)))).status).toBe(
      'released',
    );
    await expect(sim.ticket({ ...ref, supplierBookingId: held.supplierBookingId }, ctx(at(2)))).rejects.toMatchObject({
      kind: 'expired',
    });

    // A second hold lapses at its last ticketing date: ticketing then fails and frees the seats.
    const hold2 = await sim.book({ ...ref, passengers: adults(2), expectedFare: before.fare }, ctx(at(3)));
    const late = new Date(Date.parse(hold2.lastTicketDate!) + 60_000);
    expect((await sim.bookingDetails({ supplierBookingId: hold2.supplierBookingId }, ctx(late))).status).toBe(
      'released',
    );
    await expect(sim.ticket({ ...ref, supplierBookingId: hold2.supplierBookingId }, ctx(late))).rejects.toMatchObject({
      kind: 'expired',
    });
    expect(seatsLeft((await sim.fareQuote(ref, ctx(at(4)))).option)).toBe(seatsLeft(before));
  });
});

describe('simulated change requests', () => {
  it('progress with the clock to Completed, refunding the fare less the rule charge', async () => {
    const sim = new SimulatorSupply(freshSite());
    const res = await sim.search(search(2, { Sources: ['6E', 'SG', 'QP', 'IX'] }), ctx());
    const opt = res.results[0]!.find((o) => o.isRefundable && seatsLeft(o) > 4)!;
    const ref = { traceId: res.traceId, resultIndex: opt.resultIndex };
    const { option } = await sim.fareQuote(ref, ctx());
    const t = await sim.ticket({ ...ref, passengers: adults(2), expectedFare: option.fare }, ctx());
    const id = t.supplierBookingId;
    const perPax = option.fareBreakdown[0]!;
    const charges = await sim.cancellationCharges({ supplierBookingId: id, requestType: 1 }, ctx());
    expect(charges.cancellationCharge).toBeGreaterThan(0);
    expect(charges.refundAmount + charges.cancellationCharge).toBe(2 * (perPax.baseFare + perPax.tax));

    // Partial: one ticket first.
    const one = await sim.changeRequest(
      {
        supplierBookingId: id,
        requestType: 2,
        cancellationType: 3,
        ticketIds: [t.tickets[0]!.ticketId],
        remarks: 'plans changed',
      },
      ctx(at(10)),
    );
    expect(one.changeRequests).toEqual([
      { changeRequestId: expect.stringMatching(/^\d+$/), ticketId: t.tickets[0]!.ticketId },
    ]);
    await expect(
      sim.changeRequest(
        {
          supplierBookingId: id,
          requestType: 2,
          cancellationType: 3,
          ticketIds: [t.tickets[0]!.ticketId],
          remarks: 'again',
        },
        ctx(at(10)),
      ),
    ).rejects.toMatchObject({ kind: 'invalidRequest' });
    const crId = one.changeRequests[0]!.changeRequestId;
    const statusAt = async (m: number) => sim.changeRequestStatus({ changeRequestId: crId }, ctx(at(m)));
    expect(await statusAt(10)).toMatchObject({ status: 'Unassigned', refundedAmount: 0, creditNoteNo: null });
    expect((await statusAt(13)).status).toBe('Assigned');
    expect((await statusAt(15)).status).toBe('Acknowledged');
    const done = await statusAt(17);
    expect(done).toMatchObject({ status: 'Completed', creditNoteNo: `CN${crId}` });
    expect(done.refundedAmount).toBe(charges.refundAmount / 2);
    expect(done.refundedAmount + done.cancellationCharge).toBe(perPax.baseFare + perPax.tax);
    expect((await sim.bookingDetails({ supplierBookingId: id }, ctx(at(12)))).status).toBe('ticketed');
    const partial = await sim.bookingDetails({ supplierBookingId: id }, ctx(at(17)));
    expect(partial.status).toBe('partiallyCancelled');
    expect(partial.tickets.map((x) => x.status)).toEqual(['cancelled', 'ticketed']);

    // Then the rest: a full cancellation covers the remaining ticket.
    const rest = await sim.changeRequest(
      {
        supplierBookingId: id,
        requestType: 2,
        cancellationType: 3,
        ticketIds: [t.tickets[1]!.ticketId],
        remarks: 'all off',
      },
      ctx(at(20)),
    );
    expect(rest.changeRequests).toHaveLength(1);
    expect((await sim.bookingDetails({ supplierBookingId: id }, ctx(at(27)))).status).toBe('cancelled');
  });
});

describe('supply choice', () => {
  const site = (siteId: SiteId) => ({ siteId }) as SiteRecord;
  const setSupply = async (siteId: SiteId, value: unknown) => {
    const flightSupply = await seal(value, { siteId, field: 'flightSupply' });
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.siteSecrets(siteId), flightSupply } }));
  };

  it("uses the site's own setting, the simulator by default, and refuses a broken setting", async () => {
    expect((await supplyFor(site(freshSite()))).name).toBe('simulator');
    const tbo = freshSite();
    await setSupply(tbo, { kind: 'tbo', baseUrl: 'http://127.0.0.1:9', clientId: 'c', userName: 'u', password: 'p' });
    expect((await supplyFor(site(tbo))).name).toBe('tbo');
    const broken = freshSite();
    await setSupply(broken, { kind: 'tbo', baseUrl: 'not a url' });
    await expect(supplyFor(site(broken))).rejects.toMatchObject({ kind: 'failed' });
  });

  it("serves an approved consumer from its supplier site, with the link's hold switch", async () => {
    const partner = await supplyFor(site(PARTNER.siteId));
    expect(partner.name).toBe('site:site-flightdeals');
    expect(partner.supplierSiteId).toBe('site-flightdeals');
    expect(partner.holdAllowed).toBe(false);
    // A pending request does not make a supplier.
    expect((await supplyFor(site(SKYWAY.siteId))).supplierSiteId).toBeUndefined();
  });
});
