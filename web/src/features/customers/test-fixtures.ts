import type { TCustomer } from '@tp/contracts/endpoints/customers';
import type { TApiConsumer, TApiCustomerRequest } from '@tp/contracts/endpoints/suppliers';

/** Test data for the staff customer screen; tests override what they are about. */
export function customer(overrides: Partial<TCustomer> = {}): TCustomer {
  return {
    id: 'u-asha',
    users_id: 101,
    firstName: 'Asha',
    lastName: 'Rao',
    companyName: '',
    email: 'asha@example.com',
    userType: 'retail',
    status: 'verified',
    isBlocked: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    groupName: 'Retail Saver',
    userGroupName: '',
    userGroup: { groupId: 'g-retail' },
    rbacUserGroupId: null,
    legalEntityId: 'le-asha',
    flightLookToBook: { is_exempted: false },
    panNumber: '',
    gstNumber: '',
    phoneNumbers: [{ label: 'Primary', phoneNumber: '9810000005', phoneCountryCode: 'in' }],
    isFlightHoldAllowed: false,
    isFlightSearchAllowed: true,
    isUserSuperAdmin: false,
    emailSubscribed: false,
    ...overrides,
  };
}

export const agent = (overrides: Partial<TCustomer> = {}) =>
  customer({
    id: 'u-arjun',
    users_id: 102,
    firstName: 'Arjun',
    lastName: 'Mehta',
    companyName: 'Mehta Tours',
    email: 'arjun@example.com',
    userType: 'travelAgent',
    status: 'pending',
    groupName: 'Default Group Applicable',
    userGroup: { groupId: null },
    legalEntityId: 'le-arjun',
    phoneNumbers: [{ label: 'Primary', phoneNumber: '9810000003', phoneCountryCode: 'in' }],
    ...overrides,
  });

export const staffMember = (overrides: Partial<TCustomer> = {}) =>
  customer({
    id: 'u-sameer',
    users_id: 103,
    firstName: 'Sameer',
    lastName: 'Staff',
    email: 'sameer@example.com',
    userType: 'staff',
    groupName: 'Default Group Applicable',
    userGroup: { groupId: null },
    userGroupName: 'Ticketing desk',
    rbacUserGroupId: 'rg-desk',
    legalEntityId: 'le-sameer',
    ...overrides,
  });

export const page = (records: TCustomer[], totalRecords = records.length, totalPages = 1) => ({
  records,
  totalRecords,
  totalPages,
});

export function consumer(overrides: Partial<TApiConsumer> = {}): TApiConsumer {
  return {
    wl_companyName: 'SkyWay Travels',
    wl_domain: 'skyway.example.com',
    wl_adminEmail: 'admin@skyway.example.com',
    wl_adminContact: '+91 98100 00000',
    wl_legalEntityId: 'le-skyway-partner',
    wl_mongoDb_siteId: 'site-skyway',
    leGroup_groupName: null,
    userGroup: { groupId: null },
    sup_category: 'Flights',
    sc_map_supplierListId: 'list-flights',
    sc_map_isFlightHoldAllowed: false,
    sc_map_isFlightSearchAllowed: true,
    sc_map_status: 'Approved',
    sc_map_mappingStatus: 'Active',
    isTdsDeductable: false,
    ...overrides,
  };
}

export function apiRequest(overrides: Partial<TApiCustomerRequest> = {}): TApiCustomerRequest {
  return {
    id: 'req-1',
    supplier_category: 'Flights',
    supplierListId: 'list-flights',
    domain: 'skyway.example.com',
    logoUrl: '',
    companyName: 'SkyWay Travels',
    siteName: 'SkyWay Travels',
    requestStatus: 'Pending',
    requestGeneratedAt: '2025-03-01T09:00:00.000Z',
    adminContact: '+91 98100 00000',
    adminEmail: 'admin@skyway.example.com',
    whitelabel_mongoDb_siteId: 'site-skyway',
    decider: null,
    requestDecidedAt: null,
    ...overrides,
  };
}
