/**
 * The data-volume generator's items, written with its batch writer on a site of their own (a tiny factor: about
 * 1,600 items), are answered by the lists as data made through the API is: the ticket and change-request queues
 * hold the generated bookings (the hold queue none: the year's holds were released), the audit log pages through
 * the generated entries, the customer list counts the generated customers from its counter and the customer
 * search finds one by its token.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUS } from '@tp/contracts/endpoints/flights';
import { getAuditLog, type TAuditLogEntry } from '@tp/contracts/endpoints/audit';
import { getCustomers, searchWlUser } from '@tp/contracts/endpoints/customers';
import { getTickets, type TTicketPage } from '@tp/contracts/endpoints/tickets';
import { listInvoices } from '@tp/contracts/endpoints/invoices';
import { getCustomerWalletEntries } from '@tp/contracts/endpoints/wallet';
import { db, observeDynamo, tableName } from '../../functions/src/lib/db.ts';
import {
  bookingsByBookingDate,
  getBooking,
  newBookingItems,
  orderRange,
  queueCounts,
  queueReader,
  readQueuePage,
  saveBooking,
  type BookingRecord,
} from '../../functions/src/bookings/index.ts';
import { QUEUES, queuesOf } from '../../functions/src/bookings/queues.ts';
import { QUEUE_INDEX_ATTR } from '../../functions/src/bookings/record.ts';
import { backfillQueues } from '../../scripts/backfill-queues.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { nextCustomerNo } from '../../functions/src/users/repo.ts';
import { volumeWrites, type VolumeOptions, type VolumeWrite } from '../../scripts/volume/generate.ts';
import { invoicingOf, writeVolume, type WriteReport } from '../../scripts/volume/write.ts';
import { putSettings } from '../../functions/src/invoices/repo.ts';
import { DEMO_INVOICE_SETTINGS } from '../../scripts/seed/invoices.ts';
import type { Client } from '../support/api.ts';
import { FLIGHTDEALS, newStaff } from './customers-helpers.ts';
import { ok } from './dmc-helpers.ts';
import { useStackTable } from './users-helpers.ts';

type Site = typeof FLIGHTDEALS;

let site: Site;
let staff: Client;
let options: VolumeOptions;
let report: WriteReport;
let generated: Record<string, unknown>[];

beforeAll(async () => {
  useStackTable();
  const id = asSiteId(`site-vol${randomUUID().slice(0, 8)}`);
  site = { ...FLIGHTDEALS, siteId: id, _id: id, domain: `${id}.localhost`, extraDomains: [] };
  const { extraDomains: _unused, ...record } = site;
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.site(id), type: 'Site', ...record } }));
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.domain(site.domain), type: 'Domain', siteId: id } }),
  );
  staff = (await newStaff(site, { superAdmin: true })).client;
  await putSettings(id, DEMO_INVOICE_SETTINGS['site-flightdeals']!, new Date());
  options = {
    seed: 35,
    factor: 0.001,
    siteId: id,
    ownerLegalEntityId: site.ownerLegalEntityId,
    customerNoAfter: await nextCustomerNo(id),
    ...(await invoicingOf(id)),
  };
  const writes: VolumeWrite[] = [...volumeWrites(options)];
  generated = writes.flatMap((w) => ('put' in w ? [w.put] : []));
  report = await writeVolume(writes, { concurrency: 4 });
});

const bookings = () => generated.filter((i) => i.type === 'Booking');

describe('generated data through the lists', () => {
  it('writes every item in batches and reports its rate', () => {
    expect(report.items).toBeLessThanOrEqual(2000);
    expect(report.items).toBeGreaterThan(1000);
    expect(report.batches).toBe(Math.ceil(report.items / 25));
    expect(report.itemsPerSecond).toBeGreaterThan(0);
  });

  it('shows the generated bookings in the ticket, change-request and hold queues, counted, cursor by cursor', async () => {
    const queue = (q: string, more: Record<string, unknown> = {}) =>
      ok<TTicketPage>(staff, getTickets, { queue: q, pageSize: 20, ...more });
    /** Every page of a list, following its cursor; the last page's total is the list's. */
    async function walk(q: string, filter: Record<string, unknown> = {}) {
      const ids: string[] = [];
      let page: TTicketPage | undefined;
      for (let n = 1; !page || page.nextCursor; n++) {
        page = await queue(q, { ...filter, page: n, ...(page?.nextCursor ? { cursor: page.nextCursor } : {}) });
        ids.push(...page.records.map((r) => r.bookingId));
      }
      expect(page.totalRecords).toBe(ids.length);
      return ids;
    }
    const ticketed = bookings().filter(
      (b) => b.statusId !== BOOKING_STATUS.held && b.statusId !== BOOKING_STATUS.failed,
    );
    const newestFirst = ticketed.map((b) => String(b.bookingId)).reverse();
    // Unfiltered: the total is the queue's counter, exact from the first page.
    const first = await queue('tickets');
    expect(first.totalRecords).toBe(ticketed.length);
    expect(first.totalPages).toBe(Math.ceil(ticketed.length / 20));
    expect(first.records.map((r) => r.bookingId)).toEqual(newestFirst.slice(0, 20));
    expect(await walk('tickets')).toEqual(newestFirst);
    // A page asked by number alone is the same page.
    const last = await queue('tickets', { page: first.totalPages });
    expect(last.records.at(-1)!.bookingId).toBe(ticketed[0]!.bookingId);
    // A booking-date filter pages the same rows; its total is known once its last page is read.
    expect(await walk('tickets', { bookingFrom: '2025-01-01' })).toEqual(newestFirst);

    const changed = bookings().filter((b) => (b.ticketCRInfo as unknown[]).length > 0);
    expect((await queue('changeRequests')).totalRecords).toBe(changed.length);
    // The year's holds lapsed and were released: the hold queue is empty, the released ones are in the ticket queue.
    expect((await queue('holds')).totalRecords).toBe(0);
    const released = bookings().filter((b) => b.statusId === BOOKING_STATUS.released);
    expect(released.length).toBeGreaterThan(0);
    expect((await walk('tickets', { status: 'released', bookingFrom: '2025-01-01' })).sort()).toEqual(
      released.map((b) => String(b.bookingId)).sort(),
    );
    // A cursor is good only for the list it came from.
    const cursor = first.nextCursor!;
    const refused = await staff.call(getTickets, { queue: 'changeRequests', cursor });
    expect(refused.status).toBe(400);
  });

  it('reads one page of a queue, whatever the queue holds', async () => {
    const capacity = { units: 0, scanned: 0 };
    observeDynamo((client) =>
      client.middlewareStack.add(
        (next) => async (args) => {
          (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
          const out = await next(args);
          const o = out.output as { ConsumedCapacity?: { CapacityUnits?: number }; ScannedCount?: number };
          capacity.units += o.ConsumedCapacity?.CapacityUnits ?? 0;
          capacity.scanned += o.ScannedCount ?? 0;
          return out;
        },
        { step: 'initialize', name: 'testCapacity' },
      ),
    );
    const read = queueReader(site.siteId, 'tickets', orderRange('B'), false);
    const page = await readQueuePage(read, { start: null, want: 20, readAhead: 500 });
    expect(page.rows).toHaveLength(20);
    // The page and one row more: ~0.5 KB each, under 2 read units, where reading the bookings was ~0.32 each.
    expect(capacity.scanned).toBe(21);
    expect(capacity.units).toBeLessThanOrEqual(2);
    expect(bookings().length * 0.32).toBeGreaterThan(20);
  });

  it('pages through the generated audit entries newest first, cursor by cursor', async () => {
    const entries: TAuditLogEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await ok<{ records: TAuditLogEntry[]; nextCursor: string | null }>(staff, getAuditLog, {
        entity: 'booking',
        limit: 50,
        ...(cursor ? { cursor } : {}),
      });
      entries.push(...page.records);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const audit = generated.filter((i) => String(i.pk).includes('#AUDIT#'));
    expect(entries).toHaveLength(audit.length);
    expect(entries.map((e) => e.at)).toEqual(
      audit
        .map((a) => String(a.at))
        .sort()
        .reverse(),
    );
  });

  it('lists a month of the generated invoices and credit notes in number order, page by page', async () => {
    const docs = generated.filter((i) => i.type === 'InvoiceDocument').map((i) => i.rec as Record<string, unknown>);
    expect(docs.length).toBeGreaterThan(0);
    for (const docType of ['invoice', 'creditNote']) {
      const ofType = docs.filter((d) => d.docType === docType);
      const month = String(ofType.at(-1)!.issueDate).slice(0, 7);
      const expected = ofType.filter((d) => String(d.issueDate).startsWith(month)).map((d) => d.number);
      const listed: unknown[] = [];
      let cursor: string | null = null;
      do {
        const page: { records: { number: string }[]; nextCursor: string | null } = await ok(staff, listInvoices, {
          month,
          docType,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        listed.push(...page.records.map((r) => r.number));
        cursor = page.nextCursor;
      } while (cursor);
      expect(listed.length).toBe(expected.length);
      expect(new Set(listed)).toEqual(new Set(expected));
    }
  });

  it('shows an agent’s generated wallet: its balance and every entry, newest first, cursor by cursor', async () => {
    const balances = generated.filter((i) => String(i.sk) === 'WALLET');
    expect(balances.length).toBeGreaterThan(0);
    const wallet = balances[0]!;
    const entries = generated
      .filter((i) => i.type === 'walletEntry' && i.legalEntityId === wallet.legalEntityId)
      .sort((a, b) => String(b.gsi1sk).localeCompare(String(a.gsi1sk)));
    const user = generated.find((i) => i.type === 'User' && i.legalEntityId === wallet.legalEntityId)!;
    const listed: string[] = [];
    let cursor: string | null = null;
    let balance: number | undefined;
    do {
      const page: { records: { entryId: string }[]; nextCursor: string | null; balance: { balance: number } } =
        await ok(staff, getCustomerWalletEntries, { userId: user.userId, limit: 5, ...(cursor ? { cursor } : {}) });
      listed.push(...page.records.map((r) => r.entryId));
      balance = page.balance.balance;
      cursor = page.nextCursor;
    } while (cursor);
    expect(listed).toEqual(entries.map((e) => e.entryId));
    expect(balance).toBe(wallet.balance);
    expect(balance).toBe(Math.round(entries.reduce((n, e) => n + Number(e.amount) * 100, 0)) / 100);
  });

  it('counts the generated customers from the counter and finds one by search', async () => {
    const customers = generated.filter((i) => i.type === 'User');
    const res = await staff.call(getCustomers, { page: 1 });
    expect(res.status).toBe(200);
    // The generated customers and the staff member who reads them.
    expect(res.body.data).toMatchObject({ totalRecords: customers.length + 1 });
    const someone = customers[7]!;
    const found = await ok<{ userId?: string; email: string }[]>(staff, searchWlUser, {
      searchQuery: String(someone.email),
    });
    expect(found.map((u) => u.email)).toEqual([someone.email]);
  });
});

describe('the queue counters and the backfill', () => {
  const stored = () => bookingsByBookingDate(site.siteId, null, {});
  /** What the counters should say: each queue's bookings, counted from the bookings themselves. */
  const counted = async () => {
    const all = await stored();
    return Object.fromEntries(QUEUES.map((q) => [q, all.filter((b) => queuesOf(b).includes(q)).length]));
  };
  /** Saves a change of a booking, reading it again when another write got there first. */
  async function change(bookingId: string, edit: (b: BookingRecord) => BookingRecord): Promise<boolean> {
    for (;;) {
      const cur = (await getBooking(site.siteId, bookingId))!;
      if (await saveBooking(edit(cur), cur.version, [], cur)) return true;
    }
  }

  it('keep each queue counted exactly through parallel status changes', async () => {
    const ticketed = (await stored()).filter(
      (b) => b.statusId === BOOKING_STATUS.ticketed && b.ticketCRInfo.length === 0,
    );
    const [a, b, c, d, e] = ticketed;
    const request = (x: BookingRecord): BookingRecord => ({
      ...x,
      ticketCRInfo: [
        {
          changeRequestId: `${x.bookingId}-crx`,
          ticketId: null,
          requestType: 1,
          status: 'Unassigned',
          remarks: 'Counted',
          createdAt: new Date().toISOString(),
        },
      ],
    });
    const fail = (x: BookingRecord): BookingRecord => ({ ...x, statusId: BOOKING_STATUS.failed, status: 'Failed' });
    await Promise.all([
      change(a!.bookingId, request),
      change(b!.bookingId, request),
      change(c!.bookingId, fail),
      change(d!.bookingId, fail),
      // Two writers of one booking: both land, one after the other, and the booking is counted once.
      change(e!.bookingId, request),
      change(e!.bookingId, (x) => ({ ...x, remarks: 'edited' }) as BookingRecord),
    ]);
    expect(await queueCounts(site.siteId)).toEqual(await counted());
    // A failed booking left the ticket queue's rows; the change requests are listed.
    const crs = await ok<TTicketPage>(staff, getTickets, { queue: 'changeRequests', pageSize: 100 });
    expect(crs.records.map((r) => r.bookingId)).toEqual(expect.arrayContaining([a, b, e].map((x) => x!.bookingId)));
    const tickets = await ok<TTicketPage>(staff, getTickets, { queue: 'tickets', pageSize: 100 });
    expect(tickets.records.map((r) => r.bookingId)).not.toContain(c!.bookingId);
  });

  it('backfills bookings stored before the queues had rows, once however often it runs', async () => {
    const model = (await stored()).find((b) => b.statusId === BOOKING_STATUS.ticketed)!;
    const now = new Date().toISOString();
    // Booked now: the newest, so the first page lists them.
    const legacy = ['1', '2', '3'].map((n) => ({
      ...model,
      bookingId: `L${model.bookingId}${n}`,
      pnr: `LG${n}X`,
      createdAt: now,
    }));
    for (const b of legacy) {
      const { [QUEUE_INDEX_ATTR]: _rows, ...item } = newBookingItems(b)[0]!.Put!.Item!;
      await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    }
    const before = await queueCounts(site.siteId);
    const first = await backfillQueues({ siteId: site.siteId });
    expect(first.backfilled).toBe(3);
    const after = await queueCounts(site.siteId);
    expect(after.tickets).toBe(before.tickets + 3);
    expect(after).toEqual(await counted());
    const again = await backfillQueues({ siteId: site.siteId });
    expect(again).toMatchObject({ backfilled: 0, bookings: first.bookings });
    expect(await queueCounts(site.siteId)).toEqual(after);
    const listed = await ok<TTicketPage>(staff, getTickets, { queue: 'tickets', pageSize: 100 });
    expect(listed.records.map((r) => r.bookingId)).toEqual(expect.arrayContaining(legacy.map((b) => b.bookingId)));
  });
});
