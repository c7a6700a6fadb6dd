/**
 * The operations calls of the kart Lambda (docs/dmc.md "Operations" → "API"), spread into functions/src/kart/bindings.ts.
 */
import * as api from '@tp/contracts/endpoints/dmc-operations';
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import { operation, reply, type Operation, onDemand } from '#lib/http';
const driverPage = onDemand(() => import('./driver-page.ts'));
const exportOps = onDemand(() => import('./export.ts'));
const links = onDemand(() => import('./links.ts'));
const staff = onDemand(() => import('./staff.ts'));

export const operationsOps: Operation[] = [
  operation(api.getTransferJobSheet, async (input, scope) => (await staff()).jobSheetOf(scope, input)),
  operation(api.exportTransferJobSheet, async (input, scope) => (await exportOps()).exportJobSheet(scope, input)),
  operation(api.updateTransferDriver, async (input, scope) =>
    reply(await (await staff()).updateDriver(scope, input), { message: DMC_OPS_MSG.driverAssigned }),
  ),
  operation(api.assignTransfersToDriver, async (input, scope) => {
    const check = await (await staff()).assignToDriver(scope, input);
    return reply(check, { message: DMC_OPS_MSG.driversAssigned(check.assigned.length) });
  }),
  operation(api.checkTransferAssignment, async (input, scope) => (await staff()).checkAssignment(scope, input)),
  operation(api.updateTransferDriverCharges, async (input, scope) =>
    reply(await (await staff()).updateCharges(scope, input), { message: DMC_OPS_MSG.chargesSaved }),
  ),
  operation(api.updateTransferStatusByStaff, async (input, scope) =>
    reply(await (await staff()).updateStatus(scope, input), { message: DMC_OPS_MSG.statusSaved }),
  ),
  operation(api.generateDriverAccessToken, async (input, scope) =>
    reply(await (await links()).generateLink(scope, input), { message: DMC_OPS_MSG.linkGenerated }),
  ),
  operation(api.revokeDriverAccessToken, async (input, scope) =>
    reply(await (await links()).revokeLink(scope, input), { message: DMC_OPS_MSG.linkRevoked }),
  ),
  operation(api.getDriverAccessToken, async (input, scope) => (await links()).linkStatus(scope, input)),
  operation(api.getDriverTransferJobSheet, async (input, scope) => (await driverPage()).driverSheet(scope, input)),
  operation(api.updateTransferDoneByDriver, async (input, scope) =>
    reply(await (await driverPage()).markDone(scope, input), { message: DMC_OPS_MSG.markedDone }),
  ),
];
