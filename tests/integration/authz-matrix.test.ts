/**
 * The authorisation matrix: every route of the route table × every kind of caller, declared here on
 * its own (not derived from the endpoints' `auth` fields) and asserted against the running stack.
 * "Allowed" means the call got past authorisation (any answer but 401/403); "denied" means 401 for an
 * anonymous caller and 403 for a signed-in one. Then: staff of one site can read or change nothing of
 * another site through any call that takes an id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@tp/contracts/routes';
import { routeKey, urlPath } from '@tp/contracts/endpoint';
import { login } from '@tp/contracts/endpoints/users';
import { PERMISSION_CATALOGUE } from '@tp/contracts/permissions';
import { Client } from '../support/api.ts';

const PASSWORD = 'Demo@1234';
const ROLES = {
  anonymous: { domain: 'flightdeals.localhost', email: null },
  retail: { domain: 'flightdeals.localhost', email: 'retail@flightdeals.localhost' },
  travelAgent: { domain: 'flightdeals.localhost', email: 'agent@flightdeals.localhost' },
  corporate: { domain: 'flightdeals.localhost', email: 'corporate@flightdeals.localhost' },
  /** Staff without a permission group: the default-allowed permissions. */
  staff: { domain: 'flightdeals.localhost', email: 'staff@flightdeals.localhost' },
  /** Staff in the 'Ticketing desk' group (Flights only) on a consumer site. */
  ticketingStaff: { domain: 'partner.localhost', email: 'staff@partner.localhost' },
  superAdmin: { domain: 'flightdeals.localhost', email: 'admin@flightdeals.localhost' },
  /** The super admin of a site that consumes another site's inventory and supplies nothing itself. */
  apiConsumer: { domain: 'partner.localhost', email: 'admin@partner.localhost' },
  /** The super admin of a site without the permission menu. */
  noMenuAdmin: { domain: 'skyway.localhost', email: 'admin@skyway.localhost' },
} as const;
type Role = keyof typeof ROLES;
const ALL = Object.keys(ROLES) as Role[];

// What each kind of staff holds, stated independently of the server's implementation.
const DEFAULT_STAFF = new Set(
  PERMISSION_CATALOGUE.flatMap((m) =>
    m.groups.flatMap((g) => g.permissions.filter((p) => p.defaultAllowed).map((p) => p.key)),
  ),
);
const TICKETING = new Set(
  PERMISSION_CATALOGUE.filter((m) => m.moduleName === 'Flights').flatMap((m) =>
    m.groups.flatMap((g) => g.permissions.filter((p) => p.defaultAllowed).map((p) => p.key)),
  ),
);
const holds = (role: Role, perm: string): boolean =>
  role === 'superAdmin' ||
  role === 'apiConsumer' ||
  role === 'noMenuAdmin' ||
  (role === 'staff' && DEFAULT_STAFF.has(perm)) ||
  (role === 'ticketingStaff' && TICKETING.has(perm));

const STAFF_ROLES: Role[] = ['staff', 'ticketingStaff', 'superAdmin', 'apiConsumer', 'noMenuAdmin'];
const anyone = (): Role[] => ALL;
const signedIn = (): Role[] => ALL.filter((r) => r !== 'anonymous');
const anyStaff = (): Role[] => STAFF_ROLES;
const staffWith = (perm: string) => (): Role[] => STAFF_ROLES.filter((r) => holds(r, perm));
/** Super admins of sites that show the permission menu. */
const menuSuperAdmins = (): Role[] => ['superAdmin', 'apiConsumer'];
/** Supplier-only calls: staff of a site that supplies inventory (partner and skyway supply nothing). */
const supplierStaffWith = (perm: string) => (): Role[] =>
  (['staff', 'superAdmin'] as Role[]).filter((r) => holds(r, perm));
/** Saving permission groups: the permission, on a site with the permission menu. */
const permissionEditors = (): Role[] => staffWith('settings.permissionGroups')().filter((r) => r !== 'noMenuAdmin');

/** 'user' calls with a permission: every signed-in customer; staff only with the permission. */
const fixedDepartureBuyers = (): Role[] =>
  signedIn().filter((r) => !STAFF_ROLES.includes(r) || holds(r, 'fixedDepartures.book'));

const activityBookers = (): Role[] => signedIn().filter((r) => !STAFF_ROLES.includes(r) || holds(r, 'activities.book'));
const packageReaders = (): Role[] => signedIn().filter((r) => !STAFF_ROLES.includes(r) || holds(r, 'packages.view'));
const invoiceReaders = (): Role[] => signedIn().filter((r) => !STAFF_ROLES.includes(r) || holds(r, 'invoices.view'));

