/**
 * The SPA's route table (shared/contract/routes.tsv), one entry per screen: its path, access, title, the
 * page module that draws it and where the side menus link to it. The web router, the menus, the boot
 * loader's preload map and the end-to-end route test read it; nothing lists screens twice.
 */
import type { SiteModule } from './endpoints/site.ts';

/**
 * `operator`: a screen of the platform console, served only on the console's own host (docs/architecture.md
 * "Console host"); a reseller's site has none of them, and the console none of the sites' screens.
 */
export type RouteAccess = 'public' | 'login' | 'staff' | 'token' | 'operator';

/**
 * A link to the route in one of the side menus (spec 000 §2 "Staff menu links" and "Non-staff menu"; DMC
 * links from spec 001). web/src/app/menus.ts builds both menus from these, so a link and its route cannot
 * disagree; the route's flags (permission menu, test hosts) hide its links too.
 */
export interface MenuLinkSpec {
  menu: 'staff' | 'user';
  /** Place in that menu, ascending; a group sits where its first link does. */
  order: number;
  /** Default: the route's title. */
  label?: string;
  /** The submenu the link sits in. */
  group?: string;
  /** Where the link goes when that is not the route's own path (`/flight` for `/flight/*`). */
  to?: string;
  /** Staff only: the permission key (permissions.ts) the screen's calls need; without it they answer 403. */
  permission?: string;
  /** Shown only when the site has this module active. */
  module?: SiteModule;
  /** Leaves the app: the CRM lives on the site's core site. */
  external?: 'crm';
  /** Shown only when an active site module is one of CRM_MODULES. */
  needsCrmModule?: boolean;
}

export interface SpaRoute {
  path: string;
  /**
   * The page module, under web/src/features without `.page.tsx` (`auth/login`): the router loads it lazily
   * (web/src/app/router.tsx), so each screen stays its own chunk.
   */
  screen: string;
  access: RouteAccess;
  title: string;
  /** Only when the site's wlMeta allows the permission menu. */
  needsPermissionMenu?: boolean;
  /** Only on test hosts (hostnames containing "test" or "localhost"). */
  testHostsOnly?: boolean;
  /** Only for the admin of an agency or company account (account-roles.ts `isAccountAdmin`); hides its links too. */
  accountAdminOnly?: boolean;
  /** Its links in the side menus. */
  menus?: MenuLinkSpec[];
  /**
   * The screen's first read, started by the boot loader (web/boot/load.js) beside the app's code when a signed-in
   * user opens the path with no query, and taken by the app's client instead of asking again (api/boot-reads.ts).
   * `url` is the request exactly as the screen makes it (its page test holds the two together); `image` the
   * answer's path to the picture the screen paints largest first, preloaded the moment the answer arrives, so the
   * screen's largest paint waits for the app's code and not for the code, then the read, then the picture.
   * `preview`: what the boot shell paints from the answer while the app's code is still on its way.
   */
  bootRead?: { url: string; image?: string; preview?: BootPreview };
}

/**
 * A screen's top and first row of cards, painted by the boot shell from its boot read (web/boot/load.js): the
 * screen's heading and intro (the screen shows these same texts, from here), then a card per column (1, 2 or 3 by
 * width, as the app lays them out) with its picture (or, without one, the `placeholder` text on a tint) and title.
 * `cards` is a dotted path into the answer, `picture`, `placeholder` and `title` into one card. The app's first
 * render takes the same answer (api/boot-reads.ts), so the row goes from the shell's paint to the app's without a
 * loader between.
 */
export interface BootPreview {
  heading: string;
  intro: string;
  cards: string;
  picture: string;
  placeholder: string;
  title: string;
}

/** The package list's top and first row in the boot shell; the screen shows the same heading and intro. */
export const PACKAGE_LIST_PREVIEW: BootPreview = {
  heading: 'Tour packages',
  intro: 'Holidays with everything planned day by day. Open one to see its itinerary and send an enquiry.',
  cards: 'result.records',
  picture: 'image.url',
  placeholder: 'destination',
  title: 'title',
};

export const SPA_BASENAME = '/app';

