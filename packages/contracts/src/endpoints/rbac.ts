/** Permission groups and the signed-in user's permission state (spec 000 §3 "Permission model", §4, §7). */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import { zId, zName } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { zOptionalId } from './customers.ts';

export const RBAC_MSG = {
  groupNameTaken: 'A permission group with this name already exists',
  permissionMenuOff: 'Permission groups are not enabled on this site',
  onlyStaff: 'Only staff users can be put in a permission group',
  unknownPermission: 'Unknown module, group or permission',
  groupChangedMeanwhile: 'This permission group was changed by someone else. Please reload and try again.',
} as const;

export const ZPermissionState = lazy(() =>
  z.object({
    key: z.string(),
    label: z.string(),
    isActive: z.boolean(),
    defaultAllowed: z.boolean(),
  }),
);
export const ZPermissionGroupState = lazy(() =>
  z.object({
    name: z.string(),
    isActive: z.boolean(),
    permissions: z.array(ZPermissionState),
  }),
);
export const ZModuleState = lazy(() =>
  z.object({
    moduleName: z.string(),
    isActive: z.boolean(),
    groups: z.array(ZPermissionGroupState),
  }),
);
export type TModuleState = z.infer<typeof ZModuleState>;

/** What the signed-in user may do (the web hides what the server would refuse anyway). */
export const ZSessionPermissions = lazy(() =>
  z.object({
    permissions: z.array(z.string()),
    modules: z.array(ZModuleState),
    lastSyncAt: z.string(),
    isUserSuperAdmin: z.boolean(),
  }),
);

export const ZRbacGroupSummary = lazy(() =>
  z.object({ id: z.string(), groupName: z.string(), permissions: z.array(z.string()) }),
);
export const ZRbacGroup = lazy(() => z.extend(ZRbacGroupSummary, { modules: z.array(ZModuleState) }));

/**
 * An edit of the permission editor. Switches are applied to the catalogue in order with the toggle
 * rules: a module or group switch first, then explicit permission switches inside it.
 */
export const ZModuleEdit = lazy(() =>
  z.object({
    moduleName: zName(),
    isActive: z.optional(z.boolean()),
    groups: z._default(
      z
        .array(
          z.object({
            name: zName(),
            isActive: z.optional(z.boolean()),
            permissions: z._default(
              z.array(z.object({ key: zId(), isActive: z.boolean() })).check(z.maxLength(500)),
              [],
            ),
          }),
        )
        .check(z.maxLength(100)),
      [],
    ),
  }),
);
export type TModuleEdit = z.output<typeof ZModuleEdit>;

export const ZSavePermissionGroup = lazy(() =>
  z.object({
    id: zOptionalId(),
    groupName: zName({ max: 60, tooLong: 'Group name must be at most 60 characters' }),
    modules: z._default(z.array(ZModuleEdit).check(z.maxLength(50)), []),
  }),
);

export const ZUserGroupOfUser = lazy(() =>
  z.object({
    userId: z.string(),
    group: z.nullable(z.object({ id: z.string(), groupName: z.string() })),
  }),
);

export const ZAssignUserGroup = lazy(() =>
  z.object({
    userId: zId(),
    /** null removes the user from their group. */
    userGroupId: z.nullable(zId()),
  }),
);

export const ZRbacMember = lazy(() =>
  z.object({
    id: z.string(),
    users_id: z.number().check(z.int()),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    isUserSuperAdmin: z.boolean(),
  }),
);

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