const MATRIX: Record<string, () => Role[]> = {
  // The booking flow (flights): any signed-in user; staff need their Flights permissions.
  'POST /flight-api/api/search': signedIn,
  'POST /flight-api/api/getCalendarFare': signedIn,
  'GET /flight-api/api/getSources': signedIn,
  'POST /flight-api/api/getFareRules': signedIn,
  'POST /flight-api/api/fareQuote': signedIn,
  'POST /flight-api/api/getSSR': signedIn,
  'POST /flight-api/api/getFlightPrice': signedIn,
  'POST /flight-api/api/getFlightDetails': signedIn,
  'POST /flight-api/api/getPassengerViewOptions': signedIn,
  'POST /flight-api/api/validateBooking': signedIn,
  // Ticket queues and after-booking calls (#5): own bookings for customers, the site's for staff.
  'POST /flight-api/api/getBookedFlights': signedIn,
  'POST /flight-api/api/getTickets': signedIn,
  'POST /flight-api/api/getTickets/excel': staffWith('flights.exportExcel'),
  'POST /flight-api/api/ticketDetail/getTicketDetail': anyone,
  'POST /flight-api/api/updateBookingDetails': signedIn,
  'POST /flight-api/api/releaseFlight': signedIn,
  'POST /flight-api/api/ticketHeldBooking': signedIn,
  'POST /flight-api/api/changeRequest': signedIn,
  'POST /flight-api/api/getCC': signedIn,
  'POST /flight-api/api/getCRStatus': signedIn,
  'POST /flight-api/api/changeRequest/accept': staffWith('flights.processChangeRequests'),
  'POST /flight-api/api/changeRequest/reject': staffWith('flights.processChangeRequests'),
  'POST /flight-api/api/changeRequest/outcome': staffWith('flights.processChangeRequests'),
  'POST /flight-api/api/changeRequest/approveRefund': staffWith('flights.processChangeRequests'),
  'POST /partner-api/notifications/sendEmailForWl': signedIn,
  'POST /api/wl/user/searchTransactionByPNR': signedIn,
  'POST /flight-api/api/setFlightDetails': signedIn,
  'POST /flight-api/api/payments/orderSuccessCallback': signedIn,
  'POST /flight-api/api/getBookingDetails': signedIn,
  'POST /flight-api/api/getFlightTrip': signedIn,
  'POST /api/whitelabel/detetct': anyone,
  'GET /api/whitelabel/getPolicyPage': anyone,
  'POST /flight-api/api/getAirports': anyone,
  'GET /flight-api/api/getCountryList': anyone,
  'GET /flight-api/api/getPhoneCodeList': anyone,
  'GET /flight-api/api/getNationalities': anyone,
  'POST /api/master/getAirlinesStaticData': anyone,
  'GET /api/master/api_countries': anyone,
  'GET /api/master/api_states': anyone,
  'GET /api/master/api_cities': anyone,
  'GET /api/master/dbCities': anyone,
  'POST /api/wl/user/signup': anyone,
  'POST /api/wl/user/login': anyone,
  'POST /api/wl/user/logout': anyone,
  'POST /api/wl/user/loginBySessionId': anyone,
  'POST /api/wl/user/forgetPassword': anyone,
  'POST /api/wl/user/generatePassword': anyone,
  'POST /api/wl/user/verifyEmail': anyone,
  'POST /api/wl/user/googleLogin': anyone,
  'POST /api/wl/user/facebookLogin': anyone,
  'POST /api/wl/user/getUserBySessionId': signedIn,
  'POST /api/wl/user/changePassword': signedIn,
  'POST /api/user/changeMyPhoneDetails': signedIn,
  'GET /api/wl/user/getMyLegalEntity': signedIn,
  'POST /api/user/updateBillingDetails': signedIn,
  'POST /api/rbac/getPermissionsFromSession': signedIn,
  'POST /api/notification/createPushNotificationSubscription': anyStaff,
  'POST /api/notification/checkExistingSubscription': anyStaff,
  'POST /api/wl/user/getCustomers': staffWith('customers.view'),
  'POST /api/wl/user/searchWlUser': staffWith('customers.view'),
  'POST /api/wl/user/getEmailSubscribers': staffWith('customers.view'),
  'POST /api/wl/user/getUserById': staffWith('customers.viewDetails'),
  'POST /api/wl/user/getCustomerMonthlyFlightDetails': staffWith('customers.viewDetails'),
  'POST /api/wl/user/toggleBlock': staffWith('customers.block'),
  'POST /api/wl/user/updateDetails': staffWith('customers.changeDetails'),
  'POST /api/wl/user/toggleFlightSearchExemption': staffWith('customers.exemptL2B'),
  'POST /api/wl/user/setFlightHoldSettingForUser': staffWith('customers.flightSwitches'),
  'POST /api/wl/user/setFlightSearchSettingForUser': staffWith('customers.flightSwitches'),
  'POST /api/wl/user/createAgent': staffWith('customers.createAgent'),
  'POST /api/user/createDetailPendingCustomerForDmc': staffWith('dmc.karts'),
  'GET /api/markupDiscount/LEGroupsForWl': staffWith('customers.view'),
  'GET /api/markupDiscount/getConsumerLEIdGroupMappingWithOwnerLEGroups': staffWith('customers.view'),
  'POST /api/markupDiscount/LEGroupsForWl': staffWith('customers.changeGroup'),
  'POST /api/markupDiscount/setDefaultLEGroup': staffWith('customers.changeGroup'),
  'POST /api/markupDiscount/mapLEIdWithLEGroupId': staffWith('customers.changeGroup'),
  'GET /api/markupDiscount/defaultAirlineMarkup': staffWith('flights.manageMarkup'),
  'POST /api/markupDiscount/defaultAirlineMarkup': staffWith('flights.manageMarkup'),
  'POST /api/markupDiscount/deleteDefaultAirlineMarkup': staffWith('flights.manageMarkup'),
  'GET /api/markupDiscount/airlineSpecificMarkupForWl': staffWith('flights.manageMarkup'),
  'POST /api/markupDiscount/airlineSpecificMarkupForWl': staffWith('flights.manageMarkup'),
  'POST /api/markupDiscount/deleteAirlineSpecificMarkupForWl': staffWith('flights.manageMarkup'),
  'GET /api/markupDiscount/fixedDepartureMarkup': staffWith('flights.manageMarkup'),
  'POST /api/markupDiscount/fixedDepartureMarkup': staffWith('flights.manageMarkup'),
  'POST /api/markupDiscount/deleteFixedDepartureMarkupForWl': staffWith('flights.manageMarkup'),
  'GET /api/rbac/getRBACUserGroupList': anyStaff,
  'POST /api/rbac/getUserGroupByUserId': anyStaff,
  'GET /api/rbac/getUsersByRBACUserGroup': anyStaff,
  'POST /api/rbac/addUserToRBACUserGroup': menuSuperAdmins,
  'POST /api/rbac/savePermissionGroup': permissionEditors,
  'GET /api/rbac/getPermissionGroup': staffWith('settings.permissionGroups'),
  'GET /api/whitelabel/getSupplierCategories': anyStaff,
  'GET /api/supplier/getWebsiteOwnSuppliers': staffWith('suppliers.link'),
  'POST /api/supplier/getAllVisibleSuppliersWithConsumerRequests': staffWith('suppliers.link'),
  'POST /api/wl/user/supplierApproval_supplierDetails': staffWith('suppliers.link'),
  'POST /api/wl/user/supplierApproval_getTermsAndConditions': staffWith('suppliers.link'),
  'POST /api/wl/user/supplierApproval_acceptTermsAndConditions': staffWith('suppliers.link'),
  'POST /api/supplier/consumerToSupplierRequests': staffWith('suppliers.link'),
  'GET /api/supplier/getLinkedSuppliersByConsumer': staffWith('suppliers.link'),
  'POST /api/supplier/changeConsumerSupplierMappingStatusFromConsumerSide': staffWith('suppliers.link'),
  'POST /api/wl/user/jumplogin': staffWith('suppliers.link'),
  'POST /api/supplier/saveSupplierProfile': staffWith('suppliers.manageConsumers'),
  'GET /api/wl/user/getApiConsumers': staffWith('consumers.view'),
  'GET /api/wl/user/getApiCustomerRequests': staffWith('consumers.view'),
  'POST /api/wl/user/changeApiCustomerRequestStatus': staffWith('consumers.decideRequests'),
  'GET /api/supplier/supplierOnlyAccess/consumerToSupplierRequestsBasedOnSupplierId':
    supplierStaffWith('consumers.view'),
  'GET /api/supplier/supplierOnlyAccess/supplierConsumers': supplierStaffWith('consumers.view'),
  'POST /api/supplier/supplierOnlyAccess/changeConsumerSupplierRequestStatus':
    supplierStaffWith('suppliers.manageConsumers'),
  'POST /api/supplier/supplierOnlyAccess/setFlightHoldSetting': supplierStaffWith('suppliers.manageConsumers'),
  'POST /api/supplier/supplierOnlyAccess/setFlightSearchSetting': supplierStaffWith('suppliers.manageConsumers'),
  'POST /api/supplier/setLERelationConfig': staffWith('customers.changeGroup'),
  'POST /api/payment/getActiveGateway': signedIn,
  'POST /api/payment/phonepe/verifyPayment': signedIn,
  'POST /api/whitelabel/getBankDetails': signedIn,
  'POST /api/wl/user/addWlUserWalletEntry': staffWith('wallet.addMoney'),
  'POST /api/wl/user/debitWlUserWalletEntry': staffWith('wallet.debitMoney'),
  'POST /api/wl/user/setCreditLine': staffWith('wallet.creditLines'),
  'POST /api/wl/user/getWlUserWalletEntry': staffWith('wallet.viewReports'),
  'POST /api/wl/user/getMyWalletEntry': signedIn,
  'POST /api/wl/user/getWlUserWalletBalance': signedIn,
  'POST /api/wl/user/userPaymentEntry': signedIn,
  'POST /api/payment/getMyPayments': signedIn,
  'POST /api/payment/getGatewayTransactions': staffWith('wallet.viewReports'),
  'POST /api/payment/getPendingOfflinePayments': staffWith('wallet.viewReports'),
  'POST /api/payment/reviewOfflinePayment': staffWith('wallet.addMoney'),
  'POST /api/wl/user/getWalletBalances': staffWith('wallet.downloadBalances'),
  'POST /api/payment/sandbox/getPayment': anyone,
  'POST /api/payment/sandbox/complete': anyone,
  // PhonePe's servers: no session; the operation checks the callback's signature itself.
  'POST /api/payment/phonepe/callback': anyone,
  // Staff flight back office (ours, functions/src/flight-admin).
  'GET /flight-api/staff/getFlightSettings': staffWith('flights.settings'),
  'POST /flight-api/staff/saveFlightSettings': staffWith('flights.settings'),
  'POST /flight-api/staff/testFlightSupply': staffWith('flights.settings'),
  'POST /flight-api/staff/getSupplierAccounts': staffWith('flights.supplierAccounts'),
  'POST /flight-api/staff/getSupplierStatement': staffWith('flights.supplierAccounts'),
  'POST /flight-api/staff/addSupplierDeposit': staffWith('flights.supplierDeposits'),
  'POST /flight-api/staff/getSupplierProfitLoss': staffWith('flights.supplierAccounts'),
  'POST /flight-api/staff/getInfozealVouchers': staffWith('flights.supplierAccounts'),
  'POST /flight-api/staff/previewTboRefunds': staffWith('flights.importRefunds'),
  'POST /flight-api/staff/applyTboRefunds': staffWith('flights.importRefunds'),
  // DMC back office (issue #13): masters, rates, combos, data and audit need dmc.masters; pricing dmc.karts;
  // the import dmc.importData (off by default); areas and area transfers dmc.areas.
  'POST /api/dmc/createNewMarket': staffWith('dmc.masters'),
  'GET /api/dmc/searchMarket': staffWith('dmc.masters'),
  'GET /api/dmc/getDefaultMarketOptions': staffWith('dmc.masters'),
  'POST /api/dmc/updateMarketForCustomer': staffWith('dmc.masters'),
  'GET /api/dmc/getAccomodation': staffWith('dmc.masters'),
  'POST /api/dmc/createNewAccomodation': staffWith('dmc.masters'),
  'POST /api/dmc/saveActivity': staffWith('dmc.masters'),
  'GET /api/dmc/getActivities': staffWith('dmc.masters'),
  'GET /api/manageActivity/fetchActivities/{cityId}': staffWith('dmc.masters'),
  'POST /api/manageActivity/updateActivityPriority': staffWith('dmc.masters'),
  'GET /api/manageActivity/getAllCities': staffWith('dmc.masters'),
  'GET /api/dmc/getTourOptions': staffWith('dmc.masters'),
  'POST /api/dmc/saveTourOptions': staffWith('dmc.masters'),
  'POST /api/dmc/saveDriver': staffWith('dmc.masters'),
  'GET /api/dmc/getDrivers': staffWith('dmc.masters'),
  'GET /api/dmc/getLocationOptions': staffWith('dmc.masters'),
  'POST /api/dmc/saveLocationOption': staffWith('dmc.masters'),
  'POST /api/dmc/saveActivityTicketRates': staffWith('dmc.masters'),
  'GET /api/dmc/getTourOptionTicketRates': staffWith('dmc.masters'),
  'POST /api/dmc/deleteTourOptionTicketRates': staffWith('dmc.masters'),
  'POST /api/dmc/changeTourOptionTicketRatePriority': staffWith('dmc.masters'),
  'POST /api/dmc/saveTourOptionTransferRates': staffWith('dmc.masters'),
  'GET /api/dmc/getTourOptionTransferRates': staffWith('dmc.masters'),
  'POST /api/dmc/deleteTourOptionTransferRates': staffWith('dmc.masters'),
  'POST /api/dmc/changeTourOptionTransferRatePriority': staffWith('dmc.masters'),
  'POST /api/dmc/checkRateOverlaps': staffWith('dmc.masters'),
  'POST /api/dmc/saveStopSale': staffWith('dmc.masters'),
  'GET /api/dmc/getStopSales': staffWith('dmc.masters'),
  'POST /api/dmc/deleteStopSale': staffWith('dmc.masters'),
  'POST /api/dmc/createDmcCombo': staffWith('dmc.masters'),
  'POST /api/dmc/getCombos': staffWith('dmc.masters'),
  'GET /api/combo/getAllCombos': staffWith('dmc.masters'),
  'POST /api/dmc/getAllDmcData': staffWith('dmc.masters'),
  'POST /api/dmc/exportDmcData': staffWith('dmc.masters'),
  'POST /api/dmc/getAuditTrail': staffWith('dmc.masters'),
  'POST /api/areas/mapAreaActivity': staffWith('dmc.masters'),
  'POST /api/dmc/importDmcData': staffWith('dmc.importData'),
  'POST /api/dmc/getTourOptionPriceForQuotationBuilder': staffWith('dmc.karts'),
  'POST /api/dmc/getTourOptionsByCity': staffWith('dmc.karts'),
  'GET /api/areas/searchAreas': staffWith('dmc.areas'),
  'POST /api/areas/addArea': staffWith('dmc.areas'),
  'POST /api/areas/deleteArea': staffWith('dmc.areas'),
  'GET /api/areas/getTransfers': staffWith('dmc.areas'),
  'POST /api/areas/createTransfers': staffWith('dmc.areas'),
  'POST /api/areas/deleteTransfers/{id}': staffWith('dmc.areas'),
  'GET /api/areas/getFilteredAreas': staffWith('dmc.areas'),
  'GET /api/areas/getFilteredAreasTransfers': staffWith('dmc.areas'),
  'GET /api/areas/getFilteredAreasTransfersType': staffWith('dmc.areas'),
  'POST /api/areas/getAuditTrail': staffWith('dmc.areas'),
  // DMC operations (issue #14): the job sheet needs dmc.jobSheet, driver links dmc.driverTokens (off by default);
  // the driver page has no session (the token in the body is checked by the call itself).
  'POST /api/dmc/getTransferJobSheet': staffWith('dmc.jobSheet'),
  'POST /api/dmc/exportTransferJobSheet': staffWith('dmc.jobSheet'),
  'POST /api/dmc/updateTransferDriver': staffWith('dmc.jobSheet'),
  'POST /api/dmc/assignTransfersToDriver': staffWith('dmc.jobSheet'),
  'POST /api/dmc/checkTransferAssignment': staffWith('dmc.jobSheet'),
  'POST /api/dmc/updateTransferDriverCharges': staffWith('dmc.jobSheet'),
  'POST /api/dmc/updateTransferStatusByStaff': staffWith('dmc.jobSheet'),
  'POST /api/dmc/generateDriverAccessToken': staffWith('dmc.driverTokens'),
  'POST /api/dmc/revokeDriverAccessToken': staffWith('dmc.driverTokens'),
  'POST /api/dmc/getDriverAccessToken': staffWith('dmc.driverTokens'),
  'POST /api/dmcDriver/getDriverTransferJobSheet': anyone,
  'POST /api/dmcDriver/updateTransferDoneByDriver': anyone,
  // Karts (issue #14): quotations and the date-wise itinerary need dmc.karts; a shared quotation is public.
  'POST /api/kart/saveKart': staffWith('dmc.karts'),
  'POST /api/kart/removeKartAccomodation': staffWith('dmc.karts'),
  'POST /api/kart/removeKartActivity': staffWith('dmc.karts'),
  'POST /api/kart/removeKartMiscellaneous': staffWith('dmc.karts'),
  'GET /api/kart/getAllKartsForWl': staffWith('dmc.karts'),
  'GET /api/kart/getKartById': staffWith('dmc.karts'),
  'POST /api/kart/voucherKart': staffWith('dmc.karts'),
  'POST /api/kart/cancelKart': staffWith('dmc.karts'),
  'POST /api/kart/shareKart': staffWith('dmc.karts'),
  'GET /api/kart/getSharedQuotation': anyone,
  'POST /api/dmc/getItinerariesByDate': staffWith('dmc.karts'),
  // Visas (issue #15 item 3): the visitor's reads are public; the content is maintained with visa.manage.
  'GET /api/visa/getVisaCountries': anyone,
  'POST /api/visa/getVisaCategory': anyone,
  'POST /api/visa/getVisaChecklist': anyone,
  'POST /api/visa/staff/saveCountry': staffWith('visa.manage'),
  'POST /api/visa/staff/deleteCountry': staffWith('visa.manage'),
  'POST /api/visa/staff/saveCategory': staffWith('visa.manage'),
  'POST /api/visa/staff/deleteCategory': staffWith('visa.manage'),
  'POST /api/visa/staff/saveChecklist': staffWith('visa.manage'),
  'POST /api/visa/staff/deleteChecklist': staffWith('visa.manage'),
  // Tour packages (issue #15 item 4): signed-in users read (staff need packages.view); staff keep them with packages.manage.
  'GET /api/packages/list': packageReaders,
  'GET /api/packages/get': packageReaders,
  'GET /api/packages/destinations': packageReaders,
  'GET /api/packages/staff/list': staffWith('packages.manage'),
  'GET /api/packages/staff/get': staffWith('packages.manage'),
  'POST /api/packages/staff/save': staffWith('packages.manage'),
  'POST /api/packages/staff/delete': staffWith('packages.manage'),
  'POST /api/packages/images/add': staffWith('packages.manage'),
  'POST /api/packages/images/order': staffWith('packages.manage'),
  'POST /api/packages/images/delete': staffWith('packages.manage'),
  // Enquiries (issue #15): anyone may send one; a signed-in visitor reads their own; the inbox needs enquiries.manage.
  'POST /api/enquiry/submit': anyone,
  'GET /api/enquiry/mine': signedIn,
  'GET /api/enquiry/list': staffWith('enquiries.manage'),
  'GET /api/enquiry/get': staffWith('enquiries.manage'),
  'POST /api/enquiry/updateStatus': staffWith('enquiries.manage'),
  'GET /api/enquiry/export': staffWith('enquiries.manage'),
  // Fixed departures (issue #15 item 5): inventory with fixedDepartures.manage; search, quote and book for
  // signed-in users (staff need fixedDepartures.book); the print of a booking is public (its slug is the key).
  'POST /api/fixedDeparture/staff/save': staffWith('fixedDepartures.manage'),
  'GET /api/fixedDeparture/staff/list': staffWith('fixedDepartures.manage'),
  'GET /api/fixedDeparture/staff/sales': staffWith('fixedDepartures.manage'),
  'GET /api/fixedDeparture/search': fixedDepartureBuyers,
  'POST /api/fixedDeparture/quote': fixedDepartureBuyers,
  'POST /api/fixedDeparture/book': fixedDepartureBuyers,
  'GET /api/fixedDeparture/print/{fdSlug}': anyone,
  // Site settings (issue #15 item 6): SEO and other settings by permission; the permission-menu flag super admins only.
  'GET /api/whitelabel/settings/getSiteSettings': staffWith('settings.other'),
  'GET /api/whitelabel/settings/getSeoSettings': staffWith('settings.seo'),
  'POST /api/whitelabel/settings/saveSeoSettings': staffWith('settings.seo'),
  'POST /api/whitelabel/settings/saveOtherSettings': staffWith('settings.other'),
  'POST /api/whitelabel/settings/savePolicyPage': staffWith('settings.other'),
  'POST /api/whitelabel/settings/uploadSiteImage': staffWith('settings.other'),
  'POST /api/whitelabel/settings/setPermissionMenu': () => ['superAdmin', 'apiConsumer', 'noMenuAdmin'],
  // PAN / GSTIN review (issue #15 item 7): staff with wallet.verifyPan; each user reads their own state.
  'POST /api/wl/user/getPanCardVerifications': staffWith('wallet.verifyPan'),
  'POST /api/wl/user/verifyPanCard': staffWith('wallet.verifyPan'),
  'GET /api/user/getPanVerificationStatus': signedIn,
  // Activities (issue #15 items 1–2): search, cart and queue for signed-in users (staff need activities.book);
  // assigning a cart needs activities.manage, a quotation from it dmc.karts, the markup activities.markup.
  'GET /api/activities/getCities': activityBookers,
  'POST /api/activities/searchActivitiesByCityId': activityBookers,
  'POST /api/activities/cart/getCartData': activityBookers,
  'POST /api/activities/cart/addToCart': activityBookers,
  'POST /api/activities/cart/deleteCartItem': activityBookers,
  'POST /api/activities/cart/clearAllCart': activityBookers,
  'POST /api/activities/cart/updateCartData': activityBookers,
  'POST /api/activities/cart/updateCartStatus': activityBookers,
  'POST /api/activities/cart/updateRemarks': activityBookers,
  'POST /api/activities/cart/updateUserId': staffWith('activities.manage'),
  'POST /api/activities/cart/createKart': staffWith('dmc.karts'),
  'POST /api/activities/queue/getQueue': activityBookers,
  'POST /api/activity/markup/addActivityMarkUp': staffWith('activities.markup'),
  'GET /api/activity/markup/getActivityMarkUp': staffWith('activities.markup'),
  'DELETE /api/activity/markup/deleteActivityMarkup/{id}': staffWith('activities.markup'),
  // GST invoices (issue #16): a customer reads their own documents, staff with invoices.view any of the site's;
  // the month's list and .xlsx with invoices.view; the settings and a missing invoice with invoices.settings.
  'GET /api/invoices/getInvoice': invoiceReaders,
  'GET /api/invoices/getSourceInvoice': invoiceReaders,
  'GET /api/invoices/getInvoicePdf': invoiceReaders,
  'GET /api/invoices/listInvoices': staffWith('invoices.view'),
  'GET /api/invoices/exportInvoices': staffWith('invoices.view'),
  'GET /api/invoices/getInvoiceSettings': staffWith('invoices.view'),
  'POST /api/invoices/saveInvoiceSettings': staffWith('invoices.settings'),
  'POST /api/invoices/issueBookingInvoice': staffWith('invoices.settings'),
  // The audit log (issue #16 item 4): staff with audit.view, any record of their site.
  'POST /api/audit/getAuditLog': staffWith('audit.view'),
  'POST /api/audit/getRecordHistory': staffWith('audit.view'),
  'POST /api/audit/exportAuditLog': staffWith('audit.view'),
};

