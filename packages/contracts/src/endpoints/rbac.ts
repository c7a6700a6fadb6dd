import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import { zId } from '../fields.ts';
import {
  ZAssignUserGroup,
  ZRbacGroup,
  ZRbacGroupSummary,
  ZRbacMember,
  ZSavePermissionGroup,
  ZSessionPermissions,
  ZUserGroupOfUser,
} from '../rbac.ts';
import { lazy } from '../lazy.ts';

// Permissions (spec 000 §3 "Permission model", §6, §7 "Permissions").

export const getPermissionsFromSession = endpoint({
  id: 'rbac.getPermissionsFromSession',
  api: 'site',
  method: 'POST',
  path: 'rbac/getPermissionsFromSession',
  domain: 'rbac',
  auth: 'user',
  request: zEmpty,
  response: ZSessionPermissions,
  summary: 'The permission keys the signed-in user holds, with the catalogue state.',
});

export const getRbacUserGroupList = endpoint({
  id: 'rbac.getRbacUserGroupList',
  api: 'site',
  method: 'GET',
  path: 'rbac/getRBACUserGroupList',
  domain: 'rbac',
  auth: 'staff',
  request: zEmpty,
  response: lazy(() => z.array(ZRbacGroupSummary)),
  summary: 'Permission groups of the site by name.',
});

export const getUserGroupByUserId = endpoint({
  id: 'rbac.getUserGroupByUserId',
  api: 'site',
  method: 'POST',
  path: 'rbac/getUserGroupByUserId',
  domain: 'rbac',
  auth: 'staff',
  request: lazy(() => z.object({ userId: zId() })),
  response: ZUserGroupOfUser,
  summary: "A user's permission group (null when none).",
});

export const addUserToRbacUserGroup = endpoint({
  id: 'rbac.addUserToRbacUserGroup',
  api: 'site',
  method: 'POST',
  path: 'rbac/addUserToRBACUserGroup',
  domain: 'rbac',
  auth: 'superAdmin',
  request: ZAssignUserGroup,
  response: ZUserGroupOfUser,
  summary: 'Puts a staff user in a permission group, or removes them (null); super admin, permission-menu sites only.',
});

/** Our own call: "a user list by rbacUserGroupId" (path not shown). */
export const getUsersByRbacUserGroup = endpoint({
  id: 'rbac.getUsersByRbacUserGroup',
  api: 'site',
  method: 'GET',
  path: 'rbac/getUsersByRBACUserGroup',
  domain: 'rbac',
  auth: 'staff',
  request: lazy(() => z.object({ rbacUserGroupId: zId() })),
  response: lazy(() => z.array(ZRbacMember)),
  summary: 'Staff users in a permission group.',
});

/** Our own call: the permission-group editor's save (path not shown). */
export const savePermissionGroup = endpoint({
  id: 'rbac.savePermissionGroup',
  api: 'site',
  method: 'POST',
  path: 'rbac/savePermissionGroup',
  domain: 'rbac',
  auth: 'staff',
  permission: 'settings.permissionGroups',
  request: ZSavePermissionGroup,
  response: ZRbacGroup,
  summary: 'Creates or edits a permission group by switching modules, groups and permissions.',
});

/** Our own call: the permission-group editor's load (path not shown). */
export const getPermissionGroup = endpoint({
  id: 'rbac.getPermissionGroup',
  api: 'site',
  method: 'GET',
  path: 'rbac/getPermissionGroup',
  domain: 'rbac',
  auth: 'staff',
  permission: 'settings.permissionGroups',
  request: lazy(() => z.object({ id: zId() })),
  response: ZRbacGroup,
  summary: 'One permission group with its module, group and permission states.',
});

export const rbacEndpoints = [
  getPermissionsFromSession,
  getRbacUserGroupList,
  getUserGroupByUserId,
  addUserToRbacUserGroup,
  getUsersByRbacUserGroup,
  savePermissionGroup,
  getPermissionGroup,
];
