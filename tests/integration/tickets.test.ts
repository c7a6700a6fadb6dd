/**
 * The ticket queues over the seeded bookings (hundreds per site, across users and dates), checked
 * against an independent filter written here; the public e-ticket with prices only for its owner or
 * staff; markup and discount; the staff Excel export; the e-ticket mail with its PDF.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { BOOKING_STATUS, type TBooking } from '@tp/contracts/endpoints/flights';
import {
  exportTickets,
  getBookedFlights,
  getTicketDetail,
  getTickets,
  parseTicketSlug,
  sendEmailForWl,
  type TBookingFilterInput,
  type TTicketView,
  updateBookingDetails,
} from '@tp/contracts/endpoints/tickets';
import * as MSG from '@tp/contracts/messages';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { Client, exported, waitForMail } from '../support/api.ts';
import { demo, FLIGHTDEALS, narrowedStaff, SKYWAY } from './customers-helpers.ts';
import { bookerOf, plainBooking } from './tickets-helpers.ts';
import { useStackTable } from './users-helpers.ts';
import { bookingKeys } from '../../functions/src/bookings/keys.ts';
import type { SiteId } from '../../functions/src/lib/keys.ts';

type Stored = TBooking & { userId: string };

/** Every booking of the site, read straight from the table (not through the service under test). */
async function allBookings(siteId: SiteId): Promise<Stored[]> {
  const out: Stored[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': bookingKeys.bookingsPk(siteId) },
        ExclusiveStartKey,
      }),
    );
    out.push(...((res.Items ?? []) as Stored[]));
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}

/** A day as the demo sites' time zone shows it (en-CA writes YYYY-MM-DD). */
const SITE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** The booking-list filter, re-implemented from the spec for the check. */
function expected(all: Stored[], f: TBookingFilterInput & { queue?: string }, userId?: string): string[] {
  // Travel dates are local days already; bookings are stamped in UTC and filed under the site's day (India).
  const within = (day: string, from?: string, to?: string) => (!from || day >= from) && (!to || day <= to);
  const bookedOn = (iso: string) => SITE_DAY.format(new Date(iso));
  const rows = all.filter((b) => {
    if (userId && b.userId !== userId) return false;
    if (f.userId && b.userId !== f.userId) return false;
    if (f.domestic === false && b.isDomestic) return false;
    if (f.international === false && !b.isDomestic) return false;
    const tickets = b.passengers.map((p) => p.ticket?.ticketNumber ?? '');
    if (f.pnrOrTicket && !b.pnr.includes(f.pnrOrTicket) && !tickets.some((t) => t && t.includes(f.pnrOrTicket!)))
      return false;
    if (f.airlineCode && b.airlineCode !== f.airlineCode) return false;
    if (
      f.passenger &&
      !b.passengers.some((p) => `${p.firstName} ${p.lastName}`.toLowerCase().includes(f.passenger!.toLowerCase()))
    )
      return false;
    if (
      !within(bookedOn(b.createdAt), f.bookingFrom, f.bookingTo) ||
      !within(b.travelDate.slice(0, 10), f.travelFrom, f.travelTo)
    )
      return false;
    const statusIds = { held: 1, ticketed: 3, cancelled: 4, released: 6 } as const;
    if (f.status && b.statusId !== statusIds[f.status]) return false;
    if (f.queue === 'tickets')
      return (f.status === 'held' || b.statusId !== BOOKING_STATUS.held) && b.statusId !== BOOKING_STATUS.failed;
    if (f.queue === 'holds') return b.statusId === BOOKING_STATUS.held;
    return true;
  });
  // LT: most urgent first (the hold queue's default on screen); every queue honours the sort it is sent.
  if (f.sort === 'LT')
    return rows
      .sort(
        (a, b) =>
          (a.lastTicketDate ?? '~').localeCompare(b.lastTicketDate ?? '~') || a.bookingId.localeCompare(b.bookingId),
      )
      .map((b) => b.bookingId);
  const sort = f.sort ?? 'BD';
  const key = sort.startsWith('B') ? 'createdAt' : 'travelDate';
  rows.sort((a, b) => a[key].localeCompare(b[key]) || a.bookingId.localeCompare(b.bookingId));
  if (sort.endsWith('D')) rows.reverse();
  return rows.map((b) => b.bookingId);
}

async function allPages(c: Client, e: typeof getTickets | typeof getBookedFlights, f: Record<string, unknown>) {
  const ids: string[] = [];
  let total: number;
  // The staff queues name their next page: following it reads each page once (the booking list pages by number).
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const res = await c.call(e, { ...f, page, pageSize: 50, ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...(res.body.result.records as TTicketView[]).map((r) => r.bookingId));
    total = res.body.result.totalRecords;
    cursor = res.body.result.nextCursor ?? undefined;
    if (page >= res.body.result.totalPages) break;
  }
  expect(ids).toHaveLength(total);
  return ids;
}

