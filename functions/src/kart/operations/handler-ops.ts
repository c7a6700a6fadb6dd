/**
 * The operations calls of the kart Lambda (docs/dmc.md "Operations" → "API"), spread into functions/src/kart/handler.ts.
 */
import * as api from '@tp/contracts/endpoints/dmc-operations';
import { DMC_OPS_MSG } from '@tp/contracts/endpoints/dmc-operations';
import { operation, reply, type Operation } from '#lib/http';
import * as driverPage from './driver-page.ts';
import { exportJobSheet } from './export.ts';
import * as links from './links.ts';
import * as staff from './staff.ts';

export const operationsOps: Operation[] = [
  operation(api.getTransferJobSheet, (input, scope) => staff.jobSheetOf(scope, input)),
  operation(api.exportTransferJobSheet, (input, scope) => exportJobSheet(scope, input)),
  operation(api.updateTransferDriver, async (input, scope) =>
    reply(await staff.updateDriver(scope, input), { message: DMC_OPS_MSG.driverAssigned }),
  ),
  operation(api.assignTransfersToDriver, async (input, scope) => {
    const check = await staff.assignToDriver(scope, input);
    return reply(check, { message: DMC_OPS_MSG.driversAssigned(check.assigned.length) });
  }),
  operation(api.checkTransferAssignment, (input, scope) => staff.checkAssignment(scope, input)),
  operation(api.updateTransferDriverCharges, async (input, scope) =>
    reply(await staff.updateCharges(scope, input), { message: DMC_OPS_MSG.chargesSaved }),
  ),
  operation(api.updateTransferStatusByStaff, async (input, scope) =>
    reply(await staff.updateStatus(scope, input), { message: DMC_OPS_MSG.statusSaved }),
  ),
  operation(api.generateDriverAccessToken, async (input, scope) =>
    reply(await links.generateLink(scope, input), { message: DMC_OPS_MSG.linkGenerated }),
  ),
  operation(api.revokeDriverAccessToken, async (input, scope) =>
    reply(await links.revokeLink(scope, input), { message: DMC_OPS_MSG.linkRevoked }),
  ),
  operation(api.getDriverAccessToken, (input, scope) => links.linkStatus(scope, input)),
  operation(api.getDriverTransferJobSheet, (input, scope) => driverPage.driverSheet(scope, input)),
  operation(api.updateTransferDoneByDriver, async (input, scope) =>
    reply(await driverPage.markDone(scope, input), { message: DMC_OPS_MSG.markedDone }),
  ),
];
