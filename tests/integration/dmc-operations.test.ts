/**
 * DMC operations through the gateway: the job sheet (default range, driver filter,
 * conflict warnings), single and bulk assignment with the check before saving, driver charges, staff status,
 * driver links (generated once, stored hashed, replaced, revoked, expired) and the driver page (own jobs only,
 * no charges; mark own transfer done; another driver's id refused with nothing changed; rate-limited); another
 * site's tokens and ids reach nothing; staff without the permission are refused.
 *
 * Transfers are written through the kart side's storage seam (`transferPutItems`), as a voucher save writes them,
 * so this file does not depend on the kart calls.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { saveDriver } from '@tp/contracts/endpoints/dmc';
import {
  DMC_OPS_MSG,
  assignTransfersToDriver,
  checkTransferAssignment,
  exportTransferJobSheet,
  generateDriverAccessToken,
  getDriverAccessToken,
  getDriverTransferJobSheet,
  getTransferJobSheet,
  revokeDriverAccessToken,
  updateTransferDoneByDriver,
  updateTransferDriver,
  updateTransferDriverCharges,
  updateTransferStatusByStaff,
} from '@tp/contracts/endpoints/dmc-operations';
import { OPS_TEXT, type Transfer } from '@tp/domain/dmc';
import { asSiteId, type SiteId } from '../../functions/src/lib/keys.ts';
import { db, tableName, transact } from '../../functions/src/lib/db.ts';
import { newToken, sha256 } from '../../functions/src/lib/crypto.ts';
import { localDay } from '../../functions/src/lib/time.ts';
import { transferPutItems } from '../../functions/src/kart/transfers-repo.ts';
import { opsKeys } from '../../functions/src/kart/operations/keys.ts';
import { replaceToken } from '../../functions/src/kart/operations/token-repo.ts';
import { DRIVER_PAGE_LIMITS } from '../../functions/src/kart/operations/driver-page.ts';
import { readXlsx } from '../../functions/src/lib/xlsx-read.ts';
import { Client, exported } from '../support/api.ts';
import { SKYWAY, ok, refused, staff, tag } from './dmc-helpers.ts';
import { FLIGHTDEALS, narrowedStaff } from './customers-helpers.ts';
import { callFrom, uniqueLoopback } from './users-helpers.ts';

const FD = asSiteId(FLIGHTDEALS.siteId);
const SW = asSiteId(SKYWAY.siteId);
/** The demo sites keep the default time zone: "today" is today there. */
const today = localDay(new Date(), 'Asia/Kolkata');
const dayAfter = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

let admin: Client;
const anonymous = new Client(FLIGHTDEALS.domain);

async function driver(c: Client, name: string, vehicleCapacity?: number): Promise<string> {
  const d = await ok(c, saveDriver, { driverName: `${name} ${tag()}`, phone: '+971501234567', vehicleCapacity });
  return d.driverId as string;
}

let seq = 0;
/** A transfer of a kart of its own, as a voucher save writes it. */
function transfer(over: Partial<Transfer> = {}): Transfer {
  const kartId = `kart${tag()}`;
  return {
    id: `${kartId}-activity-l${++seq}-pickup`,
    kartId,
    source: { section: 'activities', lineId: `l${seq}` },
    leg: 'pickup',
    sharingType: 'PVT',
    date: today,
    time: '10:00',
    pickupLocation: 'Rove Downtown',
    dropLocation: 'Dubai Frame',
    remarks: 'Call on arrival',
    pax: { adults: 2, child: 1, infant: 0 },
    customerName: 'Asha Rao',
    customerPhone: '+971 50 123 4567',
    pickupArea: 'Downtown',
    flightNo: null,
    quotationNo: `Q-${kartId}`,
    service: 'Dubai Frame',
    hotelName: 'Rove Downtown',
    leadGuest: 'Mrs Asha Rao',
    driverId: null,
    internalDriverCharges: null,
    status: 'pending',
    isCompleted: false,
    completedAt: null,
    ...over,
  };
}

async function put(siteId: SiteId, ...transfers: Transfer[]): Promise<Transfer[]> {
  await transact(transferPutItems({ site: { siteId } }, transfers));
  return transfers;
}

