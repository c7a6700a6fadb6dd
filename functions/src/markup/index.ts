import {
  getConsumerGroupMapping,
  getLeGroups,
  mapLegalEntityToGroup,
  saveLeGroup,
  setDefaultLeGroup,
} from '@tp/contracts/endpoints/groups';
import {
  deleteAirlineMarkup,
  deleteDefaultMarkup,
  deleteFixedDepartureMarkup,
  getAirlineMarkups,
  getDefaultMarkups,
  getFixedDepartureMarkups,
  saveAirlineMarkup,
  saveDefaultMarkup,
  saveFixedDepartureMarkup,
} from '@tp/contracts/endpoints/markups';
import { MSG } from '@tp/contracts/messages';
import { domainHandler, operation, reply, type RequestContext } from '#lib/http';
import * as rules from './rules.ts';
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

  operation(getDefaultMarkups, async (input, ctx) => rules.listRules(await scope(ctx), 'default', input)),
  operation(saveDefaultMarkup, async (input, ctx) =>
    reply(await rules.saveRule(await scope(ctx), { kind: 'default', input }), { message: MSG.settingSaved }),
  ),
  operation(deleteDefaultMarkup, async (input, ctx) =>
    reply(await rules.deleteRule(await scope(ctx), 'default', input.markupId), { message: MSG.settingSaved }),
  ),
  operation(getAirlineMarkups, async (input, ctx) => rules.listRules(await scope(ctx), 'airline', input)),
  operation(saveAirlineMarkup, async (input, ctx) =>
    reply(await rules.saveRule(await scope(ctx), { kind: 'airline', input }), { message: MSG.settingSaved }),
  ),
  operation(deleteAirlineMarkup, async (input, ctx) =>
    reply(await rules.deleteRule(await scope(ctx), 'airline', input.markupId), { message: MSG.settingSaved }),
  ),
  operation(getFixedDepartureMarkups, async (input, ctx) => rules.listRules(await scope(ctx), 'fixedDeparture', input)),
  operation(saveFixedDepartureMarkup, async (input, ctx) =>
    reply(await rules.saveRule(await scope(ctx), { kind: 'fixedDeparture', input }), { message: MSG.settingSaved }),
  ),
  operation(deleteFixedDepartureMarkup, async (input, ctx) =>
    reply(await rules.deleteRule(await scope(ctx), 'fixedDeparture', input.markupId), {
      message: MSG.settingSaved,
    }),
  ),
];

export const handler = domainHandler(operations);
