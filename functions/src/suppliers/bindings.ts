import {
  changeApiCustomerRequestStatus,
  changeConsumerSupplierMappingStatusFromConsumerSide,
  changeConsumerSupplierRequestStatus,
  consumerToSupplierRequests,
  consumerToSupplierRequestsBasedOnSupplierId,
  getAllVisibleSuppliersWithConsumerRequests,
  getApiConsumers,
  getApiCustomerRequests,
  getLinkedSuppliersByConsumer,
  getSupplierCategories,
  getWebsiteOwnSuppliers,
  jumplogin,
  saveSupplierProfile,
  setFlightHoldSetting,
  setFlightSearchSetting,
  setLERelationConfig,
  supplierApprovalAcceptTermsAndConditions,
  supplierApprovalGetTermsAndConditions,
  supplierApprovalSupplierDetails,
  supplierConsumers,
} from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import { operation, reply, onDemand } from '#lib/http';
const suppliers = onDemand(() => import('./operations/index.ts'));

const supplierOnly = { supplierOnly: true };
const customerScreen = { supplierOnly: false };

export const operations = [
  operation(getSupplierCategories, async () => (await suppliers()).categories()),
  operation(getWebsiteOwnSuppliers, async (_input, scope) => (await suppliers()).ownProfile(scope)),
  operation(saveSupplierProfile, async (input, scope) =>
    reply(await (await suppliers()).saveProfile(scope, input), { message: MSG.settingSaved }),
  ),

  // consumer side
  operation(getAllVisibleSuppliersWithConsumerRequests, async (input, scope) =>
    (await suppliers()).visibleSuppliers(scope, input.domainName),
  ),
  operation(supplierApprovalSupplierDetails, async (input, scope) =>
    (await suppliers()).supplierDetails(scope, input.supplierId),
  ),
  operation(supplierApprovalGetTermsAndConditions, async (input, scope) =>
    (await suppliers()).supplierTerms(scope, input.supplierId),
  ),
  operation(supplierApprovalAcceptTermsAndConditions, async (input, scope) =>
    (await suppliers()).acceptTerms(scope, scope.principal, input),
  ),
  operation(consumerToSupplierRequests, async (input, scope) =>
    (await suppliers()).requestAccess(scope, scope.principal, input),
  ),
  operation(getLinkedSuppliersByConsumer, async (_input, scope) => (await suppliers()).linkedSuppliers(scope)),
  operation(changeConsumerSupplierMappingStatusFromConsumerSide, async (input, scope) =>
    reply(await (await suppliers()).setMappingStatus(scope, scope.principal, input), {
      message: MSG.settingSaved,
    }),
  ),
  operation(jumplogin, async (input, scope) => (await suppliers()).jumpLogin(scope, input.supplierId)),

  // supplier side: the staff customer screen and the supplier-only views share one implementation each
  operation(getApiConsumers, async (input, scope) => (await suppliers()).apiConsumers(scope, input, customerScreen)),
  operation(supplierConsumers, async (input, scope) => (await suppliers()).apiConsumers(scope, input, supplierOnly)),
  operation(getApiCustomerRequests, async (input, scope) =>
    (await suppliers()).apiCustomerRequests(scope, input, customerScreen),
  ),
  operation(consumerToSupplierRequestsBasedOnSupplierId, async (input, scope) =>
    (await suppliers()).apiCustomerRequests(scope, input, supplierOnly),
  ),
  operation(changeApiCustomerRequestStatus, async (input, scope) =>
    reply(await (await suppliers()).decideRequest(scope, scope.principal, input), {
      message: MSG.requestStatusChanged,
    }),
  ),
  operation(changeConsumerSupplierRequestStatus, async (input, scope) =>
    reply(await (await suppliers()).changeLinkStatus(scope, scope.principal, input), {
      message: MSG.requestStatusChanged,
    }),
  ),
  operation(setFlightHoldSetting, async ({ isFlightHold, ...link }, scope) =>
    reply(
      await (await suppliers()).setLinkSwitch(scope, scope.principal, link, { isFlightHoldAllowed: isFlightHold }),
      {
        message: MSG.settingSaved,
      },
    ),
  ),
  operation(setFlightSearchSetting, async ({ isFlightSearchAllowed, ...link }, scope) =>
    reply(await (await suppliers()).setLinkSwitch(scope, scope.principal, link, { isFlightSearchAllowed }), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setLERelationConfig, async (input, scope) =>
    reply(await (await suppliers()).setLeRelation(scope, scope.principal, input), { message: MSG.tdsChanged }),
  ),
];
