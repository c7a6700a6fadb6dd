/**
 * Permission groups (RBAC): named sets of granted permission keys from the one catalogue, edited
 * with the pure toggle rules, and the staff users in them.
 */
import { PERMISSION_CATALOGUE } from '@tp/contracts/permissions';
import { RBAC_MSG, type TModuleEdit, type TModuleState } from '@tp/contracts/endpoints/rbac';
import {
  grantedKeys,
  isGroupActive,
  isModuleActive,
  toggleGroup,
  toggleModule,
  togglePermission,
  type ModuleState,
} from '@tp/domain/permissions';
import { newId } from '#lib/crypto';
import { auditActor, auditPut, recordChange } from '#lib/audit';
import { fail } from '#lib/errors';
import { permissionsOf } from '#lib/permissions';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import * as customers from '../users/records.ts';
import * as users from '../users/records.ts';
import type { UserRecord } from '../users/records.ts';
import * as repo from './repo.ts';
import type { RbacGroupRecord } from './repo.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/rbac';
import * as MSG from '@tp/contracts/messages';
import { answers, reply } from '#lib/answers';

export interface RbacDeps {
  repo: typeof repo;
  users: Pick<typeof users, 'getUser'>;
  customers: Pick<typeof customers, 'getUsers' | 'userFieldsOp' | 'applyUserUpdate'>;
  permissionsOf: typeof permissionsOf;
}
export const defaultDeps: RbacDeps = { repo, users, customers, permissionsOf };

export interface Scope {
  site: SiteRecord;
  now: Date;
}
/** A change's scope: who acts, for its audit entry. */
type ChangeScope = Scope & { principal: Principal };

const LABELS = new Map(
  PERMISSION_CATALOGUE.flatMap((m) => m.groups.flatMap((g) => g.permissions.map((p) => [p.key, p.label]))),
);

/** The catalogue with the given keys switched on, in the toggle rules' shape. */
export function catalogueState(granted: ReadonlySet<string>): ModuleState[] {
  return PERMISSION_CATALOGUE.map((m) => ({
    moduleName: m.moduleName,
    groups: m.groups.map((g) => ({
      name: g.name,
      permissions: g.permissions.map((p) => ({
        key: p.key,
        isActive: granted.has(p.key),
        defaultAllowed: p.defaultAllowed,
      })),
    })),
  }));
}

/** The screens' view of a state: labels, and whether each module and group is active. */
export const describeState = (mods: ModuleState[]): TModuleState[] =>
  mods.map((m) => ({
    moduleName: m.moduleName,
    isActive: isModuleActive(m),
    groups: m.groups.map((g) => ({
      name: g.name,
      isActive: isGroupActive(g),
      permissions: g.permissions.map((p) => ({ ...p, label: LABELS.get(p.key) ?? p.key })),
    })),
  }));

const unknown = () => fail.validation(RBAC_MSG.unknownPermission, { modules: RBAC_MSG.unknownPermission });

/**
 * Applies the editor's switches with the toggle rules. Inside a module (or group) switched off,
 * nothing is switched back on: the module switch wins, as the editor disables what it contains.
 */
export function applyEdits(start: ModuleState[], edits: TModuleEdit[]): ModuleState[] {
  let mods = start;
  for (const edit of edits) {
    const mod = mods.find((m) => m.moduleName === edit.moduleName);
    if (!mod) throw unknown();
    if (edit.isActive !== undefined) mods = toggleModule(mods, mod.moduleName, edit.isActive);
    if (edit.isActive === false) continue;
    for (const g of edit.groups) {
      const group = mod.groups.find((x) => x.name === g.name);
      if (!group) throw unknown();
      if (g.isActive !== undefined) mods = toggleGroup(mods, mod.moduleName, group.name, g.isActive);
      if (g.isActive === false) continue;
      for (const p of g.permissions) {
        if (!group.permissions.some((x) => x.key === p.key)) throw unknown();
        mods = togglePermission(mods, mod.moduleName, p.key, p.isActive);
      }
    }
  }
  return mods;
}

