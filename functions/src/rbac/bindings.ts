import {
  addUserToRbacUserGroup,
  getPermissionGroup,
  getPermissionsFromSession,
  getRbacUserGroupList,
  getUserGroupByUserId,
  getUsersByRbacUserGroup,
  savePermissionGroup,
} from '@tp/contracts/endpoints/rbac';
import * as MSG from '@tp/contracts/messages';
import { exportAuditLog, getAuditLog, getRecordHistory } from '@tp/contracts/endpoints/audit';
import { operation, reply, onDemand } from '#lib/http';
const rbac = onDemand(() => import('./service.ts'));
const audit = onDemand(() => import('./audit-log.ts'));

export const operations = [
  operation(getPermissionsFromSession, async (_input, scope) =>
    (await rbac()).sessionPermissions(scope.principal, scope.now),
  ),
  operation(getRbacUserGroupList, async (_input, scope) => (await rbac()).listGroups(scope.site.siteId)),
  operation(getUserGroupByUserId, async (input, scope) => (await rbac()).userGroupOf(scope.site.siteId, input.userId)),
  operation(addUserToRbacUserGroup, async (input, scope) =>
    reply(await (await rbac()).assignUser(scope, input), { message: MSG.groupChanged }),
  ),
  operation(getUsersByRbacUserGroup, async (input, scope) =>
    (await rbac()).usersInGroup(scope.site.siteId, input.rbacUserGroupId),
  ),
  operation(savePermissionGroup, async (input, scope) =>
    reply(await (await rbac()).saveGroup(scope, input), { message: MSG.groupSaved }),
  ),
  operation(getPermissionGroup, async (input, scope) => (await rbac()).getGroup(scope.site.siteId, input.id)),
  // The audit log (docs/audit.md).
  operation(getAuditLog, async (input, scope) => (await audit()).auditLog(scope, input)),
  operation(getRecordHistory, async (input, scope) => (await audit()).recordHistory(scope, input)),
  operation(exportAuditLog, async (input, scope) => (await audit()).exportLog(scope, input)),
];
