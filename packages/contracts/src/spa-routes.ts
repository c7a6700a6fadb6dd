/**
 * The SPA's route table (shared/contract/routes.tsv), one entry per screen. The web router, the
 * menus and the end-to-end route test read it; nothing lists screens twice.
 */
export type RouteAccess = 'public' | 'login' | 'staff' | 'token';

export interface SpaRoute {
  path: string;
  access: RouteAccess;
  title: string;
  /** Only when the site's wlMeta allows the permission menu. */
  needsPermissionMenu?: boolean;
  /** Only on test hosts (hostnames containing "test" or "localhost"). */
  testHostsOnly?: boolean;
}

export const SPA_BASENAME = '/app';

export const SPA_ROUTES: SpaRoute[] = [
  { path: '/login', access: 'public', title: 'Login' },
  { path: '/signup', access: 'public', title: 'Sign up' },
  { path: '/signup_success', access: 'public', title: 'Sign up complete' },
  { path: '/logout', access: 'public', title: 'Logout' },
  { path: '/generate_password', access: 'public', title: 'Set password' },
  { path: '/403', access: 'public', title: 'Forbidden' },
  { path: '/terms_and_conditions', access: 'public', title: 'Terms and Conditions' },
  { path: '/privacy_policy', access: 'public', title: 'Privacy Policy' },
  { path: '/cancellation_return_refund_policy', access: 'public', title: 'Cancellation, Return and Refund Policy' },
  { path: '/api-partner-program', access: 'public', title: 'API Partner Program' },
  { path: '/createNewUser', access: 'public', title: 'Create user' },
  { path: '/1/success', access: 'public', title: 'Payment success' },
  /** The embedded sandbox payment gateway's page (architecture.md "Payments"); its payment id is the credential. */
  { path: '/sandbox-gateway/:paymentId', access: 'public', title: 'Sandbox payment gateway' },
  { path: '/flight/eTicket/:bookingSlug', access: 'public', title: 'E-ticket' },
  /** Ours (issue #14, not in routes.tsv): a shared quotation, read by its unguessable slug without login. */
  { path: '/quotation/:slug', access: 'public', title: 'Quotation' },
  /** A fixed-departure booking's print, read by its unguessable slug (docs/fixed-departures.md). */
  { path: '/flight/fixedDeparture/print/:fdSlug', access: 'public', title: 'Fixed departure' },
  { path: '/', access: 'public', title: 'Home' },
  { path: '/dmc/driver/:driverAccessToken', access: 'token', title: 'Driver job sheet' },
  /** Ours (issue #15): the visa landing page, the destination countries. */
  { path: '/visa', access: 'public', title: 'Visas' },
  { path: '/visa/:country', access: 'public', title: 'Visa categories' },
  { path: '/visa/:country/:category/:categoryId', access: 'public', title: 'Visa checklist' },
  { path: '/flight/login', access: 'public', title: 'Flight login' },
  { path: '/flight/*', access: 'login', title: 'Flights' },
  { path: '/packages', access: 'login', title: 'Tour packages' },
  { path: '/packages/:packageName/:_id', access: 'login', title: 'Tour package' },
  { path: '/activities', access: 'login', title: 'Activities' },
  { path: '/activities/search', access: 'login', title: 'Activity search' },
  { path: '/activities/queue', access: 'login', title: 'Activity queue' },
  { path: '/activities/markup', access: 'login', title: 'Activity markup' },
  { path: '/payments', access: 'login', title: 'Payments' },
  { path: '/fixed-departures', access: 'login', title: 'Fixed departures' },
  { path: '/user/dashboard', access: 'login', title: 'My Profile' },
  { path: '/user/dashboard/userProfile', access: 'login', title: 'User profile' },
  { path: '/user/transactionHistory', access: 'login', title: 'Wallet' },
  { path: '/user/supplier/becomeSupplier', access: 'login', title: 'Become a supplier' },
  { path: '/user/dashboard/referral', access: 'login', title: 'Referral' },
  { path: '/user/package/manage_package_images/:_id', access: 'login', title: 'Package images' },
  { path: '/user/payments/:orderId?', access: 'login', title: 'Payments' },
  { path: '/user/billing-details', access: 'login', title: 'Billing details' },
  /** Ours (issue #16): a GST invoice or credit note, by its id or by its booking / cart / quotation. */
  { path: '/invoice/:invoiceId', access: 'login', title: 'Invoice' },
  { path: '/invoice/:source/:sourceId', access: 'login', title: 'Invoice' },
  { path: '/phonepe/verify/:orderId?', access: 'login', title: 'Verifying payment' },
  { path: '/package/enquiry/submitted/:enquiryId', access: 'login', title: 'Enquiry submitted' },
  { path: '/flight/ticketQueue', access: 'login', title: 'Air Ticket Queue' },
  { path: '/flights/ticketQueue', access: 'staff', title: 'Air Ticket Queue' },
  { path: '/flights/holdQueue', access: 'staff', title: 'Hold Queue' },
  { path: '/flights/changeRequestQueue', access: 'login', title: 'Change Requests' },
  { path: '/flights/manage-markup', access: 'staff', title: 'Manage Markup' },
  { path: '/staff', access: 'staff', title: 'Customers' },
  { path: '/staff/customers', access: 'staff', title: 'Customers' },
  { path: '/staff/link_supplier', access: 'staff', title: 'Link Supplier' },
  { path: '/staff/flightSettings', access: 'staff', title: 'Flight Settings' },
  { path: '/staff/supplierWallets', access: 'staff', title: 'Supplier Wallets' },
  { path: '/staff/myPendingPaymentGatewayEntries', access: 'staff', title: 'Pending Gateway Entries' },
  { path: '/staff/walletReport', access: 'staff', title: 'Wallet Report' },
  { path: '/staff/paymentGatewayTransactions', access: 'staff', title: 'Payment Gateway Transactions' },
  { path: '/staff/supplierProfitLoss', access: 'staff', title: 'Supplier Profit & Loss' },
  { path: '/staff/downloadBalances', access: 'staff', title: 'Download Balances' },
  { path: '/staff/verifyPanCard', access: 'staff', title: 'Verify PAN Card' },
  /** Ours (issue #16): a month's GST invoices and credit notes, the GSTR-1 style .xlsx, invoice settings. */
  { path: '/staff/invoices', access: 'staff', title: 'GST Invoices' },
  /** Ours (issue #16 item 4): the site's audit log, filtered by actor, record type, change type and days. */
  { path: '/staff/audit', access: 'staff', title: 'Audit Log' },
  { path: '/staff/setting/seo-settings', access: 'staff', title: 'SEO Settings' },
  { path: '/staff/setting/other-settings', access: 'staff', title: 'Other Settings' },
  { path: '/staff/setting/permission-groups', access: 'staff', title: 'Permission Groups', needsPermissionMenu: true },
  {
    path: '/staff/infozealExcelDataExport',
    access: 'staff',
    title: 'Infozeal Excel Export',
    testHostsOnly: true,
  },
  {
    path: '/staff/tboRefundExcelImport',
    access: 'staff',
    title: 'TBO Refund Import',
    testHostsOnly: true,
  },
  { path: '/staff/dmc_master', access: 'staff', title: 'DMC Master' },
  { path: '/staff/kart', access: 'staff', title: 'Quotations' },
  /** Ours (issue #14, not in routes.tsv): a quotation's A4 print view; docs/dmc.md "Karts". */
  { path: '/staff/kart/:id/print', access: 'staff', title: 'Quotation' },
  { path: '/staff/dmc_job_sheet', access: 'staff', title: 'Job Sheet' },
  { path: '/staff/dmc_rate_management', access: 'staff', title: 'Rate Management' },
  { path: '/staff/dmc-data-management', access: 'staff', title: 'DMC Data' },
  { path: '/staff/dmc-datewise-itineraries', access: 'staff', title: 'Datewise Itineraries' },
  { path: '/staff/dmc-activities', access: 'staff', title: 'DMC Activities' },
  { path: '/staff/dmc-combos', access: 'staff', title: 'Combos' },
  { path: '/staff/areas', access: 'staff', title: 'Areas' },
  { path: '/staff/area-transfer', access: 'staff', title: 'Area Transfers' },
  /** Ours (issue #15): visa countries, categories and checklists. */
  { path: '/staff/visa', access: 'staff', title: 'Visa Checklists' },
  /** Ours (issue #15 item 5): the site's fixed-departure inventory and name lists. */
  { path: '/staff/fixed-departures', access: 'staff', title: 'Fixed Departures' },
  { path: '/staff/tour_package/list_all_packages', access: 'staff', title: 'Tour Packages' },
  {
    path: '/staff/tour_package/create_or_edit_tour_package',
    access: 'staff',
    title: 'Edit Tour Package',
  },
  { path: '/crm', access: 'login', title: 'CRM' },
  { path: '*', access: 'public', title: 'Not found' },
];
