import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ALL_PERMISSION_KEYS, PERMISSION_CATALOGUE } from '@tp/contracts/permissions';
import { db, tableName } from './db.ts';
import { keys } from './keys.ts';
import type { Principal } from './principal.ts';

/** What a staff member without a permission group may do: every permission allowed by default. */
export const DEFAULT_STAFF_PERMISSIONS: readonly string[] = PERMISSION_CATALOGUE.flatMap((m) =>
  m.groups.flatMap((g) => g.permissions.filter((p) => p.defaultAllowed).map((p) => p.key)),
);

/** What decides a user's staff permissions: a signed-in principal, or a stored user read for someone else. */
export type PermissionHolder = Pick<Principal, 'siteId' | 'userType' | 'isSuperAdmin' | 'rbacUserGroupId'>;

/**
 * The permission keys a principal holds. Super admins hold all; staff hold their RBAC group's grants
 * (or the defaults when they have no group); other user types hold no staff permissions.
 */
export async function permissionsOf(p: PermissionHolder): Promise<ReadonlySet<string>> {
  if (p.userType !== 'staff') return new Set();
  if (p.isSuperAdmin) return new Set(ALL_PERMISSION_KEYS);
  if (!p.rbacUserGroupId) return new Set(DEFAULT_STAFF_PERMISSIONS);
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.rbacGroup(p.siteId, p.rbacUserGroupId) }),
  );
  // A group that was deleted grants nothing rather than silently falling back to the defaults.
  return new Set(Array.isArray(Item?.permissions) ? (Item.permissions as string[]) : []);
}
