/**
 * Supplier relationships between sites (spec 000 §3 "API consumer", "API customer request", "Supplier
 * relationship status", "Legal-entity relation config"). docs/suppliers.md explains the model.
 */
import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty, zIntFromText } from '../common.ts';
import { zDomain, zId, zLongText } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { LINK_STATUSES, MAPPING_STATUSES } from '@tp/domain/supplier-links';
import * as MSG from '../messages.ts';

export { LINK_STATUSES, MAPPING_STATUSES };

/** What a supplier can sell to consumer sites (whitelabel/getSupplierCategories). */
export const SUPPLIER_CATEGORIES = ['FixedDeparture', 'Flights', 'TourPackages'] as const;
export type SupplierCategory = (typeof SUPPLIER_CATEGORIES)[number];

/** An API customer request is decided once: it stays Pending or becomes Approved or Rejected. */
export const REQUEST_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;

/** Rows per page of the supplier lists (the spec does not show a size). */
export const SUPPLIER_PAGE_SIZE = 20;

/** Our own wording for the refusals of this area (the specs quote none). */
export const SUPPLIER_MSG = {
  invalidSiteId: 'Please choose a valid site',
  invalidRef: 'This reference is not valid',
  invalidStatus: 'Please choose a valid status',
  invalidCategory: 'Please choose a valid category',
  notSupplier: 'This site does not supply other sites',
  ownSite: 'A site cannot be its own supplier',
  notOffered: 'This supplier does not offer this category',
  termsNotAccepted: 'Please accept the supplier terms and conditions first',
  termsChanged: 'The terms and conditions have changed. Please read them again.',
  requestOpen: 'A request for this category is already pending or approved',
  requestDecided: 'This request has already been decided',
  transitionNotAllowed: (from: string, to: string) => `A ${from} link cannot be changed to ${to}`,
  notConsumer: 'This site is not a consumer of this supplier list',
  noApprovedLink: 'There is no approved link with this supplier',
  partnerAccountExists: 'This consumer already has a partner account on this site',
  categoryInUse: 'Consumers are still linked to this category',
  leNotFound: 'No customer with this legal entity on this site',
  domainMismatch: 'This domain does not belong to this site',
} as const;

// Ids end up inside DynamoDB keys: the id shape of fields.ts (no '#') keeps a forged id a 400, not a 500.
export const zSiteId = () => zId(SUPPLIER_MSG.invalidSiteId);
/** Ids we issue (supplier lists, requests, legal entities). */
export const zRef = () => zId(SUPPLIER_MSG.invalidRef);
export const ZSupplierCategory = lazy(() => z.enum(SUPPLIER_CATEGORIES, { error: SUPPLIER_MSG.invalidCategory }));
export const ZLinkStatus = lazy(() => z.enum(LINK_STATUSES, { error: SUPPLIER_MSG.invalidStatus }));
export const ZRequestStatus = lazy(() => z.enum(REQUEST_STATUSES, { error: SUPPLIER_MSG.invalidStatus }));
export const ZMappingStatus = lazy(() => z.enum(MAPPING_STATUSES, { error: SUPPLIER_MSG.invalidStatus }));
/** Query strings carry text: "2" → 2; absent → page 1 (spec 000 §9 "Supplier request page default 1"). */
const zPage = () =>
  z._default(z.coerce.number({ error: MSG.required }).check(z.int()).check(z.minimum(1)).check(z.maximum(10_000)), 1);
export const zFlag = () => z.boolean({ error: MSG.required });

export const paged = <T extends z.core.$ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    totalRecords: z.number().check(z.int()),
    totalPages: z.number().check(z.int()),
    page: z.number().check(z.int()),
  });

/** One category a supplier sells; consumers ask for and are granted access per list. */
export const ZSupplierList = lazy(() => z.object({ supplierListId: z.string(), category: ZSupplierCategory }));

/** A site's own supplier offering (getWebsiteOwnSuppliers, saveSupplierProfile). */
export const ZSupplierProfile = lazy(() =>
  z.object({
    supplierId: z.string(),
    isSupplier: z.boolean(),
    /** Listed sites appear to every other site's becomeSupplier screen. */
    isListed: z.boolean(),
    lists: z.array(ZSupplierList),
    termsVersion: z.number().check(z.int()),
    termsAndConditions: z.string(),
    updatedAt: z.nullable(z.string()),
  }),
);
export type TSupplierProfile = z.infer<typeof ZSupplierProfile>;

