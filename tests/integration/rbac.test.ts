/**
 * Permissions through the gateway: the session's permission state, permission groups (toggle rules,
 * unique names, permission-menu sites only), putting staff in groups (super admin only) and what that
 * changes at once; who may call the staff endpoints at all, and tenant isolation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@tp/contracts/endpoint';
import {
  customersEndpoints,
  getCustomers,
  getUserById,
  setFlightHoldSettingForUser,
} from '@tp/contracts/endpoints/customers';
import { getLeGroups, groupsEndpoints } from '@tp/contracts/endpoints/groups';
import {
  addUserToRbacUserGroup,
  getPermissionGroup,
  getPermissionsFromSession,
  getRbacUserGroupList,
  getUserGroupByUserId,
  getUsersByRbacUserGroup,
  RBAC_MSG,
  rbacEndpoints,
  savePermissionGroup,
  type TModuleState,
} from '@tp/contracts/endpoints/rbac';
import { getUserBySessionId } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { ALL_PERMISSION_KEYS } from '@tp/contracts/permissions';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import { DEFAULT_STAFF_PERMISSIONS } from '../../functions/src/lib/permissions.ts';
import { Client } from '../support/api.ts';
import { customer, demo, FLIGHTDEALS, newStaff, PARTNER, SKYWAY } from './customers-helpers.ts';
import { signedUpRetail, uniqueEmail, useStackTable } from './users-helpers.ts';

let admin: Client;
let staff: Client;
let groupIds: Map<string, string>;

beforeAll(async () => {
  useStackTable();
  [admin, staff] = await Promise.all([demo(FLIGHTDEALS, 'admin'), demo(FLIGHTDEALS, 'staff')]);
  const list = (await admin.call(getRbacUserGroupList, {})).body.result as { id: string; groupName: string }[];
  groupIds = new Map(list.map((g) => [g.groupName, g.id]));
});

const sessionPermissions = async (c: Client) => {
  const res = await c.call(getPermissionsFromSession, {});
  expect(res.status).toBe(200);
  return res.body.result as {
    permissions: string[];
    modules: TModuleState[];
    lastSyncAt: string;
    isUserSuperAdmin: boolean;
  };
};
const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
/**
 * The ticketing desk's: booking and the Flights queues (the disruption inbox among them), no Excel export, and the
 * PNR import the group grants beyond the defaults.
 */
const flightsKeys = [
  'flights.search',
  'flights.book',
  'flights.ticketQueue',
  'flights.holdQueue',
  'flights.changeRequests',
  'flights.disruptions',
  'flights.importPnr',
];

describe('getPermissionsFromSession', () => {
  it('gives a super admin every permission', async () => {
    const p = await sessionPermissions(admin);
    expect(p.isUserSuperAdmin).toBe(true);
    expect([...p.permissions].sort()).toEqual([...ALL_PERMISSION_KEYS].sort());
    expect(p.modules.every((m) => m.isActive)).toBe(true);
    expect(Date.parse(p.lastSyncAt)).not.toBeNaN();
  });

  it('gives staff without a group the default-allowed permissions, and customers none', async () => {
    expect((await sessionPermissions(staff)).permissions.sort()).toEqual([...DEFAULT_STAFF_PERMISSIONS].sort());
    const agent = await sessionPermissions(await demo(FLIGHTDEALS, 'agent'));
    expect(agent).toMatchObject({ permissions: [], isUserSuperAdmin: false });
    expect(agent.modules.some((m) => m.isActive)).toBe(false);
    expect((await new Client(FLIGHTDEALS.domain).call(getPermissionsFromSession, {})).status).toBe(401);
  });

  it("gives the seeded ticketing-desk staff member (Partner Holidays) the desk's booking and queues only", async () => {
    const desk = await demo(PARTNER, 'staff');
    const p = await sessionPermissions(desk);
    expect(p.permissions.sort()).toEqual([...flightsKeys].sort());
    expect(p.modules.filter((m) => m.isActive).map((m) => m.moduleName)).toEqual(['Flights']);
    expect((await desk.call(getCustomers, { page: 1 })).status).toBe(403);
  });
});

