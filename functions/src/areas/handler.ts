/**
 * The areas Lambda (spec 001 §2 /staff/areas, /staff/area-transfer; §7 "Manage activities and areas", "Area
 * transfers"): areas, area transfers and their pickers, and an activity's area. The data and the operations
 * are the DMC's (functions/src/dmc, through its index): one store, one import, one audit trail.
 */
import * as api from '@tp/contracts/endpoints/areas';
import { DMC_MSG } from '@tp/contracts/endpoints/dmc';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import { areaOperations as areas, auditTrailOf, mapActivityArea } from '../dmc/index.ts';

export const operations: Operation[] = [
  operation(api.mapAreaActivity, async (input, scope) =>
    reply(await mapActivityArea(scope, input.activityId, input.areaId), { message: DMC_MSG.areaMapped }),
  ),
  operation(api.searchAreas, (input, scope) => areas.searchAreas(scope, input)),
  operation(api.addArea, async (input, scope) =>
    reply(await areas.saveArea(scope, input), { message: DMC_MSG.areaSaved }),
  ),
  operation(api.deleteArea, async (input, scope) =>
    reply(await areas.deleteArea(scope, input.areaId), { message: DMC_MSG.areaDeleted }),
  ),
  operation(api.getTransfers, (input, scope) => areas.listTransfers(scope, input)),
  operation(api.createTransfers, async (input, scope) =>
    reply(await areas.saveTransfer(scope, input), { message: DMC_MSG.areaTransferSaved }),
  ),
  operation(api.deleteTransfers, async (input, scope) =>
    reply(await areas.deleteTransfer(scope, input.id), { message: DMC_MSG.areaTransferDeleted }),
  ),
  operation(api.getFilteredAreas, (input, scope) => areas.fromAreas(scope, input)),
  operation(api.getFilteredAreasTransfers, (input, scope) => areas.toAreas(scope, input)),
  operation(api.getFilteredAreasTransfersType, (input, scope) => areas.routeTransfers(scope, input)),
  operation(api.getAreasAuditTrail, (input, scope) => auditTrailOf(scope, input)),
];

export const handler = domainHandler(operations);
