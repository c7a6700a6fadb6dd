// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/audit';
import * as c1 from '@tp/contracts/endpoints/rbac';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getAuditLog, () => import('./audit-log.ts'), 'answerGetAuditLog', undefined),
  gathered(c0.getRecordHistory, () => import('./audit-log.ts'), 'answerGetRecordHistory', undefined),
  gathered(c0.exportAuditLog, () => import('./audit-log.ts'), 'answerExportAuditLog', undefined),
  gathered(c1.getPermissionsFromSession, () => import('./service.ts'), 'answerGetPermissionsFromSession', undefined),
  gathered(c1.getRbacUserGroupList, () => import('./service.ts'), 'answerGetRbacUserGroupList', undefined),
  gathered(c1.getUserGroupByUserId, () => import('./service.ts'), 'answerGetUserGroupByUserId', undefined),
  gathered(c1.addUserToRbacUserGroup, () => import('./service.ts'), 'answerAddUserToRbacUserGroup', undefined),
  gathered(c1.getUsersByRbacUserGroup, () => import('./service.ts'), 'answerGetUsersByRbacUserGroup', undefined),
  gathered(c1.savePermissionGroup, () => import('./service.ts'), 'answerSavePermissionGroup', undefined),
  gathered(c1.getPermissionGroup, () => import('./service.ts'), 'answerGetPermissionGroup', undefined),
];
