/**
 * The rbac domain's public entry: permission groups as the users domain's staff screen needs them (the membership
 * written with an invited user, the group assignment).
 */
import type { StaffGroups } from '../users/index.ts';
import { getGroup } from './repo.ts';
import { memberJoin, memberLeave } from './members-repo.ts';

export const staffGroups: StaffGroups = {
  group: async (siteId, groupId) => {
    const g = await getGroup(siteId, groupId);
    return g ? { groupId: g.groupId, groupName: g.groupName } : null;
  },
  join: async (siteId, groupId, userId) => memberJoin(siteId, groupId, userId),
  leave: async (siteId, groupId, userId) => memberLeave(siteId, groupId, userId),
};

export { assignUser } from './service.ts';
export { auditLogExport } from './audit-log.ts';