const view = (g: RbacGroupRecord) => ({
  id: g.groupId,
  groupName: g.groupName,
  permissions: g.permissions,
  modules: describeState(catalogueState(new Set(g.permissions))),
});

export async function sessionPermissions(principal: Principal, now: Date, deps: RbacDeps = defaultDeps) {
  const granted = await deps.permissionsOf(principal);
  const modules = catalogueState(granted);
  return {
    permissions: grantedKeys(modules),
    modules: describeState(modules),
    lastSyncAt: now.toISOString(),
    isUserSuperAdmin: principal.userType === 'staff' && principal.isSuperAdmin,
  };
}

export async function listGroups(siteId: SiteId, deps: RbacDeps = defaultDeps) {
  return (await deps.repo.listGroups(siteId)).map((g) => ({
    id: g.groupId,
    groupName: g.groupName,
    permissions: g.permissions,
  }));
}

async function requireGroup(siteId: SiteId, groupId: string, deps: RbacDeps): Promise<RbacGroupRecord> {
  const group = await deps.repo.getGroup(siteId, groupId);
  if (!group) throw fail.notFound();
  return group;
}

export async function getGroup(siteId: SiteId, groupId: string, deps: RbacDeps = defaultDeps) {
  return view(await requireGroup(siteId, groupId, deps));
}

const requirePermissionMenu = (site: SiteRecord) => {
  if (!site.wlMeta.canShowPermissionMenu) throw fail.forbidden(RBAC_MSG.permissionMenuOff);
};

type GroupEdit = { id?: string | undefined; groupName: string; modules: TModuleEdit[] };

/** The permission-group editor's save: only on sites that show the permission menu. */
export async function saveGroup(scope: ChangeScope, input: GroupEdit, deps: RbacDeps = defaultDeps) {
  requirePermissionMenu(scope.site);
  return storeGroup(scope, input, deps);
}

/**
 * Creates a group from the editor's switches, or edits one starting from its current grants. A rename
 * is copied onto its members' user items (for the customer list's badge) after the save.
 */
