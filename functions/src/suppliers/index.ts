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
import { domainHandler, operation, reply, type RequestContext } from '#lib/http';
import { requirePrincipal } from '#lib/require-principal';
import * as suppliers from './service.ts';

const scope = async (ctx: RequestContext): Promise<suppliers.Scope> => ({ site: await ctx.site(), now: ctx.now });
const supplierOnly = { supplierOnly: true };
const customerScreen = { supplierOnly: false };

export const operations = [
  operation(getSupplierCategories, async () => suppliers.categories()),
  operation(getWebsiteOwnSuppliers, async (_input, ctx) => suppliers.ownProfile(await scope(ctx))),
  operation(saveSupplierProfile, async (input, ctx) =>
    reply(await suppliers.saveProfile(await scope(ctx), input), { message: MSG.settingSaved }),
  ),

  // consumer side
  operation(getAllVisibleSuppliersWithConsumerRequests, async (input, ctx) =>
    suppliers.visibleSuppliers(await scope(ctx), input.domainName),
  ),
  operation(supplierApprovalSupplierDetails, async (input, ctx) =>
    suppliers.supplierDetails(await scope(ctx), input.supplierId),
  ),
  operation(supplierApprovalGetTermsAndConditions, async (input, ctx) =>
    suppliers.supplierTerms(await scope(ctx), input.supplierId),
  ),
  operation(supplierApprovalAcceptTermsAndConditions, async (input, ctx) =>
    suppliers.acceptTerms(await scope(ctx), requirePrincipal(ctx), input),
  ),
  operation(consumerToSupplierRequests, async (input, ctx) =>
    suppliers.requestAccess(await scope(ctx), requirePrincipal(ctx), input),
  ),
  operation(getLinkedSuppliersByConsumer, async (_input, ctx) => suppliers.linkedSuppliers(await scope(ctx))),
  operation(changeConsumerSupplierMappingStatusFromConsumerSide, async (input, ctx) =>
    reply(await suppliers.setMappingStatus(await scope(ctx), requirePrincipal(ctx), input), {
      message: MSG.settingSaved,
    }),
  ),
  operation(jumplogin, async (input, ctx) => suppliers.jumpLogin(await scope(ctx), input.supplierId)),

  // supplier side: the staff customer screen and the supplier-only views share one implementation each
  operation(getApiConsumers, async (input, ctx) => suppliers.apiConsumers(await scope(ctx), input, customerScreen)),
  operation(supplierConsumers, async (input, ctx) => suppliers.apiConsumers(await scope(ctx), input, supplierOnly)),
  operation(getApiCustomerRequests, async (input, ctx) =>
    suppliers.apiCustomerRequests(await scope(ctx), input, customerScreen),
  ),
  operation(consumerToSupplierRequestsBasedOnSupplierId, async (input, ctx) =>
    suppliers.apiCustomerRequests(await scope(ctx), input, supplierOnly),
  ),
  operation(changeApiCustomerRequestStatus, async (input, ctx) =>
    reply(await suppliers.decideRequest(await scope(ctx), requirePrincipal(ctx), input), {
      message: MSG.requestStatusChanged,
    }),
  ),
  operation(changeConsumerSupplierRequestStatus, async (input, ctx) =>
    reply(await suppliers.changeLinkStatus(await scope(ctx), requirePrincipal(ctx), input), {
      message: MSG.requestStatusChanged,
    }),
  ),
  operation(setFlightHoldSetting, async ({ isFlightHold, ...link }, ctx) =>
    reply(await suppliers.setLinkSwitch(await scope(ctx), link, { isFlightHoldAllowed: isFlightHold }), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setFlightSearchSetting, async ({ isFlightSearchAllowed, ...link }, ctx) =>
    reply(await suppliers.setLinkSwitch(await scope(ctx), link, { isFlightSearchAllowed }), {
      message: MSG.settingSaved,
    }),
  ),
  operation(setLERelationConfig, async (input, ctx) =>
    reply(await suppliers.setLeRelation(await scope(ctx), requirePrincipal(ctx), input), { message: MSG.tdsChanged }),
  ),
];

export const handler = domainHandler(operations);
