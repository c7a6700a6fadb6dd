/**
 * The areas Lambda's operations (spec 001 §2 /staff/areas, /staff/area-transfer; §7 "Manage activities and areas",
 * "Area transfers"): areas, area transfers and their pickers (./areas.ts), and an activity's area. The data is the
 * DMC's (functions/src/dmc, through its index): one store, one import, one audit trail.
 */
import * as api from '@tp/contracts/endpoints/areas';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';
import { onDemand, operation, reply, type Operation } from '#lib/http';

const areas = onDemand(() => import('./areas.ts'));
const dmc = onDemand(() => import('../dmc/index.ts'));

export const operations: Operation[] = [
  operation(api.mapAreaActivity, async (input, scope) =>
    reply(await (await dmc()).mapActivityArea(scope, input.activityId, input.areaId), { message: DMC_MSG.areaMapped }),
  ),
  operation(api.searchAreas, async (input, scope) => (await areas()).searchAreas(scope, input)),
  operation(api.addArea, async (input, scope) =>
    reply(await (await areas()).saveArea(scope, input), { message: DMC_MSG.areaSaved }),
  ),
  operation(api.deleteArea, async (input, scope) =>
    reply(await (await areas()).deleteArea(scope, input.areaId), { message: DMC_MSG.areaDeleted }),
  ),
  operation(api.getTransfers, async (input, scope) => (await areas()).listTransfers(scope, input)),
  operation(api.createTransfers, async (input, scope) =>
    reply(await (await areas()).saveTransfer(scope, input), { message: DMC_MSG.areaTransferSaved }),
  ),
  operation(api.deleteTransfers, async (input, scope) =>
    reply(await (await areas()).deleteTransfer(scope, input.id), { message: DMC_MSG.areaTransferDeleted }),
  ),
  operation(api.getFilteredAreas, async (input, scope) => (await areas()).fromAreas(scope, input)),
  operation(api.getFilteredAreasTransfers, async (input, scope) => (await areas()).toAreas(scope, input)),
  operation(api.getFilteredAreasTransfersType, async (input, scope) => (await areas()).routeTransfers(scope, input)),
  operation(api.getAreasAuditTrail, async (input, scope) => (await dmc()).auditTrailOf(scope, input)),
];
