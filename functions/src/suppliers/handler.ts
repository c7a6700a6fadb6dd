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
import { MSG } from '@tp/contracts/messages';
import { domainHandler, operation, reply } from '#lib/http';
import * as suppliers from './operations/index.ts';

const supplierOnly = { supplierOnly: true };
const customerScreen = { supplierOnly: false };

export const operations = [
  operation(getSupplierCategories, async () => suppliers.categories()),
  operation(getWebsiteOwnSuppliers, async (_input, scope) => suppliers.ownProfile(scope)),
  operation(saveSupplierProfile, async (input, scope) =>
    reply(await suppliers.saveProfile(scope, input), { message: MSG.settingSaved }),
  ),

  // consumer side
  operation(getAllVisibleSuppliersWithConsumerRequests, async (input, scope) =>
    suppliers.visibleSuppliers(scope, input.domainName),
  ),
  operation(supplierApprovalSupplierDetails, async (input, scope) =>
    suppliers.supplierDetails(scope, input.supplierId),
  ),
  operation(supplierApprovalGetTermsAndConditions, async (input, scope) =>
    suppliers.supplierTerms(scope, input.supplierId),
  ),
  operation(supplierApprovalAcceptTermsAndConditions, async (input, scope) =>
    suppliers.acceptTerms(scope, scope.principal, input),
  ),
  operation(consumerToSupplierRequests, async (input, scope) => suppliers.requestAccess(scope, scope.principal, input)),
  operation(getLinkedSuppliersByConsumer, async (_input, scope) => suppliers.linkedSuppliers(scope)),
  operation(changeConsumerSupplierMappingStatusFromConsumerSide, async (input, scope) =>
    reply(await suppliers.setMappingStatus(scope, scope.principal, input), {
      message: MSG.settingSaved,
    }),
  ),
  operation(jumplogin, async (input, scope) => suppliers.jumpLogin(scope, input.supplierId)),

  // supplier side: the staff customer screen and the supplier-only views share one implementation each
  operation(getApiConsumers, async (input, scope) => suppliers.apiConsumers(scope, input, customerScreen)),
  operation(supplierConsumers, async (input, scope) => suppliers.apiConsumers(scope, input, supplierOnly)),
  operation(getApiCustomerRequests, async (input, scope) =>
    suppliers.apiCustomerRequests(scope, input, customerScreen),
  ),
  operation(consumerToSupplierRequestsBasedOnSupplierId, async (input, scope) =>
    suppliers.apiCustomerRequests(scope, input, supplierOnly),
  ),
  operation(changeApiCustomerRequestStatus, async (input, scope) =>
    reply(await suppliers.decideRequest(scope, scope.principal, input), {
      message: MSG.requestStatusChanged,
    }),
  ),
  operation(changeConsumerSupplierRequestStatus, async (input, scope) =>
    reply(await suppliers.changeLinkStatus(scope, scope.principal, input), {
      message: MSG.requestStatusChanged,
    }),
  ),
  operation(setFlightHoldSetting, async ({ isFlightHold, ...link }, scope) =>
    reply(await suppliers.setLinkSwitch(scope, link, { isFlightHoldAllowed: isFlightHold }), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setFlightSearchSetting, async ({ isFlightSearchAllowed, ...link }, scope) =>
    reply(await suppliers.setLinkSwitch(scope, link, { isFlightSearchAllowed }), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setLERelationConfig, async (input, scope) =>
    reply(await suppliers.setLeRelation(scope, scope.principal, input), { message: MSG.tdsChanged }),
  ),
];

export const handler = domainHandler(operations);