// Bookings made while this file runs are today's; the comparisons look at bookings made before it.
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const daysAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let staff: Client;
let agent: Client;
let all: Stored[];
beforeAll(async () => {
  useStackTable();
  [staff, agent] = await Promise.all([demo(FLIGHTDEALS, 'staff'), demo(FLIGHTDEALS, 'agent')]);
  all = await allBookings(FLIGHTDEALS.siteId);
});

describe('ticket queues over the seeded bookings', () => {
  it('has hundreds of bookings across users and dates', () => {
    expect(all.length).toBeGreaterThanOrEqual(200);
    expect(new Set(all.map((b) => b.userId)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((b) => b.createdAt.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
  });

  const filters: (TBookingFilterInput & { queue?: 'tickets' | 'holds' })[] = [
    { sort: 'BD', bookingTo: yesterday },
    { sort: 'BA', bookingFrom: daysAgo(60), bookingTo: daysAgo(10), queue: 'tickets' },
    { sort: 'TD', bookingTo: yesterday, domestic: false },
    { sort: 'TA', travelFrom: daysAgo(5), travelTo: daysAhead(30), bookingTo: yesterday, international: false },
    { sort: 'BD', bookingTo: yesterday, airlineCode: 'AI', passenger: 'sharma' },
    { sort: 'TA', travelFrom: daysAhead(1), travelTo: daysAhead(45), bookingTo: yesterday },
    { sort: 'BD', queue: 'holds', bookingTo: yesterday },
    { sort: 'LT', queue: 'holds', bookingTo: yesterday },
    { sort: 'LT', queue: 'tickets', status: 'held', bookingTo: yesterday },
    { sort: 'BA', queue: 'tickets', status: 'cancelled', bookingTo: yesterday },
  ];
  for (const f of filters)
    it(`staff: ${JSON.stringify(f)}`, async () => {
      const want = expected(all, f);
      expect(want.length).toBeGreaterThan(0);
      const got = await allPages(staff, getTickets, { queue: 'tickets', ...f });
      expect(got).toEqual(f.queue ? want : expected(all, { ...f, queue: 'tickets' }));
    });

  it('staff: PNR or ticket number, and a creator picked from a card', async () => {
    const sample = all.find((b) => b.createdAt.slice(0, 10) <= yesterday && b.passengers[0]?.ticket)!;
    const byPnr = await allPages(staff, getBookedFlights, { pnrOrTicket: sample.pnr, bookingTo: yesterday });
    expect(byPnr).toEqual(expected(all, { pnrOrTicket: sample.pnr, bookingTo: yesterday }));
    expect(byPnr).toContain(sample.bookingId);
    const ticket = sample.passengers[0]!.ticket!.ticketNumber;
    expect(await allPages(staff, getBookedFlights, { pnrOrTicket: ticket })).toContain(sample.bookingId);
    const byUser = await allPages(staff, getBookedFlights, { userId: sample.userId, bookingTo: yesterday });
    expect(byUser).toEqual(expected(all, { userId: sample.userId, bookingTo: yesterday }));
  });

  it('agents see only their own bookings, whatever creator they ask for', async () => {
    const me = await bookerOf(FLIGHTDEALS.siteId, `agent@${FLIGHTDEALS.domain}`);
    const other = all.find((b) => b.userId !== me.userId)!;
    const got = await allPages(agent, getBookedFlights, { bookingTo: yesterday, userId: other.userId });
    expect(got).toEqual(expected(all, { bookingTo: yesterday }, me.userId));
    expect(got.length).toBeGreaterThan(0);
    const res = await agent.call(getTickets, { queue: 'tickets', pageSize: 100 });
    expect((res.body.result.records as TTicketView[]).every((r) => r.user.userId === me.userId)).toBe(true);
  });

  it('another site sees none of these bookings', async () => {
    const skyway = await demo(SKYWAY, 'staff');
    const res = await skyway.call(getBookedFlights, { pageSize: 100 });
    const mine = new Set(all.map((b) => b.bookingId));
    expect(
      (res.body.result.records as TTicketView[]).some(
        (r) => mine.has(r.bookingId) && r.pnr === all.find((b) => b.bookingId === r.bookingId)!.pnr,
      ),
    ).toBe(false);
  });

  it('staff with the Excel permission download the filtered queue as a real .xlsx; others may not', async () => {
    const f = { queue: 'tickets' as const, sort: 'BA' as const, bookingFrom: daysAgo(40), bookingTo: daysAgo(20) };
    // Download Excel is a staff right (spec 000 §6); a group may leave it out.
    const { job, file } = await exported(await demo(FLIGHTDEALS, 'admin'), exportTickets, f);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as never);
    const ws = wb.getWorksheet('Tickets')!;
    const ids = ws.getColumn(1).values.slice(2).map(String);
    expect(ids).toEqual(expected(all, f));
    expect(job.rowsDone).toBe(ids.length);
    expect(ws.getRow(1).getCell(2).value).toBe('PNR');
    expect((await agent.call(exportTickets, f)).status).toBe(403);
    expect((await staff.call(exportTickets, f)).status).toBe(200);
    expect((await (await narrowedStaff(FLIGHTDEALS, ['flights.ticketQueue'])).call(exportTickets, f)).status).toBe(403);
  });
});

describe('the e-ticket', () => {
  it('is public by booking id and PNR, with prices for the owner and staff only', async () => {
    const b = await plainBooking(FLIGHTDEALS.siteId, `agent@${FLIGHTDEALS.domain}`);
    const ref = { bookingId: b.bookingId, pnr: b.pnr };
    const anonymous = await new Client(FLIGHTDEALS.domain).call(getTicketDetail, ref);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result).toMatchObject({ pnr: b.pnr, fare: null, canEdit: false, agentMarkup: null });
    expect(anonymous.body.result.passengers[0].barcode).toMatch(/^M1DESMARAIS\/LUC {7}E/);
    const owner = await agent.call(getTicketDetail, ref);
    expect(owner.body.result.canEdit).toBe(true);
    expect(owner.body.result.fare.totalFare).toBe(b.fare.totalFare);
    expect((await staff.call(getTicketDetail, ref)).body.result.fare).not.toBeNull();
    expect((await (await demo(FLIGHTDEALS, 'agent2')).call(getTicketDetail, ref)).body.result.fare).toBeNull();
    expect((await agent.call(getTicketDetail, { ...ref, pnr: 'WRONG1' })).status).toBe(404);
    expect((await new Client(SKYWAY.domain).call(getTicketDetail, ref)).status).toBe(404);
    // The slug the cards link to decodes back to the reference.
    const list = await agent.call(getBookedFlights, { pnrOrTicket: b.pnr });
    expect(parseTicketSlug(list.body.result.records[0].slug)).toEqual(ref);
  });

  it('takes markup and discount from its owner only', async () => {
    const b = await plainBooking(FLIGHTDEALS.siteId, `agent@${FLIGHTDEALS.domain}`);
    const res = await agent.call(updateBookingDetails, { bookingId: b.bookingId, markup: 150, discount: 50 });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ agentMarkup: 150, agentDiscount: 50 });
    expect(res.body.result.fare.totalFare).toBe(b.fare.totalFare + 100);
    const bad = await agent.call(updateBookingDetails, { bookingId: b.bookingId, markup: -1 });
    expect(bad.status).toBe(400);
    const other = await demo(FLIGHTDEALS, 'agent2');
    expect((await other.call(updateBookingDetails, { bookingId: b.bookingId, markup: 1 })).status).toBe(404);
    expect(
      (await new Client(FLIGHTDEALS.domain).call(updateBookingDetails, { bookingId: b.bookingId, markup: 1 })).status,
    ).toBe(401);
  });

  it('offers markup and discount to agents and staff, not to a retail traveller', async () => {
    const mine = await plainBooking(FLIGHTDEALS.siteId, `agent@${FLIGHTDEALS.domain}`);
    const ref = { bookingId: mine.bookingId, pnr: mine.pnr };
    expect((await agent.call(getTicketDetail, ref)).body.result).toMatchObject({ canEdit: true, canAdjustPrice: true });
    const staff = await demo(FLIGHTDEALS, 'staff');
    expect((await staff.call(getTicketDetail, ref)).body.result).toMatchObject({ canAdjustPrice: true });

    const b = await plainBooking(FLIGHTDEALS.siteId, `retail@${FLIGHTDEALS.domain}`);
    const retail = await demo(FLIGHTDEALS, 'retail');
    const view = await retail.call(getTicketDetail, { bookingId: b.bookingId, pnr: b.pnr });
    expect(view.status).toBe(200);
    // Their own prices, e-mail and invoice, but no markup or discount of their own.
    expect(view.body.result).toMatchObject({ canEdit: true, canAdjustPrice: false });
    const refused = await retail.call(updateBookingDetails, { bookingId: b.bookingId, markup: 100 });
    expect(refused.status).toBe(403);
    const after = await retail.call(getTicketDetail, { bookingId: b.bookingId, pnr: b.pnr });
    expect(after.body.result.agentMarkup).toBe(view.body.result.agentMarkup);
  });

  it('is mailed with the e-ticket as HTML and a PDF attachment', async () => {
    const b = await plainBooking(FLIGHTDEALS.siteId, `agent@${FLIGHTDEALS.domain}`);
    const to = `eticket-${b.pnr.toLowerCase()}@example.com`;
    const res = await agent.call(sendEmailForWl, {
      name: 'Mehta Tours',
      to,
      subject: 'ignored',
      text: 'ignored',
      html: '<script>ignored</script>',
      siteId: FLIGHTDEALS.siteId,
      bookingId: b.bookingId,
      pnr: b.pnr,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.emailSent);
    const mail = await waitForMail(to, new RegExp(b.pnr));
    expect(mail.body.html).toContain(b.pnr);
    expect(mail.body.html).not.toContain('<script>ignored');
    const pdf = mail.attachments.find((a) => a.filename === `e-ticket-${b.pnr}.pdf`);
    expect(pdf?.contentType).toContain('application/pdf');
    expect(pdf!.size).toBeGreaterThan(1000);
    const other = await demo(FLIGHTDEALS, 'agent2');
    expect((await other.call(sendEmailForWl, { to, bookingId: b.bookingId, pnr: b.pnr })).status).toBe(404);
  });
});
