/** The tour packages Lambda (docs/packages.md). */
import * as api from '@tp/contracts/endpoints/packages';
import { PACKAGE_MSG } from '@tp/contracts/endpoints/packages';
import { operation, reply, type Operation, onDemand } from '#lib/http';
const imagesOps = onDemand(() => import('./images.ts'));
const packages = onDemand(() => import('./packages.ts'));

export const operations: Operation[] = [
  operation(api.listPackages, async (input, scope) => (await packages()).listPackages(scope, input)),
  operation(api.getPackage, async (input, scope) => (await packages()).getPackage(scope, input.id)),
  operation(api.destinations, async (_input, scope) => (await packages()).destinations(scope)),
  operation(api.staffListPackages, async (input, scope) => (await packages()).staffList(scope, input)),
  operation(api.staffGetPackage, async (input, scope) => (await packages()).staffGet(scope, input.id)),
  operation(api.savePackage, async (input, scope) =>
    reply(await (await packages()).savePackage(scope, input), { message: PACKAGE_MSG.saved }),
  ),
  operation(api.deletePackage, async (input, scope) =>
    reply(await (await packages()).deletePackage(scope, input), { message: PACKAGE_MSG.deleted }),
  ),
  operation(api.addPackageImage, async (input, scope) =>
    reply(await (await imagesOps()).addImage(scope, input), { message: PACKAGE_MSG.imageAdded }),
  ),
  operation(api.orderPackageImages, async (input, scope) =>
    reply(await (await imagesOps()).orderImages(scope, input), { message: PACKAGE_MSG.imagesOrdered }),
  ),
  operation(api.deletePackageImage, async (input, scope) =>
    reply(await (await imagesOps()).deletePackageImage(scope, input), { message: PACKAGE_MSG.imageDeleted }),
  ),
];
