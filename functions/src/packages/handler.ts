/** The tour packages Lambda (issue #15 item 4; docs/packages.md). */
import * as api from '@tp/contracts/endpoints/packages';
import { PACKAGE_MSG } from '@tp/contracts/endpoints/packages';
import { domainHandler, operation, reply, type Operation } from '#lib/http';
import { addImage, deletePackageImage, orderImages } from './images.ts';
import * as packages from './packages.ts';

export const operations: Operation[] = [
  operation(api.listPackages, (input, scope) => packages.listPackages(scope, input)),
  operation(api.getPackage, (input, scope) => packages.getPackage(scope, input.id)),
  operation(api.destinations, (_input, scope) => packages.destinations(scope)),
  operation(api.staffListPackages, (input, scope) => packages.staffList(scope, input)),
  operation(api.staffGetPackage, (input, scope) => packages.staffGet(scope, input.id)),
  operation(api.savePackage, async (input, scope) =>
    reply(await packages.savePackage(scope, input), { message: PACKAGE_MSG.saved }),
  ),
  operation(api.deletePackage, async (input, scope) =>
    reply(await packages.deletePackage(scope, input), { message: PACKAGE_MSG.deleted }),
  ),
  operation(api.addPackageImage, async (input, scope) =>
    reply(await addImage(scope, input), { message: PACKAGE_MSG.imageAdded }),
  ),
  operation(api.orderPackageImages, async (input, scope) =>
    reply(await orderImages(scope, input), { message: PACKAGE_MSG.imagesOrdered }),
  ),
  operation(api.deletePackageImage, async (input, scope) =>
    reply(await deletePackageImage(scope, input), { message: PACKAGE_MSG.imageDeleted }),
  ),
];

export const handler = domainHandler(operations);
