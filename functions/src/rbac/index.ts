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
import { domainHandler, operation, reply, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import * as rbac from './service.ts';

const scope = async (ctx: RequestContext): Promise<rbac.Scope> => ({ site: await ctx.site(), now: ctx.now });
const siteId = async (ctx: RequestContext): Promise<string> => (await ctx.site()).siteId;

export const operations = [
  operation(getPermissionsFromSession, (_input, ctx) => rbac.sessionPermissions(requirePrincipal(ctx), ctx.now)),
  operation(getRbacUserGroupList, async (_input, ctx) => rbac.listGroups(await siteId(ctx))),
  operation(getUserGroupByUserId, async (input, ctx) => rbac.userGroupOf(await siteId(ctx), input.userId)),
  operation(addUserToRbacUserGroup, async (input, ctx) =>
    reply(await rbac.assignUser(await scope(ctx), input), { message: MSG.groupChanged }),
  ),
  operation(getUsersByRbacUserGroup, async (input, ctx) => rbac.usersInGroup(await siteId(ctx), input.rbacUserGroupId)),
  operation(savePermissionGroup, async (input, ctx) =>
    reply(await rbac.saveGroup(await scope(ctx), input), { message: MSG.groupSaved }),
  ),
  operation(getPermissionGroup, async (input, ctx) => rbac.getGroup(await siteId(ctx), input.id)),
];

export const handler = domainHandler(operations);
