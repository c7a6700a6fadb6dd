import {
  getConsumerGroupMapping,
  getLeGroups,
  mapLegalEntityToGroup,
  saveLeGroup,
  setDefaultLeGroup,
} from '@tp/contracts/endpoints/groups';
import { MSG } from '@tp/contracts/messages';
import { domainHandler, operation, reply, type RequestContext } from '#lib/http';
import * as groups from './service.ts';

const scope = async (ctx: RequestContext): Promise<groups.Scope> => ({ site: await ctx.site(), now: ctx.now });

export const operations = [
  operation(getLeGroups, async (_input, ctx) => groups.listGroups(await scope(ctx))),
  operation(saveLeGroup, async (input, ctx) =>
    reply(await groups.saveGroup(await scope(ctx), input), { message: MSG.groupSaved }),
  ),
  operation(setDefaultLeGroup, async (input, ctx) =>
    reply(await groups.setDefaultGroup(await scope(ctx), input.groupId), { message: MSG.groupSetDefault }),
  ),
  operation(mapLegalEntityToGroup, async (input, ctx) =>
    reply(await groups.mapLegalEntity(await scope(ctx), input), { message: MSG.groupChanged }),
  ),
  operation(getConsumerGroupMapping, async (input, ctx) =>
    groups.consumerMapping(await scope(ctx), input.consumerLEId),
  ),
];

export const handler = domainHandler(operations);
