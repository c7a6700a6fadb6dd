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
} from '@tp/contracts/endpoints/markup';
import * as MSG from '@tp/contracts/messages';
import { operation, reply, onDemand } from '#lib/http';
const rules = onDemand(() => import('./rules.ts'));
const groups = onDemand(() => import('./service.ts'));

export const operations = [
  operation(getLeGroups, async (_input, scope) => (await groups()).listGroups(scope)),
  operation(saveLeGroup, async (input, scope) =>
    reply(await (await groups()).saveGroup(scope, input), { message: MSG.groupSaved }),
  ),
  operation(setDefaultLeGroup, async (input, scope) =>
    reply(await (await groups()).setDefaultGroup(scope, input.groupId), { message: MSG.groupSetDefault }),
  ),
  operation(mapLegalEntityToGroup, async (input, scope) =>
    reply(await (await groups()).mapLegalEntity(scope, input), { message: MSG.groupChanged }),
  ),
  operation(getConsumerGroupMapping, async (input, scope) =>
    (await groups()).consumerMapping(scope, input.consumerLEId),
  ),

  operation(getDefaultMarkups, async (input, scope) => (await rules()).listRules(scope, 'default', input)),
  operation(saveDefaultMarkup, async (input, scope) =>
    reply(await (await rules()).saveRule(scope, { kind: 'default', input }), { message: MSG.settingSaved }),
  ),
  operation(deleteDefaultMarkup, async (input, scope) =>
    reply(await (await rules()).deleteRule(scope, 'default', input.markupId), { message: MSG.settingSaved }),
  ),
  operation(getAirlineMarkups, async (input, scope) => (await rules()).listRules(scope, 'airline', input)),
  operation(saveAirlineMarkup, async (input, scope) =>
    reply(await (await rules()).saveRule(scope, { kind: 'airline', input }), { message: MSG.settingSaved }),
  ),
  operation(deleteAirlineMarkup, async (input, scope) =>
    reply(await (await rules()).deleteRule(scope, 'airline', input.markupId), { message: MSG.settingSaved }),
  ),
  operation(getFixedDepartureMarkups, async (input, scope) =>
    (await rules()).listRules(scope, 'fixedDeparture', input),
  ),
  operation(saveFixedDepartureMarkup, async (input, scope) =>
    reply(await (await rules()).saveRule(scope, { kind: 'fixedDeparture', input }), { message: MSG.settingSaved }),
  ),
  operation(deleteFixedDepartureMarkup, async (input, scope) =>
    reply(await (await rules()).deleteRule(scope, 'fixedDeparture', input.markupId), {
      message: MSG.settingSaved,
    }),
  ),
];