const sheet = (input: Record<string, unknown> = {}) => ok(admin, getTransferJobSheet, input);
const rowOf = async (id: string, input: Record<string, unknown> = {}) =>
  (await sheet(input)).transfers.find((t: { id: string }) => t.id === id);

async function link(driverId: string, c = admin): Promise<string> {
  return (await ok(c, generateDriverAccessToken, { driverId })).driverAccessToken as string;
}
const driverSheet = (driverAccessToken: string, dateRange?: unknown) =>
  anonymous.call(getDriverTransferJobSheet, { driverAccessToken, ...(dateRange ? { dateRange } : {}) });

beforeAll(async () => {
  admin = await staff();
});

describe('job sheet', () => {
  it('defaults to today and tomorrow, filters by driver and sorts, with the drivers for the picker', async () => {
    const ahmed = await driver(admin, 'Ahmed', 7);
    const [a, b, later, past] = await put(
      FD,
      transfer({ time: '11:00', driverId: ahmed, status: 'assigned' }),
      transfer({ date: dayAfter(today, 1), time: '09:00' }),
      transfer({ date: dayAfter(today, 2), driverId: ahmed, status: 'assigned' }),
      transfer({ date: dayAfter(today, -1), driverId: ahmed, status: 'assigned' }),
    );
    const all = await sheet();
    expect(all.dateRange).toEqual({ from: today, to: dayAfter(today, 1) });
    const ids = all.transfers.map((t: { id: string }) => t.id);
    expect(ids).toEqual(expect.arrayContaining([a!.id, b!.id]));
    expect(ids).not.toContain(later!.id);
    expect(ids).not.toContain(past!.id);
    expect(ids.indexOf(a!.id)).toBeLessThan(ids.indexOf(b!.id));
    expect(all.drivers).toContainEqual(expect.objectContaining({ driverId: ahmed, vehicleCapacity: 7 }));

    const mine = await sheet({ driverId: ahmed, dateRange: { from: dayAfter(today, -1), to: dayAfter(today, 2) } });
    expect(mine.transfers.map((t: { id: string }) => t.id)).toEqual([past!.id, a!.id, later!.id]);
    expect(mine.transfers[1]).toMatchObject({ driverName: expect.stringMatching(/^Ahmed /), warnings: [] });

    const unassigned = await sheet({ driverId: null });
    expect(unassigned.transfers.map((t: { id: string }) => t.id)).toContain(b!.id);
    expect(unassigned.transfers.every((t: { driverId: string | null }) => t.driverId === null)).toBe(true);
  });

  it('refuses a range over 31 days or ending before it starts', async () => {
    const body = await refused(admin, getTransferJobSheet, { dateRange: { from: today, to: dayAfter(today, 31) } });
    expect(body.shortError).toEqual({ 'dateRange.to': OPS_TEXT.rangeTooLong(31) });
    await refused(admin, getTransferJobSheet, { dateRange: { from: today, to: dayAfter(today, -1) } });
  });

  it('exports the sheet as .xlsx', async () => {
    const [t] = await put(FD, transfer({ customerName: `Export ${tag()}` }));
    const { job, file } = await exported(admin, exportTransferJobSheet, {});
    expect(job.fileName).toBe(`job-sheet-${today}-to-${dayAfter(today, 1)}.xlsx`);
    const [first] = readXlsx(file);
    expect(first!.rows[0]).toContain('Customer');
    expect(JSON.stringify(first!.rows)).toContain(t!.customerName);
  });
});