describe('permission groups', () => {
  it('are seeded per site', () => {
    expect([...groupIds.keys()]).toEqual(expect.arrayContaining(['Ticketing desk', 'Accounts']));
  });

  it('apply the toggle rules: a module or group switched on grants its defaults; a module switched off wins', async () => {
    const res = await admin.call(savePermissionGroup, {
      groupName: uniqueName('Desk'),
      modules: [
        {
          moduleName: 'Customers',
          groups: [
            { name: 'View', isActive: true },
            { name: 'Manage', permissions: [{ key: 'customers.exemptL2B', isActive: true }] },
          ],
        },
        {
          moduleName: 'Wallet',
          isActive: true,
          groups: [{ name: 'Reports', permissions: [{ key: 'wallet.downloadBalances', isActive: false }] }],
        },
        { moduleName: 'DMC', isActive: false, groups: [{ name: 'Masters', isActive: true }] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MSG.groupSaved);
    expect([...res.body.result.permissions].sort()).toEqual(
      // Add Money and PAN review are staff rights by default (spec 000 §2, §6): switching the Wallet module on
      // grants them.
      [
        'customers.exemptL2B',
        'customers.view',
        'customers.viewDetails',
        'wallet.addMoney',
        'wallet.verifyPan',
        'wallet.viewReports',
      ].sort(),
    );
    const modules = res.body.result.modules as TModuleState[];
    expect(modules.find((m) => m.moduleName === 'DMC')!.isActive).toBe(false);
    const customers = modules.find((m) => m.moduleName === 'Customers')!;
    expect(customers.groups.map((g) => [g.name, g.isActive])).toEqual([
      ['View', true],
      ['Manage', true],
      ['API consumers', false],
    ]);

    const loaded = await admin.call(getPermissionGroup, { id: res.body.result.id });
    expect(loaded.body.result).toEqual(res.body.result);
  });

  it('edit from their current grants, keep names unique, and refuse unknown permissions', async () => {
    const name = uniqueName('Edit');
    const created = (
      await admin.call(savePermissionGroup, { groupName: name, modules: [{ moduleName: 'Flights', isActive: true }] })
    ).body.result;
    const edited = await admin.call(savePermissionGroup, {
      id: created.id,
      groupName: `${name} 2`,
      modules: [{ moduleName: 'Flights', groups: [{ name: 'Queues', isActive: false }] }],
    });
    // The Settings group's defaults (markups, flight settings) stay: only Queues was switched off.
    expect(edited.body.result.permissions.sort()).toEqual([
      'flights.book',
      'flights.manageMarkup',
      'flights.search',
      'flights.settings',
    ]);
    expect((await admin.call(savePermissionGroup, { groupName: `${name.toUpperCase()} 2` })).status).toBe(409);
    const bad = await admin.call(savePermissionGroup, {
      groupName: uniqueName('Bad'),
      modules: [{ moduleName: 'Flights', groups: [{ name: 'Nope' }] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe(RBAC_MSG.unknownPermission);
  });

  it('are edited only with the permission-groups permission, and only on sites with the permission menu', async () => {
    expect((await staff.call(savePermissionGroup, { groupName: uniqueName('No') })).status).toBe(403);
    const skywayAdmin = await demo(SKYWAY, 'admin');
    const res = await skywayAdmin.call(savePermissionGroup, { groupName: uniqueName('No') });
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(RBAC_MSG.permissionMenuOff);
  });
});

describe('addUserToRBACUserGroup', () => {
  it("takes effect at once: an 'Accounts' staff member is refused customers, then restored when removed", async () => {
    const member = await newStaff(FLIGHTDEALS);
    expect((await member.client.call(getCustomers, { page: 1 })).status).toBe(200);
    const accounts = groupIds.get('Accounts')!;

    const added = await admin.call(addUserToRbacUserGroup, { userId: member.userId, userGroupId: accounts });
    expect(added.body).toMatchObject({
      message: MSG.groupChanged,
      result: { userId: member.userId, group: { id: accounts, groupName: 'Accounts' } },
    });
    expect((await member.client.call(getCustomers, { page: 1 })).status).toBe(403);
    expect((await member.client.call(getLeGroups, {})).status).toBe(403);
    // The seeded Accounts group is the Wallet module switched on: its defaults, Add Money and PAN review among them.
    expect((await sessionPermissions(member.client)).permissions.sort()).toEqual([
      'wallet.addMoney',
      'wallet.downloadBalances',
      'wallet.verifyPan',
      'wallet.viewReports',
    ]);
    expect((await admin.call(getUserGroupByUserId, { userId: member.userId })).body.result.group).toEqual({
      id: accounts,
      groupName: 'Accounts',
    });
    const members = (await staff.call(getUsersByRbacUserGroup, { rbacUserGroupId: accounts })).body.result as {
      id: string;
    }[];
    expect(members.map((m) => m.id)).toContain(member.userId);
    expect(await customer(admin, member.userId)).toMatchObject({
      userGroupName: 'Accounts',
      rbacUserGroupId: accounts,
    });

    const removed = await admin.call(addUserToRbacUserGroup, { userId: member.userId, userGroupId: null });
    expect(removed.body.result.group).toBeNull();
    expect((await member.client.call(getCustomers, { page: 1 })).status).toBe(200);
    const after = (await staff.call(getUsersByRbacUserGroup, { rbacUserGroupId: accounts })).body.result as {
      id: string;
    }[];
    expect(after.map((m) => m.id)).not.toContain(member.userId);
  });

  it('moves a member between groups and renames show on their row', async () => {
    const member = await newStaff(FLIGHTDEALS);
    const group = (
      await admin.call(savePermissionGroup, {
        groupName: uniqueName('Move'),
        modules: [{ moduleName: 'Flights', isActive: true }],
      })
    ).body.result;
    await admin.call(addUserToRbacUserGroup, { userId: member.userId, userGroupId: groupIds.get('Accounts')! });
    await admin.call(addUserToRbacUserGroup, { userId: member.userId, userGroupId: group.id });
    const accountsMembers = (await admin.call(getUsersByRbacUserGroup, { rbacUserGroupId: groupIds.get('Accounts')! }))
      .body.result as { id: string }[];
    expect(accountsMembers.map((m) => m.id)).not.toContain(member.userId);
    await admin.call(savePermissionGroup, { id: group.id, groupName: `${group.groupName} renamed` });
    expect((await customer(admin, member.userId)).userGroupName).toBe(`${group.groupName} renamed`);
  });

  it('is for super admins only, on sites with the permission menu, for staff users and known groups', async () => {
    const member = await newStaff(FLIGHTDEALS);
    expect(
      (await staff.call(addUserToRbacUserGroup, { userId: member.userId, userGroupId: groupIds.get('Accounts')! }))
        .status,
    ).toBe(403);
    const skywayAdmin = await demo(SKYWAY, 'admin');
    const skywayStaff = await newStaff(SKYWAY);
    const skywayGroups = (await skywayAdmin.call(getRbacUserGroupList, {})).body.result as { id: string }[];
    const refused = await skywayAdmin.call(addUserToRbacUserGroup, {
      userId: skywayStaff.userId,
      userGroupId: skywayGroups[0]!.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toBe(RBAC_MSG.permissionMenuOff);
    const { userId: retailId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const notStaff = await admin.call(addUserToRbacUserGroup, {
      userId: retailId,
      userGroupId: groupIds.get('Accounts')!,
    });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.errorMessage).toBe(RBAC_MSG.onlyStaff);
    expect((await admin.call(addUserToRbacUserGroup, { userId: member.userId, userGroupId: 'nope' })).status).toBe(404);
    const missing = await admin.call(addUserToRbacUserGroup, { userId: member.userId });
    expect(missing.status).toBe(400);
    expect(missing.body.shortError?.userGroupId).toBe(MSG.required);
  });
});

describe('who may call the staff endpoints', () => {
  const staffOnly = [...customersEndpoints, ...groupsEndpoints, ...rbacEndpoints].filter(
    (e) => e.auth === 'staff' || e.auth === 'superAdmin',
  );
  let inputs: Record<string, () => Record<string, unknown>>;

  beforeAll(async () => {
    const { userId } = await signedUpRetail(new Client(FLIGHTDEALS.domain));
    const target: TCustomer = await customer(admin, userId);
    const member = await newStaff(FLIGHTDEALS);
    const leGroups = (await admin.call(getLeGroups, {})).body.result as { id: string; isDefault: boolean }[];
    const defaultGroup = leGroups.find((g) => g.isDefault)!.id;
    const accounts = groupIds.get('Accounts')!;
    inputs = {
      'users.getCustomers': () => ({ page: 1 }),
      'users.searchWlUser': () => ({ searchQuery: 'test' }),
      'users.getUserById': () => ({ userId }),
      'users.toggleBlock': () => ({ customerId: target.users_id, isBlocked: false }),
      'users.updateDetails': () => ({
        customerId: target.users_id,
        firstName: target.firstName,
        lastName: target.lastName,
        email: target.email,
        phoneNumbers: target.phoneNumbers,
      }),
      'users.toggleFlightSearchExemption': () => ({ customerId: target.users_id, exempt: false }),
      'users.setFlightHoldSettingForUser': () => ({ userId, isFlightHold: false }),
      'users.setFlightSearchSettingForUser': () => ({ userId, isFlightSearchAllowed: true }),
      'users.getCustomerMonthlyFlightDetails': () => ({ userId }),
      'users.createAgent': () => ({
        userData: { userType: 'retail', customer: { firstName: 'Any', email: uniqueEmail('who') } },
      }),
      'users.getEmailSubscribers': () => ({ page: 1 }),
      'users.createDetailPendingCustomerForDmc': () => ({ firstName: 'Any', email: uniqueEmail('dmc') }),
      'markup.getLeGroups': () => ({}),
      'markup.saveLeGroup': () => ({ groupName: uniqueName('Who') }),
      'markup.setDefaultLeGroup': () => ({ groupId: defaultGroup }),
      'markup.mapLegalEntityToGroup': () => ({ groupId: defaultGroup, LEId: target.legalEntityId }),
      'markup.getConsumerGroupMapping': () => ({ consumerLEId: target.legalEntityId }),
      'rbac.getRbacUserGroupList': () => ({}),
      'rbac.getUserGroupByUserId': () => ({ userId: member.userId }),
      'rbac.addUserToRbacUserGroup': () => ({ userId: member.userId, userGroupId: null }),
      'rbac.getUsersByRbacUserGroup': () => ({ rbacUserGroupId: accounts }),
      'rbac.savePermissionGroup': () => ({ groupName: uniqueName('Who') }),
      'rbac.getPermissionGroup': () => ({ id: accounts }),
    };
  });

  const call = (c: Client, e: Endpoint) => c.call(e, inputs[e.id]!());

  it('has an input for every staff endpoint', () => {
    expect(staffOnly.filter((e) => !inputs[e.id]).map((e) => e.id)).toEqual([]);
  });

  it('lets a super admin do everything', async () => {
    for (const e of staffOnly) {
      const res = await call(admin, e);
      expect(res.status, `${e.id}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it('refuses retail customers and agents with 403, and anonymous callers with 401', async () => {
    const [retail, agent] = await Promise.all([demo(FLIGHTDEALS, 'retail'), demo(FLIGHTDEALS, 'agent')]);
    for (const e of staffOnly) {
      expect((await call(retail, e)).status, e.id).toBe(403);
      expect((await call(agent, e)).status, e.id).toBe(403);
      expect((await call(new Client(FLIGHTDEALS.domain), e)).status, e.id).toBe(401);
    }
  });
});

describe('tenant isolation', () => {
  it("refuses a site's session on another site's domain with 401", async () => {
    const onSkyway = new Client(SKYWAY.domain);
    onSkyway.cookie = admin.cookie;
    expect((await onSkyway.call(getCustomers, { page: 1 })).status).toBe(401);
    expect((await onSkyway.call(getUserBySessionId, {})).status).toBe(401);
  });

  it("answers 404 for another site's users", async () => {
    const skywayUser = await signedUpRetail(new Client(SKYWAY.domain));
    const skywayStaff = await newStaff(SKYWAY);
    expect((await admin.call(getUserById, { userId: skywayUser.userId })).status).toBe(404);
    expect(
      (await admin.call(setFlightHoldSettingForUser, { userId: skywayUser.userId, isFlightHold: true })).status,
    ).toBe(404);
    expect((await admin.call(getUserGroupByUserId, { userId: skywayStaff.userId })).status).toBe(404);
    expect((await admin.call(addUserToRbacUserGroup, { userId: skywayStaff.userId, userGroupId: null })).status).toBe(
      404,
    );
    const skywayGroups = (await skywayStaff.client.call(getRbacUserGroupList, {})).body.result as { id: string }[];
    expect((await admin.call(getUsersByRbacUserGroup, { rbacUserGroupId: skywayGroups[0]!.id })).status).toBe(404);
    expect((await admin.call(getPermissionGroup, { id: skywayGroups[0]!.id })).status).toBe(404);
    const skywayRow = await customer(skywayStaff.client, skywayUser.userId);
    expect(skywayRow.users_id).toBeGreaterThan(0);
  });
});