const termsAcceptance = () => ({
  /** Version of the terms this consumer accepted, null when never. */
  acceptedTermsVersion: z.nullable(z.number().check(z.int())),
  termsAcceptedAt: z.nullable(z.string()),
});

/** A supplier as a consumer sees it before asking (supplierApproval_supplierDetails). */
export const ZSupplierDetails = lazy(() =>
  z.object({
    supplierId: z.string(),
    companyName: z.string(),
    domain: z.string(),
    logoUrl: z.string(),
    adminEmail: z.string(),
    adminContact: z.string(),
    lists: z.array(ZSupplierList),
    termsVersion: z.number().check(z.int()),
    ...termsAcceptance(),
  }),
);

export const ZSupplierTerms = lazy(() =>
  z.object({
    supplierId: z.string(),
    version: z.number().check(z.int()),
    termsAndConditions: z.string(),
    updatedAt: z.nullable(z.string()),
    ...termsAcceptance(),
  }),
);

/** getAllVisibleSuppliersWithConsumerRequests: every listed supplier with this consumer's status per category. */
export const ZVisibleSupplier = lazy(() =>
  z.extend(z.omit(ZSupplierDetails, { lists: true }), {
    categories: z.array(
      z.extend(ZSupplierList, { requestStatus: z.nullable(ZLinkStatus), mappingStatus: z.nullable(ZMappingStatus) }),
    ),
  }),
);

/** A supplier link seen from the consumer (getLinkedSuppliersByConsumer, mapping changes). */
export const ZLinkedSupplier = lazy(() =>
  z.object({
    supplierId: z.string(),
    companyName: z.string(),
    domain: z.string(),
    logoUrl: z.string(),
    supplierListId: z.string(),
    category: ZSupplierCategory,
    status: ZLinkStatus,
    mappingStatus: ZMappingStatus,
    isFlightHoldAllowed: z.boolean(),
    isFlightSearchAllowed: z.boolean(),
    approvedAt: z.nullable(z.string()),
  }),
);

/** Spec 000 §3 "API consumer", one row per consumer and category; the sc_map_* fields are the link. */
export const ZApiConsumer = lazy(() =>
  z.object({
    wl_companyName: z.string(),
    wl_domain: z.string(),
    wl_adminEmail: z.string(),
    wl_adminContact: z.string(),
    /** The consumer's legal entity on this (supplier) site: its partner account's LE. */
    wl_legalEntityId: z.nullable(z.string()),
    wl_mongoDb_siteId: z.string(),
    /** Customer (markup) group of that legal entity; null = 'Default Group Applicable'. */
    leGroup_groupName: z.nullable(z.string()),
    userGroup: z.object({ groupId: z.nullable(z.string()) }),
    sup_category: ZSupplierCategory,
    sc_map_supplierListId: z.string(),
    sc_map_isFlightHoldAllowed: z.boolean(),
    sc_map_isFlightSearchAllowed: z.boolean(),
    // ours: the link's state, so the tab can show a suspended or paused consumer
    sc_map_status: ZLinkStatus,
    sc_map_mappingStatus: ZMappingStatus,
    isTdsDeductable: z.boolean(),
  }),
);
export type TApiConsumer = z.infer<typeof ZApiConsumer>;

export const ZDecider = lazy(() => z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }));

/** Spec 000 §3 "API customer request": a consumer site's request for one supplier list. */
export const ZApiCustomerRequest = lazy(() =>
  z.object({
    id: z.string(),
    supplier_category: ZSupplierCategory,
    supplierListId: z.string(),
    domain: z.string(),
    logoUrl: z.string(),
    companyName: z.string(),
    siteName: z.string(),
    requestStatus: ZRequestStatus,
    requestGeneratedAt: z.string(),
    adminContact: z.string(),
    adminEmail: z.string(),
    whitelabel_mongoDb_siteId: z.string(),
    /** Who approved or rejected it; null while pending. Decided requests offer no further actions. */
    decider: z.nullable(ZDecider),
    requestDecidedAt: z.nullable(z.string()),
  }),
);
export type TApiCustomerRequest = z.infer<typeof ZApiCustomerRequest>;

export const ZLeRelationConfig = lazy(() => z.object({ userLEID: z.string(), isTdsDeductable: z.boolean() }));

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
