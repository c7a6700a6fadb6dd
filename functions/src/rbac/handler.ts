import {
  addUserToRbacUserGroup,
  getPermissionGroup,
  getPermissionsFromSession,
  getRbacUserGroupList,
  getUserGroupByUserId,
  getUsersByRbacUserGroup,
  savePermissionGroup,
} from '@tp/contracts/endpoints/rbac';
import { MSG } from '@tp/contracts/messages';
import { domainHandler, operation, reply } from '#lib/http';
import * as rbac from './service.ts';

export const operations = [
  operation(getPermissionsFromSession, (_input, scope) => rbac.sessionPermissions(scope.principal, scope.now)),
  operation(getRbacUserGroupList, async (_input, scope) => rbac.listGroups(scope.site.siteId)),
  operation(getUserGroupByUserId, async (input, scope) => rbac.userGroupOf(scope.site.siteId, input.userId)),
  operation(addUserToRbacUserGroup, async (input, scope) =>
    reply(await rbac.assignUser(scope, input), { message: MSG.groupChanged }),
  ),
  operation(getUsersByRbacUserGroup, async (input, scope) =>
    rbac.usersInGroup(scope.site.siteId, input.rbacUserGroupId),
  ),
  operation(savePermissionGroup, async (input, scope) =>
    reply(await rbac.saveGroup(scope, input), { message: MSG.groupSaved }),
  ),
  operation(getPermissionGroup, async (input, scope) => rbac.getGroup(scope.site.siteId, input.id)),
];

export const handler = domainHandler(operations);
