import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty, zIntFromText } from '../common.ts';
import { zDomain, zLongText } from '../fields.ts';
import {
  paged,
  SUPPLIER_MSG,
  ZApiConsumer,
  ZApiCustomerRequest,
  zFlag,
  ZLeRelationConfig,
  ZLinkedSupplier,
  ZLinkStatus,
  ZMappingStatus,
  zPage,
  zRef,
  ZRequestStatus,
  zSiteId,
  ZSupplierCategory,
  ZSupplierDetails,
  ZSupplierProfile,
  ZSupplierTerms,
  ZVisibleSupplier,
} from '../suppliers.ts';
import { lazy } from '../lazy.ts';

// Supplier relationships between sites (docs/suppliers.md). Every call is for staff: the consumer
// side needs `suppliers.link`, the supplier side `consumers.*` or `suppliers.manageConsumers`.

const supplierRef = () => ({ supplierId: zSiteId() });
/** A consumer of the calling (supplier) site and one of its supplier lists. */
const consumerListRef = () => ({ consumerSiteId: zSiteId(), supplierListId: zRef() });

// ---------------------------------------------------------------------------------------------------
// Catalogue and the site's own offering

export const getSupplierCategories = endpoint({
  id: 'suppliers.getSupplierCategories',
  api: 'site',
  method: 'GET',
  path: 'whitelabel/getSupplierCategories',
  domain: 'suppliers',
  auth: 'staff',
  request: zEmpty,
  response: lazy(() => z.array(ZSupplierCategory)),
  summary: 'The categories a supplier can sell: FixedDeparture, Flights, TourPackages.',
});

export const getWebsiteOwnSuppliers = endpoint({
  id: 'suppliers.getWebsiteOwnSuppliers',
  api: 'site',
  method: 'GET',
  path: 'supplier/getWebsiteOwnSuppliers',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: zEmpty,
  response: ZSupplierProfile,
  summary: "This site's own supplier offering: the lists it sells, its terms version, whether it is listed.",
});

/** Our own call: the specs imply sites "become suppliers" but show no call that opts a site in. */
export const saveSupplierProfile = endpoint({
  id: 'suppliers.saveSupplierProfile',
  api: 'site',
  method: 'POST',
  path: 'supplier/saveSupplierProfile',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.manageConsumers',
  request: lazy(() =>
    z.object({
      categories: z.array(ZSupplierCategory, { error: SUPPLIER_MSG.invalidCategory }).check(z.maxLength(10)),
      termsAndConditions: zLongText(50_000),
      isListed: zFlag(),
    }),
  ),
  response: ZSupplierProfile,
  summary: 'Opts this site in (or out) as a supplier; changed terms get a new version consumers must accept.',
});

// ---------------------------------------------------------------------------------------------------
// Consumer side

export const getAllVisibleSuppliersWithConsumerRequests = endpoint({
  id: 'suppliers.getAllVisibleSuppliersWithConsumerRequests',
  api: 'site',
  method: 'POST',
  path: 'supplier/getAllVisibleSuppliersWithConsumerRequests',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: lazy(() => z.object({ domainName: zDomain() })),
  response: lazy(() => z.array(ZVisibleSupplier)),
  summary: "Every listed supplier site but this one, with this site's request status per category.",
});

export const supplierApprovalSupplierDetails = endpoint({
  id: 'suppliers.supplierApprovalSupplierDetails',
  api: 'site',
  method: 'POST',
  path: 'wl/user/supplierApproval_supplierDetails',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: lazy(() => z.object(supplierRef())),
  response: ZSupplierDetails,
  summary: "A supplier's public details and lists, and which version of its terms this site accepted.",
});

export const supplierApprovalGetTermsAndConditions = endpoint({
  id: 'suppliers.supplierApprovalGetTermsAndConditions',
  api: 'site',
  method: 'POST',
  path: 'wl/user/supplierApproval_getTermsAndConditions',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: lazy(() => z.object(supplierRef())),
  response: ZSupplierTerms,
  summary: "The supplier's current terms and conditions and this site's acceptance.",
});

