/** The rbac domain's public entry: permission groups as staff management (users) writes them with a staff user. */
import type { StaffGroups } from '../users/index.ts';
import { getGroup } from './repo.ts';
import { memberJoin, memberLeave } from './members-repo.ts';

export const staffGroups: StaffGroups = {
  group: async (siteId, groupId) => {
    const g = await getGroup(siteId, groupId);
    return g ? { groupId: g.groupId, groupName: g.groupName } : null;
  },
  join: memberJoin,
  leave: memberLeave,
};
