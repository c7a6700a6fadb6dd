import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { ALL_PERMISSION_KEYS, PERMISSION_CATALOGUE } from '@tp/contracts/permissions';
import { RBAC_MSG, type TModuleEdit } from '@tp/contracts/endpoints/rbac';
import { grantedKeys } from '@tp/domain/permissions';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import type { TransactItem } from '#lib/db';
import type { UserRecord } from '../users/repo.ts';
import type { RbacGroupRecord, RbacWrite } from './repo.ts';
import { applyEdits, assignUser, catalogueState, saveGroup, sessionPermissions, type RbacDeps } from './service.ts';
import { caught } from '#lib/testing';
import { asSiteId } from '#lib/keys';

const site = (canShowPermissionMenu: boolean) =>
  ({ siteId: 's1', wlMeta: { canShowPermissionMenu } }) as unknown as SiteRecord;
const now = new Date('2026-11-22T10:00:00Z');
const actor = { userId: 'admin', email: 'admin@example.com', record: { firstName: 'Ada' } } as unknown as Principal;
const none = () => catalogueState(new Set());
const keysOf = (moduleName: string, only?: (p: { defaultAllowed: boolean }) => boolean) =>
  PERMISSION_CATALOGUE.find((m) => m.moduleName === moduleName)!.groups.flatMap((g) =>
    g.permissions.filter((p) => !only || only(p)).map((p) => p.key),
  );

describe('applyEdits (the toggle rules on the catalogue)', () => {
  it("grants a module's default-allowed permissions when the module is switched on", () => {
    for (const m of PERMISSION_CATALOGUE)
      expect(grantedKeys(applyEdits(none(), [{ moduleName: m.moduleName, isActive: true, groups: [] }]))).toEqual(
        keysOf(m.moduleName, (p) => p.defaultAllowed),
      );
  });

  it('grants only what the switches say, and nothing inside a module switched off', () => {
    const edit = fc.record({
      moduleName: fc.constantFrom(...PERMISSION_CATALOGUE.map((m) => m.moduleName)),
      isActive: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), fc.subarray([...ALL_PERMISSION_KEYS]), (edits, start) => {
        const mods = applyEdits(
          catalogueState(new Set(start)),
          edits.map((e) => ({ ...e, groups: [] }) as TModuleEdit),
        );
        const granted = grantedKeys(mods);
        expect(granted.every((k) => ALL_PERMISSION_KEYS.includes(k))).toBe(true);
        const last = new Map(edits.filter((e) => e.isActive !== undefined).map((e) => [e.moduleName, e.isActive]));
        for (const [moduleName, on] of last) {
          const inModule = granted.filter((k) => keysOf(moduleName).includes(k));
          expect(inModule).toEqual(on ? keysOf(moduleName, (p) => p.defaultAllowed) : []);
        }
      }),
    );
  });

  it('switches a group on with its defaults, then single permissions; a group switched off keeps nothing', () => {
    const mods = applyEdits(none(), [
      {
        moduleName: 'Flights',
        groups: [
          { name: 'Booking', isActive: true, permissions: [{ key: 'flights.hold', isActive: true }] },
          { name: 'Queues', isActive: false, permissions: [{ key: 'flights.ticketQueue', isActive: true }] },
        ],
      },
    ]);
    expect(grantedKeys(mods)).toEqual(['flights.search', 'flights.book', 'flights.hold']);
  });

  it('refuses unknown modules, groups and permissions (and a permission in the wrong group)', () => {
    for (const edit of [
      { moduleName: 'Nope', groups: [] },
      { moduleName: 'Flights', groups: [{ name: 'Nope', permissions: [] }] },
      {
        moduleName: 'Flights',
        groups: [{ name: 'Booking', permissions: [{ key: 'wallet.addMoney', isActive: true }] }],
      },
    ] as TModuleEdit[])
      expect(() => applyEdits(none(), [edit])).toThrow(RBAC_MSG.unknownPermission);
  });
});

function fakes(users: UserRecord[] = [], groups: RbacGroupRecord[] = []) {
  const moves: { userId: string; from: string | null; to: string | null; op: TransactItem }[] = [];
  const written: RbacGroupRecord[] = [];
  const deps: RbacDeps = {
    repo: {
      listGroups: async () => groups,
      getGroup: async (_s, id) => groups.find((g) => g.groupId === id) ?? null,
      createGroup: async (g): Promise<RbacWrite> =>
        groups.some((x) => x.groupName.toLowerCase() === g.groupName.toLowerCase())
          ? { ok: false, taken: ['name'] }
          : (written.push(g), { ok: true }),
      updateGroup: async (_p, g) => (written.push(g), { ok: true }),
      memberIds: async () => [],
      moveMember: async (_s, userId, from, to, op) => (moves.push({ userId, from, to, op }), { ok: true }),
    },
    users: { getUser: async (_s, id) => users.find((u) => u.userId === id) ?? null },
    customers: {
      getUsers: async () => [],
      userFieldsOp: (_s, userId, set, remove) => ({
        Update: { TableName: 't', Key: { userId }, UpdateExpression: JSON.stringify({ set, remove }) },
      }),
      applyUserUpdate: vi.fn(async () => true),
    },
    permissionsOf: async (p) =>
      new Set(p.isSuperAdmin ? ALL_PERMISSION_KEYS : p.userType === 'staff' ? ['customers.view'] : []),
  };
  return { deps, moves, written };
}