export const supplierApprovalAcceptTermsAndConditions = endpoint({
  id: 'suppliers.supplierApprovalAcceptTermsAndConditions',
  api: 'site',
  method: 'POST',
  path: 'wl/user/supplierApproval_acceptTermsAndConditions',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: lazy(() => z.object({ ...supplierRef(), version: zIntFromText() })),
  response: ZSupplierTerms,
  summary: 'Records that this site accepts the version of the terms it was shown (409 when they changed since).',
});

export const consumerToSupplierRequests = endpoint({
  id: 'suppliers.consumerToSupplierRequests',
  api: 'site',
  method: 'POST',
  path: 'supplier/consumerToSupplierRequests',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: lazy(() => z.object({ ...supplierRef(), supplierListId: zRef() })),
  response: lazy(() =>
    z.object({
      requestId: z.string(),
      supplierId: z.string(),
      supplierListId: z.string(),
      category: ZSupplierCategory,
      requestStatus: ZRequestStatus,
      requestGeneratedAt: z.string(),
    }),
  ),
  summary: 'Asks a supplier for one of its lists (terms accepted first); a rejected list may be asked for again.',
});

export const getLinkedSuppliersByConsumer = endpoint({
  id: 'suppliers.getLinkedSuppliersByConsumer',
  api: 'site',
  method: 'GET',
  path: 'supplier/getLinkedSuppliersByConsumer',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: zEmpty,
  response: lazy(() => z.array(ZLinkedSupplier)),
  summary: "This site's approved or suspended supplier links, with the supplier's switches and our pause state.",
});

export const changeConsumerSupplierMappingStatusFromConsumerSide = endpoint({
  id: 'suppliers.changeConsumerSupplierMappingStatusFromConsumerSide',
  api: 'site',
  method: 'POST',
  path: 'supplier/changeConsumerSupplierMappingStatusFromConsumerSide',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: lazy(() => z.object({ ...supplierRef(), supplierListId: zRef(), mappingStatus: ZMappingStatus })),
  response: ZLinkedSupplier,
  summary: "Pauses or resumes this site's own use of a supplier link; the supplier's status is untouched.",
});

export const jumplogin = endpoint({
  id: 'suppliers.jumplogin',
  api: 'site',
  method: 'POST',
  path: 'wl/user/jumplogin',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.link',
  request: lazy(() => z.object(supplierRef())),
  response: lazy(() => z.object({ url: z.string() })),
  summary: "Signs this site's partner account in on an approved supplier's site: a one-time loginBySessionId link.",
});

// ---------------------------------------------------------------------------------------------------
// Supplier side: the staff customer screen (ours) and the supplier-only views

const requestList = lazy(() => z.object({ page: zPage(), status: z.optional(ZRequestStatus) }));
const consumerList = lazy(() => z.object({ page: zPage() }));

/** Our own call: the staff customer screen's "Api Consumers" tab ("API consumers list", path not shown). */
export const getApiConsumers = endpoint({
  id: 'suppliers.getApiConsumers',
  api: 'site',
  method: 'GET',
  path: 'wl/user/getApiConsumers',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'consumers.view',
  request: consumerList,
  response: lazy(() => paged(ZApiConsumer)),
  summary: 'Consumer sites of this site (approved or suspended), one row per category, by page.',
});

/** Our own call: the "API Customer Requests" dialog's list ("list by page", path not shown). */
export const getApiCustomerRequests = endpoint({
  id: 'suppliers.getApiCustomerRequests',
  api: 'site',
  method: 'GET',
  path: 'wl/user/getApiCustomerRequests',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'consumers.view',
  request: requestList,
  response: lazy(() => paged(ZApiCustomerRequest)),
  summary: 'Requests other sites made to this site, newest first, optionally by status.',
});

/** Our own call: the dialog's "status change {newRequestStatus, requestId, consumerMongoSiteId}". */
export const changeApiCustomerRequestStatus = endpoint({
  id: 'suppliers.changeApiCustomerRequestStatus',
  api: 'site',
  method: 'POST',
  path: 'wl/user/changeApiCustomerRequestStatus',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'consumers.decideRequests',
  request: lazy(() =>
    z.object({
      newRequestStatus: z.enum(['Approved', 'Rejected'], { error: SUPPLIER_MSG.invalidStatus }),
      requestId: zRef(),
      consumerMongoSiteId: zSiteId(),
    }),
  ),
  response: ZApiCustomerRequest,
  summary: 'Approves or rejects a pending request once (409 when already decided); approval links both sites.',
});

