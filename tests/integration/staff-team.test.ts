/**
 * A reseller's own team through the gateway: a super admin invites a staff member with a permission group; the
 * invite mail's link sets the password once (a second use, an expired link and a re-sent invite's older link are
 * refused); the member signs in with the group's rights; deactivation ends their session at once and refuses
 * sign-in, reactivation restores it; the group changes; an open invite is revoked. Who may do it, and audit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getAuditLog } from '@tp/contracts/endpoints/audit';
import { getPermissionsFromSession, getRbacUserGroupList, savePermissionGroup } from '@tp/contracts/endpoints/rbac';
import {
  changeStaffGroup,
  inviteStaff,
  listStaff,
  resendStaffInvite,
  revokeStaffInvite,
  setStaffActive,
  STAFF_MSG,
  type TStaffMember,
} from '@tp/contracts/endpoints/staff';
import { generatePassword, getUserBySessionId, login } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { RBAC_MSG } from '@tp/contracts/endpoints/rbac';
import { DEFAULT_STAFF_PERMISSIONS } from '../../functions/src/lib/permissions.ts';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys } from '../../functions/src/lib/keys.ts';
import { Client, mailbox, waitForMail } from '../support/api.ts';
import { demo, FLIGHTDEALS, newStaff, SKYWAY } from './customers-helpers.ts';
import { linkToken, uniqueEmail, useStackTable } from './users-helpers.ts';

let admin: Client;
let groups: Map<string, string>;

beforeAll(async () => {
  useStackTable();
  admin = await demo(FLIGHTDEALS, 'admin');
  const list = (await admin.call(getRbacUserGroupList, {})).body.result as { id: string; groupName: string }[];
  groups = new Map(list.map((g) => [g.groupName, g.id]));
});

const client = (domain = FLIGHTDEALS.domain) => new Client(domain);
const setPassword = (token: string, password: string, domain = FLIGHTDEALS.domain) =>
  client(domain).call(generatePassword, { token, password, confirmPassword: password });

async function invite(by: Client, input: Record<string, unknown>) {
  const res = await by.call(inviteStaff, input);
  return res;
}

/** The newest invite link mailed to `email` other than `not`. */
async function inviteLink(email: string, not?: string): Promise<string> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const mails = (await mailbox()).filter((m) => m.destination.to.includes(email) && /invited to/.test(m.subject));
    const token = mails.length ? linkToken(mails.at(-1)!.body.text, 'token') : undefined;
    if (token && token !== not) return token;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no invite mail for ${email}`);
}

async function allStaff(by: Client): Promise<TStaffMember[]> {
  const out: TStaffMember[] = [];
  let cursor: string | undefined;
  do {
    const res = await by.call(listStaff, { limit: 100, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    out.push(...(res.body.result.records as TStaffMember[]));
    cursor = res.body.result.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
const listed = async (by: Client, userId: string) => (await allStaff(by)).find((m) => m.userId === userId);

describe('a super admin staffs the site', () => {
  it('invites with a group; the link sets a password once; deactivate, reactivate, change group; all audited', async () => {
    const email = uniqueEmail('teammate');
    const desk = groups.get('Ticketing desk')!;
    const res = await invite(admin, { email, name: 'Neha Kapoor', groupId: desk });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(STAFF_MSG.invited);
    const invited = res.body.result as TStaffMember;
    expect(invited).toMatchObject({
      email,
      firstName: 'Neha',
      lastName: 'Kapoor',
      role: 'staff',
      status: 'invited',
      group: { id: desk, groupName: 'Ticketing desk' },
      lastSignInAt: null,
    });
    expect(Date.parse(invited.inviteExpiresAt!)).toBeGreaterThan(Date.now() + 2 * 24 * 3600_000);
    expect(await listed(admin, invited.userId)).toMatchObject({ status: 'invited' });

    // No password yet: nobody signs in as the invitee.
    expect((await client().call(login, { email, password: 'Anything-123' })).status).toBe(401);

    const mail = await waitForMail(email, /You are invited to Flight Deals/);
    expect(mail.body.text).toMatch(/http:\/\/flightdeals\.localhost:\d+\/app\/generate_password\?token=/);
    expect(mail.body.text).toContain('Asha Admin invited you to join Flight Deals as staff');
    const token = linkToken(mail.body.text, 'token');

    expect((await setPassword(token, 'Neha-Desk-2026')).status).toBe(200);
    const again = await setPassword(token, 'Other-Pass-2026');
    expect(again.status).toBe(400);
    expect(again.body.errorMessage).toBe(MSG.resetLinkInvalid);

    const member = client();
    const signIn = await member.call(login, { email, password: 'Neha-Desk-2026' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.result).toMatchObject({ userType: 'staff', status: 'verified' });
    const perms = (await member.call(getPermissionsFromSession, {})).body.result as { permissions: string[] };
    expect(perms.permissions).toContain('flights.ticketQueue');
    expect(perms.permissions).not.toContain('users.manage');

    const active = await listed(admin, invited.userId);
    expect(active).toMatchObject({ status: 'active', inviteExpiresAt: null });
    expect(Date.parse(active!.lastSignInAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Deactivated: the open session stops at once, sign-in is refused.
    const off = await admin.call(setStaffActive, { userId: invited.userId, active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: STAFF_MSG.deactivated, result: { status: 'deactivated' } });
    expect((await member.call(getUserBySessionId, {})).status).toBe(401);
    const refused = await client().call(login, { email, password: 'Neha-Desk-2026' });
    expect(refused.status).toBe(401);
    expect(refused.body.errorMessage).toBe(MSG.accountBlocked);

    const on = await admin.call(setStaffActive, { userId: invited.userId, active: true });
    expect(on.body).toMatchObject({ message: STAFF_MSG.reactivated, result: { status: 'active' } });
    const back = client();
    expect((await back.call(login, { email, password: 'Neha-Desk-2026' })).status).toBe(200);

    // To the staff defaults: the group's narrower rights give way to the spec's staff rights at once.
    const moved = await admin.call(changeStaffGroup, { userId: invited.userId, groupId: null });
    expect(moved.status).toBe(200);
    expect(moved.body.result.group).toBeNull();
    const defaults = (await back.call(getPermissionsFromSession, {})).body.result as { permissions: string[] };
    expect([...defaults.permissions].sort()).toEqual([...DEFAULT_STAFF_PERMISSIONS].sort());
    const accounts = await admin.call(changeStaffGroup, { userId: invited.userId, groupId: groups.get('Accounts') });
    expect(accounts.body.result.group).toEqual({ id: groups.get('Accounts'), groupName: 'Accounts' });

    const log = await admin.call(getAuditLog, { entity: 'staffMember', limit: 100 });
    const mine = (log.body.result.records as { id: string; action: string }[]).filter((e) => e.id === invited.userId);
    expect(mine.map((e) => e.action)).toEqual(['unblock', 'block', 'create']);
    const assignments = await admin.call(getAuditLog, { entity: 'permissionAssignment', limit: 100 });
    expect((assignments.body.result.records as { id: string }[]).filter((e) => e.id === invited.userId)).toHaveLength(
      2,
    );
  });

  it('refuses an expired link, and the older link of a re-sent invite', async () => {
    const email = uniqueEmail('late');
    const res = await invite(admin, { email, name: 'Late Joiner' });
    const userId = res.body.result.userId as string;
    const first = await inviteLink(email);

    const resent = await admin.call(resendStaffInvite, { userId });
    expect(resent.body).toMatchObject({ message: STAFF_MSG.inviteResent, result: { status: 'invited' } });
    const second = await inviteLink(email, first);
    expect((await setPassword(first, 'First-Link-2026')).status).toBe(400);

    // Three days on: the stored expiry moved into the past, as time would.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(asSiteId(FLIGHTDEALS.siteId), userId),
        UpdateExpression: 'SET resetLink.expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const late = await setPassword(second, 'Late-Link-2026');
    expect(late.status).toBe(400);
    expect(late.body.shortError).toEqual({ token: MSG.resetLinkInvalid });

    // A new link works again.
    await admin.call(resendStaffInvite, { userId });
    expect((await setPassword(await inviteLink(email, second), 'Fresh-Link-2026')).status).toBe(200);
    // An accepted invite is no longer open.
    expect((await admin.call(resendStaffInvite, { userId })).status).toBe(404);
    expect((await admin.call(revokeStaffInvite, { userId })).status).toBe(404);
  });

  it('revokes an open invite: the account and its link are gone, the address is free again', async () => {
    const email = uniqueEmail('revoked');
    const res = await invite(admin, { email, name: 'Changed Mind', groupId: groups.get('Accounts') });
    const userId = res.body.result.userId as string;
    const token = await inviteLink(email);
    const revoked = await admin.call(revokeStaffInvite, { userId });
    expect(revoked.body).toMatchObject({ message: STAFF_MSG.inviteRevoked, result: { userId } });
    expect(await listed(admin, userId)).toBeUndefined();
    expect((await setPassword(token, 'Revoked-Link-2026')).status).toBe(400);
    expect((await invite(admin, { email, name: 'Changed Mind' })).status).toBe(200);
  });

  it('refuses bad input and changes nothing', async () => {
    const email = uniqueEmail('bad');
    const noMail = await invite(admin, { email: 'not-an-address', name: 'X' });
    expect(noMail.status).toBe(400);
    expect(noMail.body.shortError).toHaveProperty('email');
    const unknownGroup = await invite(admin, { email, name: 'No Group', groupId: 'no-such-group' });
    expect(unknownGroup.status).toBe(400);
    expect(unknownGroup.body.shortError).toEqual({ groupId: MSG.invalidValue });
    expect((await allStaff(admin)).some((m) => m.email === email)).toBe(false);
    const taken = await invite(admin, { email: `staff@${FLIGHTDEALS.domain}`, name: 'Twin' });
    expect(taken.status).toBe(409);
    expect(taken.body.shortError).toEqual({ email: MSG.emailTaken });
  });
});

describe('who may manage staff', () => {
  it('staff without users.manage are refused; customers too', async () => {
    const staff = await demo(FLIGHTDEALS, 'staff');
    expect((await staff.call(listStaff, {})).status).toBe(403);
    expect((await staff.call(inviteStaff, { email: uniqueEmail('x'), name: 'X' })).status).toBe(403);
    const agent = await demo(FLIGHTDEALS, 'agent');
    expect((await agent.call(listStaff, {})).status).toBe(403);
  });

  it('nobody changes their own access, and only super admins change a super admin or invite one', async () => {
    const self = await admin.call(setStaffActive, {
      userId: (await admin.call(getUserBySessionId, {})).body.result.id,
      active: false,
    });
    expect(self.status).toBe(403);
    expect(self.body.errorMessage).toBe(STAFF_MSG.cannotManageSelf);

    // A manager: staff in a group that grants users.manage.
    const other = await newStaff(FLIGHTDEALS, { superAdmin: true });
    const manager = await newStaff(FLIGHTDEALS);
    const leads = await admin.call(savePermissionGroup, {
      groupName: `Team leads ${Math.random().toString(36).slice(2, 8)}`,
      modules: [
        { moduleName: 'Staff', groups: [{ name: 'Team', permissions: [{ key: 'users.manage', isActive: true }] }] },
      ],
    });
    expect(leads.status).toBe(200);
    await admin.call(changeStaffGroup, { userId: manager.userId, groupId: leads.body.result.id });
    expect((await manager.client.call(listStaff, {})).status).toBe(200);
    const superInvite = await invite(manager.client, { email: uniqueEmail('boss'), name: 'Boss', role: 'superAdmin' });
    expect(superInvite.status).toBe(403);
    const touchAdmin = await manager.client.call(setStaffActive, { userId: other.userId, active: false });
    expect(touchAdmin.status).toBe(403);
    expect(touchAdmin.body.errorMessage).toBe(STAFF_MSG.onlySuperAdminsManageSuperAdmins);
    const ownGroup = await manager.client.call(changeStaffGroup, { userId: manager.userId, groupId: null });
    expect(ownGroup.status).toBe(403);
    // A plain staff member is theirs to invite and deactivate.
    const hired = await invite(manager.client, { email: uniqueEmail('hire'), name: 'New Hire' });
    expect(hired.status).toBe(200);
    expect(
      (await manager.client.call(setStaffActive, { userId: hired.body.result.userId, active: false })).status,
    ).toBe(200);
  });

  it('groups only where the site shows the permission menu', async () => {
    const skywayAdmin = await demo(SKYWAY, 'admin');
    const res = await invite(skywayAdmin, { email: uniqueEmail('sky'), name: 'Sky Staff', groupId: 'any-group' });
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(RBAC_MSG.permissionMenuOff);
    const plain = await invite(skywayAdmin, { email: uniqueEmail('sky'), name: 'Sky Staff' });
    expect(plain.status).toBe(200);
    expect(plain.body.result).toMatchObject({ status: 'invited', group: null });
  });

  it("one site never sees or touches another's staff", async () => {
    const skywayAdmin = await demo(SKYWAY, 'admin');
    const res = await invite(admin, { email: uniqueEmail('mine'), name: 'Flight Deals Only' });
    const userId = res.body.result.userId as string;
    expect((await allStaff(skywayAdmin)).some((m) => m.userId === userId)).toBe(false);
    expect((await skywayAdmin.call(setStaffActive, { userId, active: false })).status).toBe(404);
    expect((await skywayAdmin.call(revokeStaffInvite, { userId })).status).toBe(404);
    expect((await listed(admin, userId))?.status).toBe('invited');
  });
});