/**
 * Calls whose access also depends on the calling site (it must supply inventory, or show the
 * permission menu) are decided by their service once the input is known: they get a well-formed input
 * that points at nothing, so an allowed caller gets past authorisation to a 404 and changes nothing.
 */
const PROBE_INPUT: Record<string, unknown> = {
  'POST /api/rbac/addUserToRBACUserGroup': { userId: 'no-such-user', userGroupId: null },
  'POST /api/rbac/savePermissionGroup': { id: 'no-such-group', groupName: 'Matrix probe', modules: [] },
  'POST /api/supplier/supplierOnlyAccess/changeConsumerSupplierRequestStatus': {
    consumerSiteId: 'site-nowhere',
    supplierListId: 'Flights',
    newRequestStatus: 'Approved',
  },
  'POST /api/supplier/supplierOnlyAccess/setFlightHoldSetting': {
    consumerSiteId: 'site-nowhere',
    supplierListId: 'Flights',
    isFlightHold: true,
  },
  'POST /api/supplier/supplierOnlyAccess/setFlightSearchSetting': {
    consumerSiteId: 'site-nowhere',
    supplierListId: 'Flights',
    isFlightSearchAllowed: true,
  },
};

const clients = {} as Record<Role, Client>;
beforeAll(async () => {
  for (const role of ALL) {
    const { domain, email } = ROLES[role];
    clients[role] = new Client(domain);
    if (email) {
      const res = await clients[role].call(login, { email, password: PASSWORD });
      expect(res.status, `${role} signs in`).toBe(200);
    }
  }
});