export async function storeGroup(
  { site, now, principal }: ChangeScope,
  input: GroupEdit,
  deps: RbacDeps = defaultDeps,
) {
  const prev = input.id ? await requireGroup(site.siteId, input.id, deps) : null;
  const permissions = grantedKeys(applyEdits(catalogueState(new Set(prev?.permissions ?? [])), input.modules));
  const next: RbacGroupRecord = {
    siteId: site.siteId,
    groupId: prev?.groupId ?? newId(),
    groupName: input.groupName,
    permissions,
    createdAt: prev?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const audit = auditPut(
    site.siteId,
    recordChange('permissionGroup', next.groupId, prev, next),
    auditActor(principal),
    now,
  );
  const written = prev ? await deps.repo.updateGroup(prev, next, audit) : await deps.repo.createGroup(next, audit);
  if (!written.ok) {
    if (written.taken.includes('name'))
      throw fail.conflict(RBAC_MSG.groupNameTaken, { groupName: RBAC_MSG.groupNameTaken });
    throw fail.conflict(RBAC_MSG.groupChangedMeanwhile);
  }
  if (prev && prev.groupName !== next.groupName)
    for (const userId of await deps.repo.memberIds(site.siteId, next.groupId))
      await deps.customers.applyUserUpdate(
        deps.customers.userFieldsOp(site.siteId, userId, { rbacUserGroupName: next.groupName }, [], {
          field: 'rbacUserGroupId',
          equals: next.groupId,
        }),
      );
  return view(next);
}

async function requireUser(siteId: SiteId, userId: string, deps: RbacDeps): Promise<UserRecord> {
  const user = await deps.users.getUser(siteId, userId);
  if (!user) throw fail.notFound();
  return user;
}

const groupOf = (u: UserRecord) =>
  u.rbacUserGroupId ? { id: u.rbacUserGroupId, groupName: u.rbacUserGroupName ?? '' } : null;

export async function userGroupOf(siteId: SiteId, userId: string, deps: RbacDeps = defaultDeps) {
  const user = await requireUser(siteId, userId, deps);
  return { userId: user.userId, group: groupOf(user) };
}

/** Puts a staff user in a group (or takes them out with null); the permission checks read it at once. */
export async function assignUser(
  { site, now, principal }: ChangeScope,
  input: { userId: string; userGroupId: string | null },
  deps: RbacDeps = defaultDeps,
) {
  requirePermissionMenu(site);
  const user = await requireUser(site.siteId, input.userId, deps);
  if (user.userType !== 'staff') throw fail.validation(RBAC_MSG.onlyStaff, { userId: RBAC_MSG.onlyStaff });
  const group = input.userGroupId ? await requireGroup(site.siteId, input.userGroupId, deps) : null;
  const userOp = group
    ? deps.customers.userFieldsOp(
        site.siteId,
        user.userId,
        { rbacUserGroupId: group.groupId, rbacUserGroupName: group.groupName },
        [],
        {
          field: 'userType',
          equals: 'staff',
        },
      )
    : deps.customers.userFieldsOp(site.siteId, user.userId, {}, ['rbacUserGroupId', 'rbacUserGroupName'], {
        field: 'userType',
        equals: 'staff',
      });
  const groupFields = (id: string | null | undefined, name: string | null | undefined) => ({
    rbacUserGroupId: id ?? null,
    rbacUserGroupName: id ? (name ?? null) : null,
  });
  const audit = auditPut(
    site.siteId,
    recordChange(
      'permissionAssignment',
      user.userId,
      { email: user.email, ...groupFields(user.rbacUserGroupId, user.rbacUserGroupName) },
      { email: user.email, ...groupFields(group?.groupId, group?.groupName) },
    ),
    auditActor(principal),
    now,
  );
  const written = await deps.repo.moveMember(
    site.siteId,
    user.userId,
    user.rbacUserGroupId ?? null,
    group?.groupId ?? null,
    userOp,
    audit,
  );
  if (!written.ok) throw fail.notFound();
  return { userId: user.userId, group: group ? { id: group.groupId, groupName: group.groupName } : null };
}

export async function usersInGroup(siteId: SiteId, groupId: string, deps: RbacDeps = defaultDeps) {
  await requireGroup(siteId, groupId, deps);
  const members = await deps.customers.getUsers(siteId, await deps.repo.memberIds(siteId, groupId));
  return members.map((u) => ({
    id: u.userId,
    users_id: u.customerNo ?? 0,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    isUserSuperAdmin: u.isUserSuperAdmin,
  }));
}

// The rbac Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerGetPermissionsFromSession = answers(api.getPermissionsFromSession, (_input, scope) =>
  sessionPermissions(scope.principal, scope.now),
);
export const answerGetRbacUserGroupList = answers(api.getRbacUserGroupList, (_input, scope) =>
  listGroups(scope.site.siteId),
);
export const answerGetUserGroupByUserId = answers(api.getUserGroupByUserId, (input, scope) =>
  userGroupOf(scope.site.siteId, input.userId),
);
export const answerAddUserToRbacUserGroup = answers(api.addUserToRbacUserGroup, async (input, scope) =>
  reply(await assignUser(scope, input), { message: MSG.groupChanged }),
);
export const answerGetUsersByRbacUserGroup = answers(api.getUsersByRbacUserGroup, (input, scope) =>
  usersInGroup(scope.site.siteId, input.rbacUserGroupId),
);
export const answerSavePermissionGroup = answers(api.savePermissionGroup, async (input, scope) =>
  reply(await saveGroup(scope, input), { message: MSG.groupSaved }),
);
export const answerGetPermissionGroup = answers(api.getPermissionGroup, (input, scope) =>
  getGroup(scope.site.siteId, input.id),
);