describe('sessionPermissions', () => {
  it('describes the catalogue with the granted keys active', async () => {
    const f = fakes();
    const p = await sessionPermissions({ userType: 'staff', isSuperAdmin: false } as Principal, now, f.deps);
    expect(p).toMatchObject({
      permissions: ['customers.view'],
      isUserSuperAdmin: false,
      lastSyncAt: now.toISOString(),
    });
    const customers = p.modules.find((m) => m.moduleName === 'Customers')!;
    expect(customers.isActive).toBe(true);
    expect(customers.groups.map((g) => g.isActive)).toEqual([true, false, false]);
    expect(customers.groups[0]!.permissions[0]).toEqual({
      key: 'customers.view',
      label: 'View customers',
      isActive: true,
      defaultAllowed: true,
    });
  });
});

describe('saveGroup and assignUser', () => {
  const staffUser = { siteId: 's1', userId: 'u1', userType: 'staff', rbacUserGroupId: 'old' } as UserRecord;
  const group = {
    siteId: asSiteId('s1'),
    groupId: 'g1',
    groupName: 'Accounts',
    permissions: ['wallet.viewReports'],
    createdAt: '',
    updatedAt: '',
  };

  it('are refused on a site without the permission menu', async () => {
    const f = fakes([staffUser], [group]);
    for (const p of [
      saveGroup({ site: site(false), now, principal: actor }, { groupName: 'X', modules: [] }, f.deps),
      assignUser({ site: site(false), now, principal: actor }, { userId: 'u1', userGroupId: 'g1' }, f.deps),
    ]) {
      const err = await caught(p);
      expect([err.status, err.message]).toEqual([403, RBAC_MSG.permissionMenuOff]);
    }
  });

  it('stores granted keys and reports a taken name with 409', async () => {
    const f = fakes([], [group]);
    const saved = await saveGroup(
      { site: site(true), now, principal: actor },
      { groupName: 'Desk', modules: [{ moduleName: 'Wallet', isActive: true, groups: [] }] },
      f.deps,
    );
    // The module's defaults: Add Money (spec 000 §2 / §6) and PAN review (the customer's details, spec 000 §6).
    expect(saved.permissions).toEqual([
      'wallet.viewReports',
      'wallet.downloadBalances',
      'wallet.addMoney',
      'wallet.verifyPan',
    ]);
    expect(f.written[0]).toMatchObject({ groupName: 'Desk', permissions: saved.permissions });
    const err = await caught(
      saveGroup({ site: site(true), now, principal: actor }, { groupName: 'ACCOUNTS', modules: [] }, f.deps),
    );
    expect([err.status, err.fields]).toEqual([409, { groupName: RBAC_MSG.groupNameTaken }]);
  });

  it('moves a staff user from their group to another, or out of any; customers cannot be put in one', async () => {
    const f = fakes([staffUser, { ...staffUser, userId: 'c1', userType: 'retail' }], [group]);
    expect(
      await assignUser({ site: site(true), now, principal: actor }, { userId: 'u1', userGroupId: 'g1' }, f.deps),
    ).toEqual({
      userId: 'u1',
      group: { id: 'g1', groupName: 'Accounts' },
    });
    await assignUser({ site: site(true), now, principal: actor }, { userId: 'u1', userGroupId: null }, f.deps);
    expect(f.moves.map((m) => [m.from, m.to])).toEqual([
      ['old', 'g1'],
      ['old', null],
    ]);
    expect(f.moves[1]!.op.Update!.UpdateExpression).toContain('rbacUserGroupId');
    const err = await caught(
      assignUser({ site: site(true), now, principal: actor }, { userId: 'c1', userGroupId: 'g1' }, f.deps),
    );
    expect([err.status, err.message]).toEqual([400, RBAC_MSG.onlyStaff]);
    expect(
      (
        await caught(
          assignUser({ site: site(true), now, principal: actor }, { userId: 'u1', userGroupId: 'nope' }, f.deps),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await caught(
          assignUser({ site: site(true), now, principal: actor }, { userId: 'nobody', userGroupId: null }, f.deps),
        )
      ).status,
    ).toBe(404);
  });
});