export const consumerToSupplierRequestsBasedOnSupplierId = endpoint({
  id: 'suppliers.consumerToSupplierRequestsBasedOnSupplierId',
  api: 'site',
  method: 'GET',
  path: 'supplier/supplierOnlyAccess/consumerToSupplierRequestsBasedOnSupplierId',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'consumers.view',
  request: requestList,
  response: lazy(() => paged(ZApiCustomerRequest)),
  summary: 'Supplier only: the requests made to this supplier site, by page (default 1).',
});

export const supplierConsumers = endpoint({
  id: 'suppliers.supplierConsumers',
  api: 'site',
  method: 'GET',
  path: 'supplier/supplierOnlyAccess/supplierConsumers',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'consumers.view',
  request: consumerList,
  response: lazy(() => paged(ZApiConsumer)),
  summary: 'Supplier only: the consumer sites of this supplier with their switches, by page.',
});

export const changeConsumerSupplierRequestStatus = endpoint({
  id: 'suppliers.changeConsumerSupplierRequestStatus',
  api: 'site',
  method: 'POST',
  path: 'supplier/supplierOnlyAccess/changeConsumerSupplierRequestStatus',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.manageConsumers',
  request: lazy(() => z.object({ ...consumerListRef(), newRequestStatus: ZLinkStatus })),
  response: ZApiConsumer,
  summary: 'Supplier only: moves a link along the allowed transitions (decide, suspend, reinstate).',
});

export const setFlightHoldSetting = endpoint({
  id: 'suppliers.setFlightHoldSetting',
  api: 'site',
  method: 'POST',
  path: 'supplier/supplierOnlyAccess/setFlightHoldSetting',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.manageConsumers',
  request: lazy(() => z.object({ ...consumerListRef(), isFlightHold: zFlag() })),
  response: ZApiConsumer,
  summary: 'Supplier only: whether the consumer may hold (book without ticketing) through this link.',
});

export const setFlightSearchSetting = endpoint({
  id: 'suppliers.setFlightSearchSetting',
  api: 'site',
  method: 'POST',
  path: 'supplier/supplierOnlyAccess/setFlightSearchSetting',
  domain: 'suppliers',
  auth: 'staff',
  permission: 'suppliers.manageConsumers',
  request: lazy(() => z.object({ ...consumerListRef(), isFlightSearchAllowed: zFlag() })),
  response: ZApiConsumer,
  summary: 'Supplier only: whether the consumer may search flights through this link.',
});

export const setLERelationConfig = endpoint({
  id: 'suppliers.setLERelationConfig',
  api: 'site',
  method: 'POST',
  path: 'supplier/setLERelationConfig',
  domain: 'suppliers',
  auth: 'staff',
  // Tax Settings live in the Change Group dialog of the customer screen (spec 000 §2).
  permission: 'customers.changeGroup',
  request: lazy(() => z.object({ isTdsDeductable: zFlag(), userLEID: zRef() })),
  response: ZLeRelationConfig,
  summary: "Whether TDS is withheld on commission paid to this customer's or consumer's legal entity.",
});

export const suppliersEndpoints = [
  getSupplierCategories,
  getWebsiteOwnSuppliers,
  saveSupplierProfile,
  getAllVisibleSuppliersWithConsumerRequests,
  supplierApprovalSupplierDetails,
  supplierApprovalGetTermsAndConditions,
  supplierApprovalAcceptTermsAndConditions,
  consumerToSupplierRequests,
  getLinkedSuppliersByConsumer,
  changeConsumerSupplierMappingStatusFromConsumerSide,
  jumplogin,
  getApiConsumers,
  getApiCustomerRequests,
  changeApiCustomerRequestStatus,
  consumerToSupplierRequestsBasedOnSupplierId,
  supplierConsumers,
  changeConsumerSupplierRequestStatus,
  setFlightHoldSetting,
  setFlightSearchSetting,
  setLERelationConfig,
];