describe('assignment', () => {
  it('checks before saving, then assigns in bulk with overlap and capacity warnings', async () => {
    const small = await driver(admin, 'Bilal', 3);
    const [p1, p2, done] = await put(
      FD,
      transfer({ time: '09:00' }),
      transfer({ time: '09:30', pax: { adults: 3, child: 1, infant: 0 } }),
      transfer({
        time: '13:00',
        driverId: small,
        status: 'done',
        isCompleted: true,
        completedAt: new Date().toISOString(),
      }),
    );
    const ids = [p1!.id, p2!.id, done!.id, 'kartnope-activity-x-pickup'];
    const check = await ok(admin, checkTransferAssignment, { ids, driverId: small });
    expect(check.assigned.map((t: Transfer) => t.id)).toEqual([p1!.id, p2!.id]);
    expect(check.refused).toEqual([
      { transferId: done!.id, message: OPS_TEXT.reopenFirst('done') },
      { transferId: 'kartnope-activity-x-pickup', message: OPS_TEXT.unknownTransfer },
    ]);
    expect(check.warnings[p1!.id].map((w: { code: string }) => w.code)).toEqual(['overlap']);
    expect(check.warnings[p2!.id].map((w: { code: string }) => w.code).sort()).toEqual(['capacity', 'overlap']);
    // The check wrote nothing.
    expect((await rowOf(p1!.id)).driverId).toBeNull();

    const res = await admin.call(assignTransfersToDriver, { ids, driverId: small });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DMC_OPS_MSG.driversAssigned(2));
    const row = await rowOf(p2!.id);
    expect(row).toMatchObject({ driverId: small, status: 'assigned' });
    expect(row.warnings.map((w: { code: string }) => w.code).sort()).toEqual(['capacity', 'overlap']);
  });

  it('assigns one transfer, warns, and refuses an unknown driver or transfer', async () => {
    const a = await driver(admin, 'Chen');
    const [busy, t] = await put(
      FD,
      transfer({ time: '18:00', driverId: a, status: 'assigned' }),
      transfer({ time: '18:30' }),
    );
    const out = await ok(admin, updateTransferDriver, { id: t!.id, driverId: a });
    expect(out.transfer).toMatchObject({ id: t!.id, driverId: a, status: 'assigned' });
    expect(out.warnings).toEqual([expect.objectContaining({ code: 'overlap', otherTransferIds: [busy!.id] })]);
    await refused(admin, updateTransferDriver, { id: t!.id, driverId: 'dmc-nobody' }, 400);
    await refused(admin, updateTransferDriver, { id: 'kartnope-activity-x-pickup', driverId: a }, 404);
    const off = await ok(admin, updateTransferDriver, { id: t!.id, driverId: null });
    expect(off.transfer).toMatchObject({ driverId: null, status: 'pending' });
  });
});

describe('charges and status by staff', () => {
  it('sets charges to the cent and marks done, not done and reopens', async () => {
    const d = await driver(admin, 'Dev');
    const [t] = await put(FD, transfer({ driverId: d, status: 'assigned' }));
    expect(await ok(admin, updateTransferDriverCharges, { id: t!.id, charges: '120.456' })).toMatchObject({
      internalDriverCharges: 120.46,
    });
    const neg = await refused(admin, updateTransferDriverCharges, { id: t!.id, charges: -1 });
    expect(Object.keys(neg.shortError ?? {})).toEqual(['charges']);

    const done = await ok(admin, updateTransferStatusByStaff, { transferid: t!.id, isCompleted: true });
    expect(done).toMatchObject({ status: 'done', isCompleted: true, completedAt: expect.any(String) });
    expect(await ok(admin, updateTransferStatusByStaff, { transferid: t!.id, isCompleted: false })).toMatchObject({
      status: 'notDone',
      isCompleted: false,
      completedAt: null,
    });
    // A closed transfer keeps its driver until reopened.
    await refused(admin, updateTransferDriver, { id: t!.id, driverId: null }, 409);
    expect(await ok(admin, updateTransferStatusByStaff, { transferid: t!.id, reopen: true })).toMatchObject({
      status: 'assigned',
    });
    await refused(admin, updateTransferStatusByStaff, { transferid: t!.id });

    const [unassigned] = await put(FD, transfer());
    const body = await refused(
      admin,
      updateTransferStatusByStaff,
      { transferid: unassigned!.id, isCompleted: true },
      409,
    );
    expect(body.errorMessage).toBe(OPS_TEXT.needsDriver);
  });
});