/**
 * The platform console's screens: the console host's only routes, kept apart from SPA_ROUTES so that nothing a
 * reseller's site derives from its table (router, menus, preload map, page heads, SEO pages) ever holds one.
 */
/** The console's name in its header, page titles and served html. */
export const CONSOLE_BRAND = 'Platform console';
export const CONSOLE_LOGIN_PATH = '/console/login';
export const CONSOLE_HOME_PATH = '/console';
export const CONSOLE_ROUTES: SpaRoute[] = [
  { path: CONSOLE_LOGIN_PATH, screen: 'console/login', access: 'operator', title: 'Sign in' },
  { path: CONSOLE_HOME_PATH, screen: 'console/resellers', access: 'operator', title: 'Resellers' },
  { path: '/console/resellers/new', screen: 'console/onboard', access: 'operator', title: 'Onboard a reseller' },
  { path: '/console/resellers/:siteId', screen: 'console/reseller', access: 'operator', title: 'Reseller' },
  { path: '/console/audit', screen: 'console/audit', access: 'operator', title: 'Audit log' },
];

export const SPA_ROUTES: SpaRoute[] = [
  { path: '/login', screen: 'auth/login', access: 'public', title: 'Login' },
  { path: '/signup', screen: 'auth/signup', access: 'public', title: 'Sign up' },
  { path: '/signup_success', screen: 'auth/signup-success', access: 'public', title: 'Sign up complete' },
  { path: '/logout', screen: 'auth/logout', access: 'public', title: 'Logout' },
  { path: '/generate_password', screen: 'auth/generate-password', access: 'public', title: 'Set password' },
  { path: '/403', screen: 'shell/forbidden', access: 'public', title: 'Forbidden' },
  { path: '/terms_and_conditions', screen: 'policy/policy', access: 'public', title: 'Terms and Conditions' },
  { path: '/privacy_policy', screen: 'policy/policy', access: 'public', title: 'Privacy Policy' },
  {
    path: '/cancellation_return_refund_policy',
    screen: 'policy/policy',
    access: 'public',
    title: 'Cancellation, Return and Refund Policy',
  },
  { path: '/api-partner-program', screen: 'policy/policy', access: 'public', title: 'API Partner Program' },
  { path: '/createNewUser', screen: 'customers/create-user', access: 'public', title: 'Create user' },
  { path: '/1/success', screen: 'wallet/success', access: 'public', title: 'Payment success' },
  /** The embedded sandbox payment gateway's page (architecture.md "Payments"); its payment id is the credential. */
  {
    path: '/sandbox-gateway/:paymentId',
    screen: 'wallet/sandbox-gateway',
    access: 'public',
    title: 'Sandbox payment gateway',
  },
  { path: '/flight/eTicket/:bookingSlug', screen: 'tickets/eticket', access: 'public', title: 'E-ticket' },
  /** Ours (not in routes.tsv): a shared quotation, read by its unguessable slug without login. */
  { path: '/quotation/:slug', screen: 'dmc/kart/shared', access: 'public', title: 'Quotation' },
  /** A fixed-departure booking's print, read by its unguessable slug (docs/fixed-departures.md). */
  {
    path: '/flight/fixedDeparture/print/:fdSlug',
    screen: 'fixed-departures/print',
    access: 'public',
    title: 'Fixed departure',
  },
  { path: '/', screen: 'shell/home', access: 'public', title: 'Home' },
  {
    path: '/dmc/driver/:driverAccessToken',
    screen: 'dmc/operations/driver',
    access: 'token',
    title: 'Driver job sheet',
  },
  /** Ours: the visa landing page, the destination countries. */
  {
    path: '/visa',
    screen: 'visa/landing',
    access: 'public',
    title: 'Visas',
    menus: [{ menu: 'user', order: 110, module: 'VisaEnquiry' }],
  },
  { path: '/visa/:country', screen: 'visa/categories', access: 'public', title: 'Visa categories' },
  { path: '/visa/:country/:category/:categoryId', screen: 'visa/checklist', access: 'public', title: 'Visa checklist' },
  { path: '/flight/login', screen: 'auth/login', access: 'public', title: 'Flight login' },
  {
    path: '/flight/*',
    screen: 'flights/flights',
    access: 'login',
    title: 'Flights',
    // In every menu: the product's main journey is one click away whatever the role.
    menus: [
      { menu: 'staff', order: 10, label: 'Search flights', to: '/flight', permission: 'flights.search' },
      { menu: 'user', order: 10, label: 'Search flights', to: '/flight', permission: 'flights.search' },
    ],
  },
  {
    path: '/packages',
    screen: 'packages/packages',
    access: 'login',
    title: 'Tour packages',
    bootRead: {
      url: '/api/packages/list?limit=12',
      image: 'result.records.0.image.url',
      preview: PACKAGE_LIST_PREVIEW,
    },
    menus: [
      { menu: 'staff', order: 300, label: 'Browse Packages', permission: 'packages.view', module: 'packages' },
      { menu: 'user', order: 100, label: 'Tour Packages', module: 'packages' },
    ],
  },
  { path: '/packages/:packageName/:_id', screen: 'packages/detail', access: 'login', title: 'Tour package' },
  {
    path: '/activities',
    screen: 'activities/activities',
    access: 'login',
    title: 'Activities',
    menus: [{ menu: 'user', order: 80, group: 'Activities', module: 'activities' }],
  },
  {
    path: '/activities/search',
    screen: 'activities/search',
    access: 'login',
    title: 'Activity search',
    menus: [
      {
        menu: 'staff',
        order: 420,
        label: 'Activity Search',
        group: 'Activities',
        permission: 'activities.book',
        module: 'activities',
      },
    ],
  },
  {
    path: '/activities/queue',
    screen: 'activities/queue',
    access: 'login',
    title: 'Activity queue',
    menus: [
      {
        menu: 'staff',
        order: 430,
        label: 'Activity Queue',
        group: 'Activities',
        permission: 'activities.book',
        module: 'activities',
      },
      { menu: 'user', order: 90, label: 'My Activity Carts', group: 'Activities', module: 'activities' },
    ],
  },
  {
    path: '/activities/markup',
    screen: 'activities/markup',
    access: 'login',
    title: 'Activity markup',
    menus: [
      {
        menu: 'staff',
        order: 440,
        label: 'Activity Markup',
        group: 'Activities',
        permission: 'activities.markup',
        module: 'activities',
      },
    ],
  },
  { path: '/payments', screen: 'wallet/payments', access: 'login', title: 'Payments' },
  {
    path: '/fixed-departures',
    screen: 'fixed-departures/fixed-departures',
    access: 'login',
    title: 'Fixed departures',
    menus: [
      { menu: 'staff', order: 260, label: 'Book Fixed Departures', permission: 'fixedDepartures.book' },
      { menu: 'user', order: 50, label: 'Fixed Departures' },
    ],
  },
  {
    path: '/user/dashboard',
    screen: 'profile/profile',
    access: 'login',
    title: 'My Profile',
    menus: [
      { menu: 'staff', order: 20, label: 'Dashboard', to: '/user/dashboard/' },
      { menu: 'user', order: 20 },
    ],
  },
  { path: '/user/dashboard/userProfile', screen: 'profile/profile', access: 'login', title: 'User profile' },
  {
    path: '/user/transactionHistory',
    screen: 'wallet/transaction-history',
    access: 'login',
    title: 'Wallet',
    menus: [{ menu: 'user', order: 70 }],
  },
  {
    path: '/user/supplier/becomeSupplier',
    screen: 'suppliers/become-supplier',
    access: 'login',
    title: 'Become a supplier',
  },
  {
    path: '/user/dashboard/referral',
    screen: 'profile/referral',
    access: 'login',
    title: 'Referral',
    menus: [{ menu: 'staff', order: 60 }],
  },
  {
    path: '/user/package/manage_package_images/:_id',
    screen: 'packages/images',
    access: 'login',
    title: 'Package images',
  },
  { path: '/user/payments/:orderId?', screen: 'wallet/user-payments', access: 'login', title: 'Payments' },
  { path: '/user/billing-details', screen: 'profile/billing-details', access: 'login', title: 'Billing details' },
  /** Ours: a GST invoice or credit note, by its id or by its booking / cart / quotation. */
  { path: '/invoice/:invoiceId', screen: 'invoices/invoice', access: 'login', title: 'Invoice' },
  { path: '/invoice/:source/:sourceId', screen: 'invoices/invoice', access: 'login', title: 'Invoice' },
  { path: '/phonepe/verify/:orderId?', screen: 'wallet/verify', access: 'login', title: 'Verifying payment' },
  {
    path: '/package/enquiry/submitted/:enquiryId',
    screen: 'packages/enquiry-submitted',
    access: 'login',
    title: 'Enquiry submitted',
  },
  {
    path: '/flight/ticketQueue',
    screen: 'tickets/queue',
    access: 'login',
    title: 'Air Ticket Queue',
    menus: [
      { menu: 'staff', order: 70, permission: 'flights.ticketQueue' },
      { menu: 'user', order: 30, label: 'Ticket Queue', group: 'Tickets' },
    ],
  },
  {
    path: '/flights/ticketQueue',
    screen: 'tickets/queue',
    access: 'staff',
    title: 'Air Ticket Queue',
    menus: [{ menu: 'staff', order: 90, label: 'All Tickets', permission: 'flights.ticketQueue' }],
  },
  {
    path: '/flights/holdQueue',
    screen: 'tickets/queue',
    access: 'staff',
    title: 'Hold Queue',
    menus: [{ menu: 'staff', order: 100, permission: 'flights.holdQueue' }],
  },
  {
    path: '/flights/changeRequestQueue',
    screen: 'tickets/queue',
    access: 'login',
    title: 'Change Requests',
    menus: [
      { menu: 'staff', order: 110, permission: 'flights.changeRequests' },
      { menu: 'user', order: 40, label: 'Change Request Queue', group: 'Tickets' },
    ],
  },
  /** Ours: airlines' schedule changes to ticketed bookings (docs/flights.md "Disruptions"). */
  {
    path: '/flights/disruptions',
    screen: 'tickets/disruptions',
    access: 'login',
    title: 'Disruptions',
    menus: [
      // After the spec's staff links, whose order is the spec's.
      { menu: 'staff', order: 245, permission: 'flights.disruptions' },
      { menu: 'user', order: 45, label: 'Disruptions', group: 'Tickets' },
    ],
  },
  {
    path: '/flights/manage-markup',
    screen: 'markup/manage-markup',
    access: 'staff',
    title: 'Manage Markup',
    menus: [{ menu: 'staff', order: 120, permission: 'flights.manageMarkup' }],
  },
  { path: '/staff', screen: 'customers/customers', access: 'staff', title: 'Customers' },
  {
    path: '/staff/customers',
    screen: 'customers/customers',
    access: 'staff',
    title: 'Customers',
    menus: [{ menu: 'staff', order: 30, permission: 'customers.view' }],
  },
  {
    path: '/staff/link_supplier',
    screen: 'suppliers/link-supplier',
    access: 'staff',
    title: 'Link Supplier',
    menus: [{ menu: 'staff', order: 40, permission: 'suppliers.link' }],
  },
  {
    path: '/staff/flightSettings',
    screen: 'flight-admin/flight-settings',
    access: 'staff',
    title: 'Flight Settings',
    menus: [{ menu: 'staff', order: 80, permission: 'flights.settings' }],
  },
  {
    path: '/staff/supplierWallets',
    screen: 'flight-admin/supplier-wallets',
    access: 'staff',
    title: 'Supplier Wallets',
    menus: [{ menu: 'staff', order: 130, permission: 'flights.supplierAccounts' }],
  },
  {
    path: '/staff/myPendingPaymentGatewayEntries',
    screen: 'wallet/pending-entries',
    access: 'staff',
    title: 'Pending Gateway Entries',
    menus: [{ menu: 'staff', order: 140, permission: 'wallet.viewReports' }],
  },
  {
    path: '/staff/walletReport',
    screen: 'wallet/wallet-report',
    access: 'staff',
    title: 'Wallet Report',
    menus: [{ menu: 'staff', order: 150, permission: 'wallet.viewReports' }],
  },
  {
    path: '/staff/paymentGatewayTransactions',
    screen: 'wallet/gateway-transactions',
    access: 'staff',
    title: 'Payment Gateway Transactions',
    menus: [{ menu: 'staff', order: 160, permission: 'wallet.viewReports' }],
  },
  {
    path: '/staff/supplierProfitLoss',
    screen: 'flight-admin/supplier-profit-loss',
    access: 'staff',
    title: 'Supplier Profit & Loss',
    menus: [{ menu: 'staff', order: 170, permission: 'flights.supplierAccounts' }],
  },
  {
    path: '/staff/downloadBalances',
    screen: 'wallet/download-balances',
    access: 'staff',
    title: 'Download Balances',
    menus: [{ menu: 'staff', order: 180, permission: 'wallet.downloadBalances' }],
  },
  {
    path: '/staff/verifyPanCard',
    screen: 'settings/verify-pan',
    access: 'staff',
    title: 'Verify PAN Card',
    menus: [{ menu: 'staff', order: 190, permission: 'wallet.verifyPan' }],
  },
  /** Ours: a month's GST invoices and credit notes, the GSTR-1 style .xlsx, invoice settings. */
  {
    path: '/staff/invoices',
    screen: 'invoices/invoices',
    access: 'staff',
    title: 'GST Invoices',
    menus: [{ menu: 'staff', order: 280, permission: 'invoices.view' }],
  },
  /** Ours: the books of a period for Tally Prime, Zoho Books or Xero, and their ledger names (docs/dmc.md "The books"). */
  {
    path: '/staff/accounting-export',
    screen: 'invoices/books',
    access: 'staff',
    title: 'Accounting Export',
    menus: [{ menu: 'staff', order: 281, permission: 'invoices.books' }],
  },
  /** Ours: the site's audit log, filtered by actor, record type, change type and days. */
  {
    path: '/staff/audit',
    screen: 'audit/audit-log',
    access: 'staff',
    title: 'Audit Log',
    menus: [{ menu: 'staff', order: 290, permission: 'audit.view' }],
  },
  {
    path: '/staff/setting/seo-settings',
    screen: 'settings/seo-settings',
    access: 'staff',
    title: 'SEO Settings',
    menus: [{ menu: 'staff', order: 200, permission: 'settings.seo' }],
  },
  {
    path: '/staff/setting/other-settings',
    screen: 'settings/other-settings',
    access: 'staff',
    title: 'Other Settings',
    menus: [{ menu: 'staff', order: 210, permission: 'settings.other' }],
  },
  {
    path: '/staff/setting/permission-groups',
    screen: 'permissions/permission-groups',
    access: 'staff',
    title: 'Permission Groups',
    needsPermissionMenu: true,
    menus: [{ menu: 'staff', order: 220, label: 'User Permissions', permission: 'settings.permissionGroups' }],
  },
  {
    path: '/staff/infozealExcelDataExport',
    screen: 'flight-admin/infozeal-export',
    access: 'staff',
    title: 'Infozeal Excel Export',
    testHostsOnly: true,
    menus: [{ menu: 'staff', order: 230, permission: 'flights.supplierAccounts' }],
  },
  {
    path: '/staff/tboRefundExcelImport',
    screen: 'flight-admin/tbo-refund-import',
    access: 'staff',
    title: 'TBO Refund Import',
    testHostsOnly: true,
    menus: [{ menu: 'staff', order: 240, permission: 'flights.importRefunds' }],
  },
  {
    path: '/staff/dmc_master',
    screen: 'dmc/masters/dmc-master',
    access: 'staff',
    title: 'DMC Master',
    menus: [{ menu: 'staff', order: 310, group: 'DMC', permission: 'dmc.masters', module: 'DMC' }],
  },
  {
    path: '/staff/kart',
    screen: 'dmc/kart/kart',
    access: 'staff',
    title: 'Quotations',
    menus: [{ menu: 'staff', order: 320, group: 'DMC', permission: 'dmc.karts', module: 'DMC' }],
  },
  /** Ours (not in routes.tsv): a quotation's A4 print view; docs/dmc.md "Karts". */
  { path: '/staff/kart/:id/print', screen: 'dmc/kart/print', access: 'staff', title: 'Quotation' },
  {
    path: '/staff/dmc_job_sheet',
    screen: 'dmc/operations/job-sheet',
    access: 'staff',
    title: 'Job Sheet',
    menus: [{ menu: 'staff', order: 330, group: 'DMC', permission: 'dmc.jobSheet', module: 'DMC' }],
  },
  {
    path: '/staff/dmc_rate_management',
    screen: 'dmc/rates/rate-management',
    access: 'staff',
    title: 'Rate Management',
    menus: [{ menu: 'staff', order: 340, group: 'DMC', permission: 'dmc.masters', module: 'DMC' }],
  },
  /** Ours: the DMC's exchange-rate table (rates in several currencies, for quotations to convert with). */
  {
    path: '/staff/dmc-exchange-rates',
    screen: 'dmc/masters/exchange-rates',
    access: 'staff',
    title: 'Exchange Rates',
    menus: [{ menu: 'staff', order: 345, group: 'DMC', permission: 'dmc.masters', module: 'DMC' }],
  },
  /** Ours: a hotel's contract (room types, meal plans, rates by occupancy, child bands, stop-sales, allotments). */
  {
    path: '/staff/dmc-hotel-contracts',
    screen: 'dmc/hotels/hotel-contracts',
    access: 'staff',
    title: 'Hotel Contracts',
    menus: [{ menu: 'staff', order: 346, group: 'DMC', permission: 'dmc.masters', module: 'DMC' }],
  },
  {
    path: '/staff/dmc-data-management',
    screen: 'dmc/data/data-management',
    access: 'staff',
    title: 'DMC Data',
    menus: [{ menu: 'staff', order: 350, group: 'DMC', permission: 'dmc.masters', module: 'DMC' }],
  },
  {
    path: '/staff/dmc-datewise-itineraries',
    screen: 'dmc/operations/datewise-itineraries',
    access: 'staff',
    title: 'Datewise Itineraries',
    // dmc.karts, as its call: the itinerary reads customers' quotations, not masters.
    menus: [{ menu: 'staff', order: 360, group: 'DMC', permission: 'dmc.karts', module: 'DMC' }],
  },
  {
    path: '/staff/dmc-activities',
    screen: 'dmc/activities/dmc-activities',
    access: 'staff',
    title: 'DMC Activities',
    menus: [{ menu: 'staff', order: 370, group: 'DMC', permission: 'dmc.masters', module: 'DMC' }],
  },
  {
    path: '/staff/dmc-combos',
    screen: 'dmc/combos/dmc-combos',
    access: 'staff',
    title: 'Combos',
    menus: [{ menu: 'staff', order: 380, group: 'DMC', permission: 'dmc.masters', module: 'DMC' }],
  },
  {
    path: '/staff/areas',
    screen: 'dmc/areas/areas',
    access: 'staff',
    title: 'Areas',
    menus: [{ menu: 'staff', order: 390, group: 'DMC', permission: 'dmc.areas', module: 'DMC' }],
  },
  {
    path: '/staff/area-transfer',
    screen: 'dmc/areas/area-transfer',
    access: 'staff',
    title: 'Area Transfers',
    menus: [{ menu: 'staff', order: 400, group: 'DMC', permission: 'dmc.areas', module: 'DMC' }],
  },
  /** Ours: visa countries, categories and checklists. */
  {
    path: '/staff/visa',
    screen: 'visa/staff-visa',
    access: 'staff',
    title: 'Visa Checklists',
    menus: [{ menu: 'staff', order: 270, permission: 'visa.manage' }],
  },
  /** Ours: the site's fixed-departure inventory and name lists. */
  {
    path: '/staff/fixed-departures',
    screen: 'fixed-departures/staff',
    access: 'staff',
    title: 'Fixed Departures',
    menus: [{ menu: 'staff', order: 250, permission: 'fixedDepartures.manage' }],
  },
  {
    path: '/staff/tour_package/list_all_packages',
    screen: 'packages/staff-list',
    access: 'staff',
    title: 'Tour Packages',
    menus: [{ menu: 'staff', order: 410, group: 'DMC', permission: 'packages.manage', module: 'DMC' }],
  },
  {
    path: '/staff/tour_package/create_or_edit_tour_package',
    screen: 'packages/editor',
    access: 'staff',
    title: 'Edit Tour Package',
  },
  {
    path: '/crm',
    screen: 'enquiries/crm',
    access: 'login',
    title: 'CRM',
    // A site module: without one of CRM_MODULES the link would lead to "not available".
    menus: [
      { menu: 'staff', order: 50, external: 'crm', needsCrmModule: true },
      { menu: 'user', order: 60, external: 'crm', needsCrmModule: true },
    ],
  },
  // A reseller's own team: invites, deactivation, group changes (endpoints/staff.ts).
  {
    path: '/staff/team',
    screen: 'staff-team/staff-team',
    access: 'staff',
    title: 'Staff',
    menus: [{ menu: 'staff', order: 295, label: 'Staff', permission: 'users.manage' }],
  },
  // Agencies and companies with several users (docs/architecture.md "Agencies and companies").
  {
    path: '/my-team',
    screen: 'agency/team',
    access: 'login',
    title: 'My team',
    accountAdminOnly: true,
    menus: [{ menu: 'user', order: 75 }],
  },
  // Visa applications (docs/visas.md "Applications"): the applicant's list, form and application; the staff queue.
  {
    path: '/visa-applications',
    screen: 'visa/applications',
    access: 'login',
    title: 'Visa applications',
    menus: [{ menu: 'user', order: 111, module: 'VisaEnquiry' }],
  },
  { path: '/visa-applications/new/:categoryId', screen: 'visa/apply', access: 'login', title: 'Apply for a visa' },
  { path: '/visa-applications/:applicationId', screen: 'visa/application', access: 'login', title: 'Visa application' },
  {
    path: '/staff/visa-applications',
    screen: 'visa/staff-applications',
    access: 'staff',
    title: 'Visa Applications',
    menus: [{ menu: 'staff', order: 271, permission: 'visa.applications' }],
  },
  // Quotation payments (docs/dmc.md "Receipts"): a receipt printed by staff, and by the shared link's holder.
  { path: '/staff/kart/receipt/:receiptId', screen: 'dmc/kart/receipt', access: 'staff', title: 'Receipt' },
  {
    path: '/quotation/:slug/receipt/:receiptId',
    screen: 'dmc/kart/shared-receipt',
    access: 'public',
    title: 'Receipt',
  },
  // Ours: a booking made outside the platform brought in by PNR (docs/flights.md "Bookings made elsewhere").
  {
    path: '/flights/import-pnr',
    screen: 'tickets/import-pnr',
    access: 'staff',
    title: 'Import PNR',
    menus: [{ menu: 'staff', order: 246, permission: 'flights.importPnr' }],
  },
  // Exports made in the background (docs/architecture.md "Exports"): the signed-in staff member's own jobs, so an
  // export started on a list can be downloaded later. Each row is the caller's own: no permission beyond staff.
  {
    path: '/staff/exports',
    screen: 'exports/exports',
    access: 'staff',
    title: 'Your exports',
    menus: [{ menu: 'staff', order: 292 }],
  },
  // Ours: what vouchered quotations owe their suppliers (docs/dmc.md "Paying suppliers").
  {
    path: '/staff/dmc-payables',
    screen: 'dmc/payables/payables',
    access: 'staff',
    title: 'Supplier Payables',
    menus: [{ menu: 'staff', order: 335, group: 'DMC', permission: 'dmc.payables', module: 'DMC' }],
  },
  {
    path: '/staff/dmc-payables/statement',
    screen: 'dmc/payables/statement',
    access: 'staff',
    title: 'Supplier Statement',
  },
  // The paper of a vouchered quotation (docs/dmc.md "Paper: vouchers and supplier requests"): the guest's vouchers
  // (staff print, the shared link), and the supplier's page to confirm or decline a booking without sign-in.
  { path: '/staff/kart/:id/vouchers', screen: 'dmc/kart/vouchers', access: 'staff', title: 'Vouchers' },
  { path: '/quotation/:slug/vouchers', screen: 'dmc/kart/shared-vouchers', access: 'public', title: 'Vouchers' },
  { path: '/supplier-request/:token', screen: 'dmc/kart/supplier-request', access: 'token', title: 'Booking request' },
  { path: '*', screen: 'shell/not-found', access: 'public', title: 'Not found' },
];
