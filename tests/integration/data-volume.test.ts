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
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { nextCustomerNo } from '../../functions/src/users/repo.ts';
import { volumeWrites, type VolumeOptions, type VolumeWrite } from '../../scripts/volume/generate.ts';
import { writeVolume, type WriteReport } from '../../scripts/volume/write.ts';
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
  options = {
    seed: 35,
    factor: 0.001,
    siteId: id,
    ownerLegalEntityId: site.ownerLegalEntityId,
    customerNoAfter: await nextCustomerNo(id),
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

  it('shows the generated bookings in the ticket, change-request and hold queues, paged', async () => {
    const queue = (q: string, page = 1) =>
      ok<TTicketPage>(staff, getTickets, { queue: q, page, pageSize: 20, bookingFrom: '2025-01-01' });
    const ticketed = bookings().filter(
      (b) => b.statusId !== BOOKING_STATUS.held && b.statusId !== BOOKING_STATUS.failed,
    );
    const first = await queue('tickets');
    expect(first.totalRecords).toBe(ticketed.length);
    expect(first.records).toHaveLength(20);
    // Newest booking first: the last generated one not held.
    expect(first.records[0]!.bookingId).toBe(ticketed.at(-1)!.bookingId);
    const last = await queue('tickets', first.totalPages);
    expect(last.records.at(-1)!.bookingId).toBe(ticketed[0]!.bookingId);

    const changed = bookings().filter((b) => (b.ticketCRInfo as unknown[]).length > 0);
    expect((await queue('changeRequests')).totalRecords).toBe(changed.length);
    // The year's holds lapsed and were released: the hold queue is empty, the released ones are in the ticket queue.
    expect((await queue('holds')).totalRecords).toBe(0);
    const released = bookings().filter((b) => b.statusId === BOOKING_STATUS.released);
    expect(released.length).toBeGreaterThan(0);
    expect(
      (await ok<TTicketPage>(staff, getTickets, { status: 'released', bookingFrom: '2025-01-01' })).totalRecords,
    ).toBe(released.length);
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