describe('driver links and the driver page', () => {
  it('shows the driver only their own jobs, without charges; the driver marks their own done and staff see it', async () => {
    const mine = await driver(admin, 'Farid');
    const other = await driver(admin, 'Gopal');
    const [own, theirs] = await put(
      FD,
      transfer({ driverId: mine, status: 'assigned', internalDriverCharges: 150, flightNo: 'EK500' }),
      transfer({ driverId: other, status: 'assigned', time: '12:00' }),
    );
    const gen = await admin.call(generateDriverAccessToken, { driverId: mine });
    expect(gen.status).toBe(200);
    expect(gen.body.message).toBe(DMC_OPS_MSG.linkGenerated);
    const { driverAccessToken: token, url } = gen.body.result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(url).hostname).toBe(FLIGHTDEALS.domain);
    expect(new URL(url).pathname).toBe(`/app/dmc/driver/${token}`);

    // Only the hash is stored.
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: opsKeys.driverToken(FD, sha256(token)) }),
    );
    expect(Item).toBeDefined();
    expect(JSON.stringify(Item)).not.toContain(token);
    const status = await ok(admin, getDriverAccessToken, { driverId: mine });
    expect(JSON.stringify(status)).not.toContain(token);
    expect(status.link).toMatchObject({ expiresAt: gen.body.result.expiresAt });

    const page = await driverSheet(token);
    expect(page.status).toBe(200);
    expect(page.body.result.driverName).toMatch(/^Farid /);
    expect(page.body.result.transfers).toEqual([
      {
        id: own!.id,
        date: today,
        time: '10:00',
        leg: 'pickup',
        pickupLocation: 'Rove Downtown',
        dropLocation: 'Dubai Frame',
        sharingType: 'PVT',
        pax: { adults: 2, child: 1, infant: 0 },
        customerName: 'Asha Rao',
        customerPhone: '+971 50 123 4567',
        flightNo: 'EK500',
        // What the ride serves and whom it picks up; still no price.
        service: 'Dubai Frame',
        hotelName: 'Rove Downtown',
        leadGuest: 'Mrs Asha Rao',
        remarks: 'Call on arrival',
        isCompleted: false,
        completedAt: null,
        status: 'open',
      },
    ]);
    expect(JSON.stringify(page.body)).not.toContain('150');

    // Another driver's transfer: the answer of an unknown id, and nothing changes.
    const foreign = await anonymous.call(updateTransferDoneByDriver, {
      transferid: theirs!.id,
      driverAccessToken: token,
    });
    const unknown = await anonymous.call(updateTransferDoneByDriver, {
      transferid: 'kartnope-activity-x-pickup',
      driverAccessToken: token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(await rowOf(theirs!.id)).toMatchObject({ status: 'assigned', isCompleted: false });

    const done = await anonymous.call(updateTransferDoneByDriver, { transferid: own!.id, driverAccessToken: token });
    expect(done.status).toBe(200);
    expect(done.body.result).toMatchObject({ id: own!.id, status: 'done', isCompleted: true });
    expect(await rowOf(own!.id)).toMatchObject({ status: 'done', isCompleted: true, internalDriverCharges: 150 });
    // A double tap is fine.
    expect(
      (await anonymous.call(updateTransferDoneByDriver, { transferid: own!.id, driverAccessToken: token })).status,
    ).toBe(200);
  });

  it('refuses a replaced, revoked, expired, unknown or malformed token with one answer', async () => {
    const d = await driver(admin, 'Hamid');
    await put(FD, transfer({ driverId: d, status: 'assigned' }));
    const first = await link(d);
    const second = await link(d);
    const refusedWith = async (token: string) => {
      const res = await driverSheet(token);
      expect(res.status).toBe(403);
      expect(res.body.errorMessage).toBe(DMC_OPS_MSG.linkNotValid);
      return res.body;
    };
    const replaced = await refusedWith(first);
    expect((await driverSheet(second)).status).toBe(200);

    expect(await ok(admin, revokeDriverAccessToken, { driverId: d })).toEqual({ driverId: d, revoked: true });
    expect(await refusedWith(second)).toEqual(replaced);
    expect(await ok(admin, revokeDriverAccessToken, { driverId: d })).toEqual({ driverId: d, revoked: false });
    expect((await ok(admin, getDriverAccessToken, { driverId: d })).link).toBeNull();
    expect(await refusedWith(newToken())).toEqual(replaced);
    const malformed = await driverSheet('not a token');
    expect(malformed.status).toBe(400);

    // Expired: a record whose expiry has passed (written as generate writes it).
    const e = await driver(admin, 'Imran');
    const expired = newToken();
    const at = new Date(Date.now() - 2 * 86_400_000).toISOString();
    expect(
      await replaceToken(
        FD,
        {
          hash: sha256(expired),
          driverId: e,
          createdAt: at,
          expiresAt: new Date(Date.now() - 1000).toISOString(),
          revokedAt: null,
        },
        null,
        [],
      ),
    ).toBe(true);
    expect(await refusedWith(expired)).toEqual(replaced);
    const markExpired = await anonymous.call(updateTransferDoneByDriver, {
      transferid: 'kartnope-activity-x-pickup',
      driverAccessToken: expired,
    });
    expect(markExpired.status).toBe(403);
  });

  it('rate-limits the driver page per token', async () => {
    const d = await driver(admin, 'Jamal');
    const token = await link(d);
    const from = uniqueLoopback();
    const statuses: number[] = [];
    // Two budgets and one: whichever minute windows the calls fall in, one window gets past its budget.
    for (let i = 0; i < 2 * DRIVER_PAGE_LIMITS.perToken + 1; i++)
      statuses.push(
        (await callFrom(from, FLIGHTDEALS.domain, getDriverTransferJobSheet, { driverAccessToken: token })).status,
      );
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const last = await callFrom(from, FLIGHTDEALS.domain, getDriverTransferJobSheet, { driverAccessToken: token });
    expect(last.body.errorMessage).toBe(last.status === 429 ? DMC_OPS_MSG.tooManyRequests : undefined);
  });
});

