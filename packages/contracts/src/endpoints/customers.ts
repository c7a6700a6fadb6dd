import * as z from 'zod/mini';
import { endpoint } from '../endpoint.ts';
import { zEmpty } from '../common.ts';
import { zShortText } from '../fields.ts';
import { ZUser } from '../users.ts';
import {
  ZBillingDetails,
  ZChangeDetails,
  ZCreateAgent,
  ZCustomer,
  ZCustomerPage,
  ZCustomerRef,
  ZEmailSubscribers,
  ZGetCustomers,
  ZMonthlyFlightActivity,
  ZMyLegalEntity,
  ZPendingDmcCustomer,
  ZUserRef,
  zPage,
} from '../customers.ts';
import { lazy } from '../lazy.ts';

// The staff customer screen (spec 000 §2 "Staff customer screen", §7 "User and customer calls").

export const getCustomers = endpoint({
  id: 'users.getCustomers',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getCustomers',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.view',
  envelope: 'data',
  request: ZGetCustomers,
  response: ZCustomerPage,
  summary: 'Users of the site, newest first, 20 a page, with the site total.',
});

export const searchWlUser = endpoint({
  id: 'users.searchWlUser',
  api: 'site',
  method: 'POST',
  path: 'wl/user/searchWlUser',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.view',
  request: lazy(() => z.object({ searchQuery: zShortText() })),
  response: lazy(() => z.array(ZCustomer)),
  summary: 'Up to 20 users whose email, first or last name, company or phone starts with the query.',
});

export const getUserById = endpoint({
  id: 'users.getUserById',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getUserById',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.viewDetails',
  request: ZUserRef,
  response: ZCustomer,
  summary: 'One user of the site for the customer-details dialog.',
});

export const toggleBlock = endpoint({
  id: 'users.toggleBlock',
  api: 'site',
  method: 'POST',
  path: 'wl/user/toggleBlock',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.block',
  request: lazy(() => z.extend(ZCustomerRef, { isBlocked: z.boolean() })),
  response: ZCustomer,
  summary: "Blocks (ending all the user's sessions at once) or unblocks a customer.",
});

export const updateDetails = endpoint({
  id: 'users.updateDetails',
  api: 'site',
  method: 'POST',
  path: 'wl/user/updateDetails',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.changeDetails',
  request: ZChangeDetails,
  response: ZCustomer,
  summary: 'Change Details: names, phones, email, PAN, GST and company of a customer.',
});

export const toggleFlightSearchExemption = endpoint({
  id: 'users.toggleFlightSearchExemption',
  api: 'site',
  method: 'POST',
  path: 'wl/user/toggleFlightSearchExemption',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.exemptL2B',
  request: lazy(() => z.extend(ZCustomerRef, { exempt: z.boolean() })),
  response: ZCustomer,
  summary: 'Exempts a customer from the look-to-book search limit, or removes the exemption.',
});

export const setFlightHoldSettingForUser = endpoint({
  id: 'users.setFlightHoldSettingForUser',
  api: 'site',
  method: 'POST',
  path: 'wl/user/setFlightHoldSettingForUser',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.flightSwitches',
  request: lazy(() => z.extend(ZUserRef, { isFlightHold: z.boolean() })),
  response: ZCustomer,
  summary: 'Allows or forbids holding flight bookings for one user.',
});

export const setFlightSearchSettingForUser = endpoint({
  id: 'users.setFlightSearchSettingForUser',
  api: 'site',
  method: 'POST',
  path: 'wl/user/setFlightSearchSettingForUser',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.flightSwitches',
  request: lazy(() => z.extend(ZUserRef, { isFlightSearchAllowed: z.boolean() })),
  response: ZCustomer,
  summary: 'Allows or forbids flight search for one user.',
});

export const getCustomerMonthlyFlightDetails = endpoint({
  id: 'users.getCustomerMonthlyFlightDetails',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getCustomerMonthlyFlightDetails',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.viewDetails',
  request: ZUserRef,
  response: lazy(() => z.array(ZMonthlyFlightActivity)),
  summary: "A user's flight searches and bookings per month, the last 10 months, newest first.",
});

/** Our own call: the spec shows the create-agent dialog and its payload, not its path. */
export const createAgent = endpoint({
  id: 'users.createAgent',
  api: 'site',
  method: 'POST',
  path: 'wl/user/createAgent',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.createAgent',
  request: ZCreateAgent,
  response: ZCustomer,
  summary: 'Agent quick create (B2B or B2C); mails the new user a link to set a password.',
});

export const getEmailSubscribers = endpoint({
  id: 'users.getEmailSubscribers',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getEmailSubscribers',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.view',
  request: lazy(() => z.object({ page: zPage() })),
  response: ZEmailSubscribers,
  summary: 'Users who accept marketing mail, newest first, 20 a page.',
});

export const getMyLegalEntity = endpoint({
  id: 'users.getMyLegalEntity',
  api: 'site',
  method: 'GET',
  path: 'wl/user/getMyLegalEntity',
  domain: 'users',
  auth: 'user',
  request: zEmpty,
  response: ZMyLegalEntity,
  summary: "The signed-in user's legal entity with its customer group and TDS config.",
});

export const createDetailPendingCustomerForDmc = endpoint({
  id: 'users.createDetailPendingCustomerForDmc',
  api: 'site',
  method: 'POST',
  path: 'user/createDetailPendingCustomerForDmc',
  domain: 'users',
  auth: 'staff',
  permission: 'dmc.karts',
  request: ZPendingDmcCustomer,
  response: ZCustomer,
  summary: 'A minimal pending customer (no password) for a DMC quotation.',
});

/** Our own call: the billing-details screen exists, its call is not shown. */
export const updateBillingDetails = endpoint({
  id: 'users.updateBillingDetails',
  api: 'site',
  method: 'POST',
  path: 'user/updateBillingDetails',
  domain: 'users',
  auth: 'user',
  request: ZBillingDetails,
  response: ZUser,
  summary: "Sets the signed-in user's billing name, GSTIN, GST state and PAN.",
});

export const customersEndpoints = [
  getCustomers,
  searchWlUser,
  getUserById,
  toggleBlock,
  updateDetails,
  toggleFlightSearchExemption,
  setFlightHoldSettingForUser,
  setFlightSearchSettingForUser,
  getCustomerMonthlyFlightDetails,
  createAgent,
  getEmailSubscribers,
  getMyLegalEntity,
  createDetailPendingCustomerForDmc,
  updateBillingDetails,
];
