/**
 * The one audit log through the gateway: a markup change, a permission change, a block and
 * an unblock, a settings save and a status change (an offline payment's review) each appear in the site's log with
 * the actor, before and after; the filters (actor, entity, change type, days) narrow it; a record's own history
 * reads the same entries; the export holds them; another site sees nothing; staff without `audit.view` and
 * customers get 403. Entries are append-only: the put is conditional on a new key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { exportAuditLog, getAuditLog, getRecordHistory, type TAuditLogEntry } from '@tp/contracts/endpoints/audit';
import {
  setFlightHoldSettingForUser,
  toggleBlock,
  toggleFlightSearchExemption,
} from '@tp/contracts/endpoints/customers';
import { saveLeGroup } from '@tp/contracts/endpoints/groups';
import { saveDefaultMarkup } from '@tp/contracts/endpoints/markup';
import { savePermissionGroup } from '@tp/contracts/endpoints/rbac';
import { saveSeoSettings } from '@tp/contracts/endpoints/settings';
import { reviewOfflinePayment, userPaymentEntry } from '@tp/contracts/endpoints/wallet';
import { auditPut, recordChange } from '../../functions/src/lib/audit.ts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, transactOrFalse } from '../../functions/src/lib/db.ts';
import { backfillAuditKinds } from '../../scripts/backfill-audit-kinds.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { Client, exported } from '../support/api.ts';
import { customer, demo, FLIGHTDEALS, newStaff, SKYWAY } from './customers-helpers.ts';
import { ok } from './dmc-helpers.ts';
import { newCustomer } from './flights-helpers.ts';
import { signedUpRetail, useStackTable } from './users-helpers.ts';

let actor: { client: Client; userId: string; email: string };
let admin: Client;
const today = () => localDay(new Date(), 'Asia/Kolkata');
const uniq = () => Math.random().toString(36).slice(2, 8);

/** The actor's entries of the log (newest first), every page. */
async function logOf(c: Client, filter: Record<string, unknown>): Promise<TAuditLogEntry[]> {
  const out: TAuditLogEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await ok<{ records: TAuditLogEntry[]; nextCursor: string | null }>(c, getAuditLog, {
      ...filter,
      ...(cursor ? { cursor } : {}),
      limit: 100,
    });
    out.push(...page.records);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

const ids = { markup: '', leGroup: '', group: '', user: '', payment: '' };

beforeAll(async () => {
  useStackTable();
  admin = await demo(FLIGHTDEALS, 'admin');
  actor = await newStaff(FLIGHTDEALS, { superAdmin: true });
  const c = actor.client;

  // A markup change: a new group's default markup, then changed.
  const groupId = (await ok<{ id: string }>(c, saveLeGroup, { groupName: `Audit ${uniq()}` })).id;
  ids.leGroup = groupId;
  const rule = {
    groupId,
    markupType: 'fixed',
    markupValue: 100,
    discountType: 'fixed',
    discountValue: 0,
    applyPer: 'passenger',
  };
  ids.markup = (await ok<{ markupId: string }>(c, saveDefaultMarkup, rule)).markupId;
  await ok(c, saveDefaultMarkup, { ...rule, markupId: ids.markup, markupValue: 150 });

  // A permission change.
  ids.group = (
    await ok<{ id: string }>(c, savePermissionGroup, {
      groupName: `Audit desk ${uniq()}`,
      modules: [{ moduleName: 'Wallet', isActive: true, groups: [] }],
    })
  ).id;

  // A block and an unblock.
  const traveller = new Client(FLIGHTDEALS.domain);
  ids.user = (await signedUpRetail(traveller)).userId;
  const { users_id } = await customer(c, ids.user);
  await ok(c, toggleBlock, { customerId: users_id, isBlocked: true });
  await ok(c, toggleBlock, { customerId: users_id, isBlocked: false });
  // A customer's switches: the look-to-book exemption and flight holds (a repeat changes nothing: no entry).
  await ok(c, toggleFlightSearchExemption, { customerId: users_id, exempt: true });
  await ok(c, setFlightHoldSettingForUser, { userId: ids.user, isFlightHold: true });
  await ok(c, setFlightHoldSettingForUser, { userId: ids.user, isFlightHold: true });

  // A settings save.
  await ok(c, saveSeoSettings, {
    entries: [{ page: '/', title: `Cheap flights ${uniq()}`, description: '', keywords: '', image: '' }],
  });

  // A status change: an offline transfer reviewed.
  const agent = await newCustomer(FLIGHTDEALS, 'travelAgent');
  const rec = await agent.client.call(userPaymentEntry, {
    mode: 'offline',
    amount: 1200,
    transactionId: `UTR${uniq()}`,
  });
  ids.payment = rec.body.result.payment.paymentId;
  await ok(c, reviewOfflinePayment, { paymentId: ids.payment, approve: false });
});

describe('the site log', () => {
  it('holds each kind of change with its actor, before and after, newest first', async () => {
    const log = await logOf(admin, { actorId: actor.userId });
    const by = (entity: string, id?: string) => log.filter((e) => e.entity === entity && (!id || e.id === id));
    for (const e of log) expect(e.by).toMatchObject({ userId: actor.userId, email: actor.email, name: 'Test Staff' });
    expect([...log].map((e) => e.at)).toEqual(
      [...log]
        .map((e) => e.at)
        .sort()
        .reverse(),
    );

    const markups = by('markup', ids.markup);
    expect(markups.map((e) => e.action)).toEqual(['update', 'create']);
    expect(markups[0]!.changes).toEqual(expect.arrayContaining([{ field: 'markupValue', before: 100, after: 150 }]));
    expect(markups[1]!.before).toBeNull();
    expect(by('leGroup', ids.leGroup).map((e) => e.action)).toEqual(['create']);

    const group = by('permissionGroup', ids.group);
    expect(group).toHaveLength(1);
    expect(group[0]!.after).toMatchObject({ permissions: expect.arrayContaining(['wallet.viewReports']) });

    const customerChanges = by('user', ids.user);
    expect(customerChanges.map((e) => e.action)).toEqual(['update', 'update', 'unblock', 'block']);
    expect(customerChanges[3]!.changes).toEqual([{ field: 'isBlocked', before: false, after: true }]);
    expect(customerChanges[1]!.changes).toEqual([{ field: 'l2bExempted', before: false, after: true }]);
    expect(customerChanges[0]!.changes).toEqual([{ field: 'isFlightHoldAllowed', before: false, after: true }]);

    const settings = by('site', FLIGHTDEALS.siteId);
    expect(settings.length).toBeGreaterThanOrEqual(1);
    expect(settings[0]!.action).toBe('update');

    const payment = by('payment', ids.payment);
    expect(payment).toHaveLength(1);
    expect(payment[0]).toMatchObject({ action: 'status' });
    expect(payment[0]!.changes).toEqual([{ field: 'status', before: 'pending', after: 'rejected' }]);
  });

  it('filters by entity, change type and days, and pages with a cursor', async () => {
    const onlyBlocks = await logOf(admin, { actorId: actor.userId, action: 'block' });
    expect(onlyBlocks.map((e) => [e.entity, e.id])).toEqual([['user', ids.user]]);
    const onlyMarkups = await logOf(admin, { actorId: actor.userId, entity: 'markup' });
    expect(new Set(onlyMarkups.map((e) => e.id))).toEqual(new Set([ids.markup]));
    // Site-wide (no actor): the entity filter on the whole site's partition.
    const siteBlocks = await logOf(admin, { entity: 'user', action: 'unblock', fromDate: today() });
    expect(siteBlocks.some((e) => e.id === ids.user)).toBe(true);
    expect(await logOf(admin, { actorId: actor.userId, fromDate: '2020-01-01', toDate: '2020-01-31' })).toEqual([]);
    expect((await logOf(admin, { actorId: actor.userId, fromDate: today(), toDate: today() })).length).toBeGreaterThan(
      5,
    );

    const first = await ok(admin, getAuditLog, { actorId: actor.userId, limit: 2 });
    expect(first.records).toHaveLength(2);
    const second = await ok(admin, getAuditLog, { actorId: actor.userId, limit: 2, cursor: first.nextCursor });
    expect(second.records[0].at <= first.records[1].at).toBe(true);
    expect(second.records.map((e: TAuditLogEntry) => e.id + e.at)).not.toContain(
      first.records[1].id + first.records[1].at,
    );
  });

  it('refuses a bad filter with its message and a forged cursor', async () => {
    const bad = await admin.call(getAuditLog, { fromDate: '2026-02-10', toDate: '2026-02-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.shortError).toMatchObject({ toDate: 'The end date must not be before the start date' });
    expect((await admin.call(getAuditLog, { action: 'explode' })).status).toBe(400);
    const forged = Buffer.from(
      JSON.stringify({ gsi1pk: 'SITE#site-skyway#AUDITLOG', gsi1sk: 'x', pk: 'x', sk: 'x' }),
    ).toString('base64url');
    expect((await admin.call(getAuditLog, { cursor: forged })).status).toBe(400);
  });

  it("reads one record's history, and exports the filtered log", async () => {
    const history = await ok(admin, getRecordHistory, { entity: 'markup', id: ids.markup });
    expect(history.records.map((e: TAuditLogEntry) => e.action)).toEqual(['update', 'create']);
    const { job, file } = await exported(admin, exportAuditLog, { actorId: actor.userId });
    expect(job.fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.subarray(0, 2).toString()).toBe('PK');
  });

  it('is append-only: an entry cannot be written over', async () => {
    const put = auditPut(
      FLIGHTDEALS.siteId,
      recordChange('markup', ids.markup, null, { a: 1 }),
      { userId: 'x', name: 'x', email: 'x@example.com' },
      new Date(),
    );
    expect(await transactOrFalse([put])).toBe(true);
    expect(await transactOrFalse([put])).toBe(false);
  });
});

describe("one entity's log across the site (its index per change type)", () => {
  // An entity of this file alone, so concurrent files' entries never enter these lists.
  const entity = `probe${uniq()}`;
  const by = { userId: 'probe', name: 'Probe', email: 'probe@example.com' };
  const steps = [
    ['a', 'create'],
    ['a', 'update'],
    ['b', 'create'],
    ['a', 'status'],
    ['b', 'update'],
  ] as const;
  const key = (e: TAuditLogEntry) => `${e.id}:${e.action}:${e.at}`;
  const pagesOf = async (filter: Record<string, unknown>, limit: number) => {
    const out: TAuditLogEntry[][] = [];
    let cursor: string | undefined;
    do {
      const page = await ok(admin, getAuditLog, { ...filter, limit, ...(cursor ? { cursor } : {}) });
      out.push(page.records);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  };

  const start = Date.now() - 60_000;
  beforeAll(async () => {
    for (const [i, [id, action]] of steps.entries())
      expect(
        await transactOrFalse([
          auditPut(FLIGHTDEALS.siteId, recordChange(entity, id, {}, { i }, action), by, new Date(start + i * 1000)),
        ]),
      ).toBe(true);
  });

  it('lists every change type newest first, one type alone, and pages through them each once', async () => {
    const all = await logOf(admin, { entity, fromDate: localDay(new Date(start), 'Asia/Kolkata') });
    expect(all.map((e) => [e.id, e.action])).toEqual([...steps].reverse());
    expect((await logOf(admin, { entity, action: 'update' })).map((e) => e.id)).toEqual(['b', 'a']);
    expect(await logOf(admin, { entity, action: 'delete' })).toEqual([]);
    const pages = await pagesOf({ entity }, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map(key)).toEqual(all.map(key));
    // Another site reads none of it.
    expect(await logOf(await demo(SKYWAY, 'admin'), { entity })).toEqual([]);
  });

  it("refuses a cursor of another site's partitions", async () => {
    const first = await ok(admin, getAuditLog, { entity, limit: 1 });
    const positions = JSON.parse(Buffer.from(first.nextCursor, 'base64url').toString()) as unknown[];
    const forged = positions.map((p) =>
      p && typeof p === 'object'
        ? Object.fromEntries(
            Object.entries(p).map(([k, v]) => [k, String(v).replace(FLIGHTDEALS.siteId, SKYWAY.siteId)]),
          )
        : p,
    );
    const cursor = Buffer.from(JSON.stringify(forged)).toString('base64url');
    expect((await admin.call(getAuditLog, { entity, limit: 1, cursor })).status).toBe(400);
  });

  it('gives entries written before the index their keys there, once', async () => {
    const old = auditPut(FLIGHTDEALS.siteId, recordChange(entity, 'c', null, { old: true }), by, new Date());
    expect(await transactOrFalse([old])).toBe(true);
    const { pk, sk } = old.Put!.Item as { pk: string; sk: string };
    // As an entry written before gsi3: no keys there.
    await db().send(
      new UpdateCommand({ TableName: tableName(), Key: { pk, sk }, UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }),
    );
    expect((await logOf(admin, { entity, action: 'create' })).map((e) => e.id)).toEqual(['b', 'a']);
    const first = await backfillAuditKinds(FLIGHTDEALS.siteId);
    expect(first.indexed).toBeGreaterThanOrEqual(1);
    expect((await logOf(admin, { entity, action: 'create' })).map((e) => e.id)).toEqual(['c', 'b', 'a']);
    expect((await backfillAuditKinds(FLIGHTDEALS.siteId)).indexed).toBe(0);
  });
});

describe('who sees the log', () => {
  it('another site sees none of these entries', async () => {
    const sky = await demo(SKYWAY, 'admin');
    expect(await logOf(sky, { actorId: actor.userId })).toEqual([]);
    expect((await ok(sky, getRecordHistory, { entity: 'markup', id: ids.markup })).records).toEqual([]);
    const skyLog = await logOf(sky, { fromDate: today() });
    expect(skyLog.some((e) => e.by.userId === actor.userId)).toBe(false);
  });

  it('staff without audit.view and customers get 403; signed-out callers 401', async () => {
    const plain = await demo(FLIGHTDEALS, 'staff');
    const traveller = (await newCustomer(FLIGHTDEALS, 'retail')).client;
    for (const c of [plain, traveller]) {
      expect((await c.call(getAuditLog, {})).status).toBe(403);
      expect((await c.call(getRecordHistory, { entity: 'markup', id: ids.markup })).status).toBe(403);
      expect((await c.call(exportAuditLog, {})).status).toBe(403);
    }
    expect((await new Client(FLIGHTDEALS.domain).call(getAuditLog, {})).status).toBe(401);
  });
});