describe('isolation and permissions', () => {
  it("another site's token and transfer ids reach nothing", async () => {
    const skyway = await staff(SKYWAY);
    const theirDriver = await driver(skyway, 'Karim');
    const [theirs] = await put(SW, transfer({ driverId: theirDriver, status: 'assigned' }));
    const theirToken = await link(theirDriver, skyway);
    // Their token on our site.
    const res = await driverSheet(theirToken);
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(DMC_OPS_MSG.linkNotValid);
    // Their transfer id through our staff calls.
    await refused(admin, updateTransferStatusByStaff, { transferid: theirs!.id, isCompleted: false }, 404);
    await refused(admin, updateTransferDriverCharges, { id: theirs!.id, charges: 1 }, 404);
    await refused(admin, updateTransferDriver, { id: theirs!.id, driverId: null }, 404);
    const bulk = await ok(admin, checkTransferAssignment, { ids: [theirs!.id], driverId: await driver(admin, 'Lal') });
    expect(bulk.refused).toEqual([{ transferId: theirs!.id, message: OPS_TEXT.unknownTransfer }]);
    // Their driver through our link calls.
    await refused(admin, generateDriverAccessToken, { driverId: theirDriver }, 404);
    // Our token cannot mark their transfer.
    const ours = await link(await driver(admin, 'Mohan'));
    const mark = await anonymous.call(updateTransferDoneByDriver, { transferid: theirs!.id, driverAccessToken: ours });
    expect(mark.status).toBe(404);
    // Left as it was, and their token still works on their site.
    const theirPage = await new Client(SKYWAY.domain).call(getDriverTransferJobSheet, {
      driverAccessToken: theirToken,
    });
    expect(theirPage.status).toBe(200);
    expect(theirPage.body.result.transfers).toEqual([expect.objectContaining({ id: theirs!.id, status: 'open' })]);
  });

  it('refuses signed-out callers, customers and staff without the permission', async () => {
    const agent = await staff(FLIGHTDEALS, 'agent');
    await refused(anonymous, getTransferJobSheet, {}, 401);
    await refused(agent, getTransferJobSheet, {}, 403);
    await refused(agent, updateTransferDriver, { id: 'x', driverId: null }, 403);
    // Driver links are a staff right (spec 001 §6); a group may leave them out.
    const narrowed = await narrowedStaff(FLIGHTDEALS, ['dmc.jobSheet']);
    await refused(narrowed, generateDriverAccessToken, { driverId: 'dmc-x' }, 403);
    expect((await narrowed.call(getTransferJobSheet, {})).status).toBe(200);
  });
});
