/** Keys of RBAC permission groups; the group item itself is a platform key (lib/keys.ts `rbacGroup`, read per request). */
import { keys, nameKey, part, sitePk, type Key, type SiteId } from '#lib/keys';

export const rbacKeys = {
  rbacGroupsPk: (siteId: SiteId) => sitePk(siteId, 'RBACGROUPS'),
  /** Groups of a site by name (gsi1). */
  rbacGroupsIndex: (siteId: SiteId, groupName: string, groupId: string) => ({
    gsi1pk: sitePk(siteId, 'RBACGROUPS'),
    gsi1sk: `${groupName.toLowerCase()}#${part(groupId)}`,
  }),
  /** Unique RBAC group name per site (case-insensitive). */
  rbacGroupName: (siteId: SiteId, groupName: string): Key => ({
    pk: sitePk(siteId, 'RBACNAME', nameKey(groupName)),
    sk: 'UNIQUE',
  }),
  /** Membership of a staff user in an RBAC group, under the group's partition (users by group). */
  rbacMember: (siteId: SiteId, groupId: string, userId: string): Key => ({
    pk: keys.rbacGroup(siteId, groupId).pk,
    sk: `MEMBER#${part(userId)}`,
  }),
  rbacMemberPrefix: 'MEMBER#',
};