describe('authorisation matrix', () => {
  it('declares every route of the table, and nothing else', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(ENDPOINTS.map(routeKey).sort());
  });

  // Logout would end the role's session: it runs last for each role.
  const ordered = [...ENDPOINTS].sort((a, b) => Number(a.id === 'users.logout') - Number(b.id === 'users.logout'));
  for (const role of ALL) {
    it(`${role}: allowed exactly where the matrix says`, async () => {
      const wrong: string[] = [];
      for (const e of ordered) {
        const allowed = MATRIX[routeKey(e)]!().includes(role);
        // An empty input: a denied caller must be refused before the input is even looked at.
        const input = PROBE_INPUT[routeKey(e)] ?? (e.method === 'GET' ? undefined : {});
        const res = await clients[role].raw(e.method, urlPath(e).replace(/\{(\w+)\??\}/g, 'x'), input);
        const refused = res.status === 401 || res.status === 403;
        const expected = role === 'anonymous' ? 401 : 403;
        if (allowed && refused) wrong.push(`${routeKey(e)}: refused (${res.status}) but allowed`);
        if (!allowed && res.status !== expected)
          wrong.push(`${routeKey(e)}: answered ${res.status}, expected ${expected}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('one site never reaches another site through an id', () => {
  // Ids that belong to SkyWay, used by Flight Deals' super admin (who holds every permission there).
  const theirs = {
    userId: '',
    customerId: 0,
    legalEntityId: '',
    groupId: '',
    rbacGroupId: '',
    isBlocked: false,
    groupName: '',
  };
  const skyway = new Client('skyway.localhost');
  const ours = new Client('flightdeals.localhost');

  beforeAll(async () => {
    await skyway.call(login, { email: 'admin@skyway.localhost', password: PASSWORD });
    await ours.call(login, { email: 'admin@flightdeals.localhost', password: PASSWORD });
    const customers = await skyway.raw('POST', '/api/wl/user/getCustomers', { page: 1 });
    const victim = customers.body.data.records.find((r: { userType: string }) => r.userType === 'retail');
    Object.assign(theirs, {
      userId: victim.id,
      customerId: victim.users_id,
      legalEntityId: victim.legalEntityId,
      isBlocked: victim.isBlocked,
      groupName: victim.groupName,
    });
    const groups = await skyway.raw('GET', '/api/markupDiscount/LEGroupsForWl');
    theirs.groupId = (groups.body.result.groups ?? groups.body.result)[0].id;
    const rbac = await skyway.raw('GET', '/api/rbac/getRBACUserGroupList');
    theirs.rbacGroupId = (rbac.body.result.groups ?? rbac.body.result)[0]?.id ?? 'none';
  });

  const attempts: [string, () => unknown][] = [
    ['POST /api/wl/user/getUserById', () => ({ userId: theirs.userId })],
    ['POST /api/wl/user/setFlightHoldSettingForUser', () => ({ userId: theirs.userId, isFlightHold: true })],
    [
      'POST /api/wl/user/setFlightSearchSettingForUser',
      () => ({ userId: theirs.userId, isFlightSearchAllowed: false }),
    ],
    ['POST /api/wl/user/getCustomerMonthlyFlightDetails', () => ({ userId: theirs.userId })],
    ['POST /api/markupDiscount/setDefaultLEGroup', () => ({ groupId: theirs.groupId })],
    ['POST /api/markupDiscount/mapLEIdWithLEGroupId', () => ({ groupId: theirs.groupId, LEId: theirs.legalEntityId })],
    [
      'POST /api/markupDiscount/defaultAirlineMarkup',
      () => ({ groupId: theirs.groupId, markupType: 'fixed', markupValue: 1, discountType: 'fixed', discountValue: 0 }),
    ],
    ['POST /api/markupDiscount/LEGroupsForWl', () => ({ id: theirs.groupId, groupName: 'Hijacked group' })],
    [
      'GET /api/markupDiscount/getConsumerLEIdGroupMappingWithOwnerLEGroups',
      () => ({ consumerLEId: theirs.legalEntityId }),
    ],
    ['POST /api/rbac/getUserGroupByUserId', () => ({ userId: theirs.userId })],
    ['POST /api/rbac/addUserToRBACUserGroup', () => ({ userId: theirs.userId, userGroupId: theirs.rbacGroupId })],
    ['GET /api/rbac/getUsersByRBACUserGroup', () => ({ rbacUserGroupId: theirs.rbacGroupId })],
    ['GET /api/rbac/getPermissionGroup', () => ({ id: theirs.rbacGroupId })],
    ['POST /api/supplier/setLERelationConfig', () => ({ isTdsDeductable: true, userLEID: theirs.legalEntityId })],
    [
      'POST /api/wl/user/addWlUserWalletEntry',
      () => ({ userId: theirs.userId, amount: 1, remark: 'Hijacked', requestId: 'matrix-cross-site' }),
    ],
    ['POST /api/wl/user/getWlUserWalletEntry', () => ({ userId: theirs.userId })],
    ['POST /api/wl/user/getWlUserWalletBalance', () => ({ userId: theirs.userId })],
  ];

  for (const [key, input] of attempts) {
    it(`${key} with another site's id finds nothing`, async () => {
      const [method, path] = key.split(' ') as [string, string];
      const res = await ours.raw(method, path, input());
      expect([400, 403, 404, 409], JSON.stringify(res.body)).toContain(res.status);
      expect(res.body.success).toBe(false);
    });
  }

  it("resolves customer numbers inside the caller's own site", async () => {
    // Customer numbers (block, exemption, Change Details) are per-site sequences: SkyWay's number, used on
    // Flight Deals, can only ever name a Flight Deals customer. Reading it there proves which record it is.
    const mine = await ours.raw('POST', '/api/wl/user/getCustomers', { page: 1 });
    const same = mine.body.data.records.find((r: { users_id: number }) => r.users_id === theirs.customerId);
    if (same) expect(same.id).not.toBe(theirs.userId);
    const numbers = mine.body.data.records.map((r: { id: string }) => r.id);
    expect(numbers).not.toContain(theirs.userId);
  });

  it("reads none of the other site's audit entries through a record id or an actor (issue #16 item 4)", async () => {
    // The seed made SkyWay's permission groups through the audited service: SkyWay reads their history.
    const input = { entity: 'permissionGroup', id: theirs.rbacGroupId };
    const own = await skyway.raw('POST', '/api/audit/getRecordHistory', input);
    expect(own.body.result.records.length).toBeGreaterThan(0);
    const res = await ours.raw('POST', '/api/audit/getRecordHistory', input);
    expect([res.status, res.body.result.records]).toEqual([200, []]);
    const byActor = await ours.raw('POST', '/api/audit/getAuditLog', { actorId: own.body.result.records[0].by.userId });
    expect(byActor.body.result.records.some((e: { id: string }) => e.id === theirs.rbacGroupId)).toBe(false);
  });

  it('left the other site exactly as it was', async () => {
    const res = await skyway.raw('POST', '/api/wl/user/getUserById', { userId: theirs.userId });
    expect(res.status).toBe(200);
    const user = res.body.result;
    expect(user.firstName).not.toBe('Hijacked');
    expect(user.isBlocked).toBe(theirs.isBlocked);
    const groups = await skyway.raw('GET', '/api/markupDiscount/LEGroupsForWl');
    expect(JSON.stringify(groups.body.result)).not.toContain('Hijacked group');
  });
});

describe("one site never reaches another site's DMC records through an id", () => {
  // Flight Deals' seeded Dubai ids (scripts/seed/dmc-dubai.ts), used by SkyWay's super admin, who holds every
  // DMC permission on SkyWay: each call must find nothing, and Flight Deals' records stay as they were.
  const skyway = new Client('skyway.localhost');
  const owner = new Client('flightdeals.localhost');
  const act = 'dmc-act-burj-khalifa';
  const option = 'dmc-to-burj-khalifa-l124-non-prime';
  const rate = 'dmc-tr-burj-khalifa-l124-non-prime-india';
  const season = { validFromDate: '2026-10-01', validTillDate: '2027-09-30' };
  beforeAll(async () => {
    await skyway.call(login, { email: 'admin@skyway.localhost', password: PASSWORD });
    await owner.call(login, { email: 'admin@flightdeals.localhost', password: PASSWORD });
  });

  const hijack = { name: 'Hijacked' };
  const attempts: [string, unknown][] = [
    ['POST /api/dmc/createNewMarket', { marketId: 'dmc-mkt-india', ...hijack }],
    ['POST /api/dmc/updateMarketForCustomer', { userId: 'no-such-user', marketId: 'dmc-mkt-india' }],
    ['POST /api/dmc/createNewAccomodation', { id: 'dmc-hotel-radisson-deira', ...hijack, address: 'x', cityId: 26 }],
    ['POST /api/dmc/saveActivity', { id: act, ...hijack, cityId: 26 }],
    ['POST /api/manageActivity/updateActivityPriority', { activityId: act, priority: 99 }],
    ['POST /api/areas/mapAreaActivity', { activityId: act, areaId: null }],
    ['GET /api/dmc/getTourOptions', { activityId: act }],
    ['POST /api/dmc/saveTourOptions', { id: option, activityId: act, ...hijack }],
    ['POST /api/dmc/saveDriver', { driverId: 'dmc-driver-imran', driverName: 'Hijacked' }],
    ['POST /api/dmc/saveLocationOption', { id: 'dmc-loc-dxb-t1', location: 'Hijacked' }],
    [
      'POST /api/dmc/saveActivityTicketRates',
      { id: rate, tourOptionId: option, marketId: 'dmc-mkt-india', adultAmount: 1, childAmount: 1, ...season },
    ],
    ['GET /api/dmc/getTourOptionTicketRates', { tourOptionId: option }],
    ['POST /api/dmc/deleteTourOptionTicketRates', { id: rate }],
    ['POST /api/dmc/changeTourOptionTicketRatePriority', { tourOptionId: option, newPriority: [rate] }],
    ['GET /api/dmc/getTourOptionTransferRates', { tourOptionId: option }],
    ['POST /api/dmc/deleteTourOptionTransferRates', { id: 'dmc-xr-burj-khalifa-l124-non-prime-india-1' }],
    ['POST /api/dmc/changeTourOptionTransferRatePriority', { tourOptionId: option, newPriority: [rate] }],
    ['POST /api/dmc/checkRateOverlaps', { kind: 'ticket', tourOptionId: option, marketId: 'dmc-mkt-india', ...season }],
    ['GET /api/dmc/getStopSales', { tourOptionId: 'dmc-to-dhow-marina-dinner' }],
    ['POST /api/dmc/deleteStopSale', { id: 'dmc-stop-dhow-marina-nye' }],
    [
      'POST /api/dmc/getTourOptionPriceForQuotationBuilder',
      { tourOptionId: option, marketId: 'dmc-mkt-india', date: '2026-11-10', adults: 2 },
    ],
    [
      'POST /api/dmc/createDmcCombo',
      { id: 'dmc-combo-burj-aquarium', ...hijack, amount: 1, tourOptions: [{ tourOptionId: option }] },
    ],
    ['POST /api/areas/addArea', { id: 'dmc-area-deira', ...hijack, cityId: 26 }],
    ['POST /api/areas/deleteArea', { areaId: 'dmc-area-deira' }],
    ['POST /api/areas/deleteTransfers/dmc-at-deira-arr-india-sic', {}],
    ['GET /api/areas/getFilteredAreasTransfers', { from: 'dmc-area-dxb' }],
    ['GET /api/areas/getFilteredAreasTransfersType', { from: 'dmc-area-dxb', to: 'dmc-area-deira' }],
    // Flight Deals' seeded quotations (scripts/seed/karts.ts).
    ['GET /api/kart/getKartById', { id: 'dmc-kart-demo-quote' }],
    ['POST /api/kart/saveKart', { id: 'dmc-kart-demo-quote', version: 1, kartName: 'Hijacked' }],
    ['POST /api/kart/removeKartMiscellaneous', { id: 'dmc-kart-demo-quote', lineId: 'dmc-kart-demo-quote-m1' }],
    ['POST /api/kart/voucherKart', { id: 'dmc-kart-demo-quote' }],
    ['POST /api/kart/cancelKart', { id: 'dmc-kart-demo-voucher' }],
    ['POST /api/kart/shareKart', { id: 'dmc-kart-demo-quote' }],
    // Flight Deals' seeded invoices (scripts/seed/invoices.ts): found by booking, never by another site.
    ['GET /api/invoices/getSourceInvoice', { source: 'booking', sourceId: 'FL00240' }],
    ['POST /api/invoices/issueBookingInvoice', { bookingId: 'FL00240' }],
    // Flight Deals' seeded activity carts (scripts/seed/activities.ts) and its tour options.
    ['POST /api/activities/cart/getCartData', { cartId: 'dmc-cart-demo-submitted' }],
    ['POST /api/activities/cart/updateCartStatus', { cartId: 'dmc-cart-demo-submitted', status: 'confirmed' }],
    ['POST /api/activities/cart/updateRemarks', { cartId: 'dmc-cart-demo-submitted', remarks: 'Hijacked' }],
    ['POST /api/activities/cart/clearAllCart', { cartId: 'dmc-cart-demo-draft' }],
    ['POST /api/activities/cart/createKart', { cartId: 'dmc-cart-demo-confirmed' }],
    [
      'POST /api/activities/cart/addToCart',
      {
        startDate: '2027-01-15',
        endDate: '2027-01-19',
        adults: 1,
        item: { activityId: act, tourOptionId: option },
      },
    ],
  ];

  for (const [key, input] of attempts) {
    it(`${key} with another site's id finds nothing`, async () => {
      const [method, path] = key.split(' ') as [string, string];
      const res = await skyway.raw(method, path, input);
      expect([400, 403, 404, 409], JSON.stringify(res.body)).toContain(res.status);
      expect(res.body.success).toBe(false);
    });
  }

  it("reads no other site's history", async () => {
    const res = await skyway.raw('POST', '/api/dmc/getAuditTrail', { entity: 'ticketRate', id: rate });
    expect(res.body.result.records).toEqual([]);
  });

  it('left the owner’s DMC records exactly as they were', async () => {
    const rates = await owner.raw('GET', '/api/dmc/getTourOptionTicketRates', { tourOptionId: option });
    expect(rates.body.result.map((r: { id: string }) => r.id)).toContain(rate);
    const quote = await owner.raw('GET', '/api/kart/getKartById', { id: 'dmc-kart-demo-quote' });
    expect(quote.body.result).toMatchObject({ version: 1, kartName: 'Dubai family break', isVouchered: false });
    const vouchered = await owner.raw('GET', '/api/kart/getKartById', { id: 'dmc-kart-demo-voucher' });
    expect(vouchered.body.result).toMatchObject({ version: 1, isVouchered: true, isCancelled: false });
    const activities = await owner.raw('GET', '/api/dmc/getActivities', { search: 'Burj Khalifa' });
    expect(activities.body.result.records.map((a: { name: string }) => a.name)).not.toContain('Hijacked');
    const transfers = await owner.raw('GET', '/api/areas/getTransfers', { from: 'dmc-area-deira' });
    expect(transfers.body.result.records.map((t: { id: string }) => t.id)).toContain('dmc-at-deira-dep-india-sic');
    const stops = await owner.raw('GET', '/api/dmc/getStopSales', { tourOptionId: 'dmc-to-dhow-marina-dinner' });
    expect(stops.body.result.map((s: { id: string }) => s.id)).toContain('dmc-stop-dhow-marina-nye');
    const cart = await owner.raw('POST', '/api/activities/cart/getCartData', { cartId: 'dmc-cart-demo-submitted' });
    expect(cart.body.result).toMatchObject({ version: 1, status: 'submitted', kartId: null });
    expect(cart.body.result.remarks).not.toBe('Hijacked');
  });
});
