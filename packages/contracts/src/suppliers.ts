/**
 * Supplier relationships between sites (spec 000 §3 "API consumer", "API customer request", "Supplier
 * relationship status", "Legal-entity relation config"). docs/suppliers.md explains the model.
 */
import * as z from 'zod/mini';
import { LINK_STATUSES, MAPPING_STATUSES } from '@tp/domain/supplier-links';
import * as MSG from './messages.ts';
import { zId } from './fields.ts';
import { lazy } from './lazy.ts';

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
export const zPage = () =>
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
