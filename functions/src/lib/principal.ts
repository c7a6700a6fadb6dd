import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { UserType } from '@tp/contracts/endpoint';
import { db, tableName } from './db.ts';
import { keys, type SiteId } from './keys.ts';

/** Who is calling: read from the user record on every authenticated request, so blocking or a role change takes effect at once. */
export interface Principal {
  userId: string;
  siteId: SiteId;
  userType: UserType;
  isSuperAdmin: boolean;
  isBlocked: boolean;
  legalEntityId: string;
  email: string;
  /** RBAC permission group of a staff user; none = the default staff permissions. */
  rbacUserGroupId: string | null;
  /** The user item as read for this request, so an operation on the caller's own record needs no second read. */
  record: Readonly<Record<string, unknown>>;
}

export function principalFromItem(siteId: SiteId, Item: Record<string, unknown>): Principal {
  return {
    userId: String(Item.userId),
    siteId,
    userType: Item.userType as UserType,
    isSuperAdmin: Item.isUserSuperAdmin === true,
    // Blocked by staff, or deactivated by their agency's admin: either way no session lasts.
    isBlocked: Item.isBlocked === true || typeof Item.deactivatedAt === 'string',
    legalEntityId: String(Item.legalEntityId ?? ''),
    email: String(Item.email ?? ''),
    rbacUserGroupId: typeof Item.rbacUserGroupId === 'string' && Item.rbacUserGroupId ? Item.rbacUserGroupId : null,
    record: Item,
  };
}

export async function loadPrincipal(siteId: SiteId, userId: string): Promise<Principal | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(siteId, userId) }));
  return Item ? principalFromItem(siteId, Item) : null;
}
