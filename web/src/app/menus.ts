import { SPA_ROUTES } from '@tp/contracts/spa-routes';
import type { SiteModule, TSiteDetails } from '@tp/contracts/endpoints/site';
import { CRM_MODULES } from '#api/boot.ts';
import { safeUrl } from '#shared/redirects.ts';
import type { PermissionState } from '#shared/state.ts';
import { holdsPermission } from '#shared/usePermission.ts';
import { routeAvailable, type UserRole } from './access.ts';

/**
 * The side menus, declared once as data (spec 000 §2 "Staff menu links" and "Non-staff menu";
 * DMC links from spec 001). Route flags (permission menu, test hosts) come from SPA_ROUTES, so a
 * link and its route can never disagree.
 */
export interface MenuLink {
  label: string;
  to: string;
  /** Leaves the app: the CRM lives on the site's core site. */
  external?: 'crm';
  /** Shown only when the site has this module active. */
  module?: SiteModule;
  /** Shown only when an active site module is one of CRM_MODULES. */
  needsCrmModule?: boolean;
  /** Staff only: the permission key (contracts/permissions.ts) the screen's calls need; without it they answer 403. */
  permission?: string;
}
export interface MenuGroup {
  label: string;
  children: MenuLink[];
}
export type MenuItem = MenuLink | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => 'children' in item;

const dmc = (label: string, to: string, permission: string): MenuLink => ({ label, to, module: 'DMC', permission });

/** In every menu (issue #11): the product's main journey is one click away whatever the role. */
const SEARCH_FLIGHTS: MenuLink = { label: 'Search flights', to: '/flight', permission: 'flights.search' };
/** The CRM is a site module: without one of CRM_MODULES the link would lead to "not available". */
const CRM: MenuLink = { label: 'CRM', to: '/crm', external: 'crm', needsCrmModule: true };

export const STAFF_MENU: MenuItem[] = [
  SEARCH_FLIGHTS,
  { label: 'Dashboard', to: '/user/dashboard/' },
  { label: 'Customers', to: '/staff/customers', permission: 'customers.view' },
  { label: 'Link Supplier', to: '/staff/link_supplier', permission: 'suppliers.link' },
  CRM,
  { label: 'Referral', to: '/user/dashboard/referral' },
  { label: 'Air Ticket Queue', to: '/flight/ticketQueue', permission: 'flights.ticketQueue' },
  { label: 'Flight Settings', to: '/staff/flightSettings', permission: 'flights.settings' },
  { label: 'All Tickets', to: '/flights/ticketQueue', permission: 'flights.ticketQueue' },
  { label: 'Hold Queue', to: '/flights/holdQueue', permission: 'flights.holdQueue' },
  { label: 'Change Requests', to: '/flights/changeRequestQueue', permission: 'flights.changeRequests' },
  { label: 'Manage Markup', to: '/flights/manage-markup', permission: 'flights.manageMarkup' },
  { label: 'Supplier Wallets', to: '/staff/supplierWallets', permission: 'flights.supplierAccounts' },
  { label: 'Pending Gateway Entries', to: '/staff/myPendingPaymentGatewayEntries', permission: 'wallet.viewReports' },
  { label: 'Wallet Report', to: '/staff/walletReport', permission: 'wallet.viewReports' },
  { label: 'Payment Gateway Transactions', to: '/staff/paymentGatewayTransactions', permission: 'wallet.viewReports' },
  { label: 'Supplier Profit & Loss', to: '/staff/supplierProfitLoss', permission: 'flights.supplierAccounts' },
  { label: 'Download Balances', to: '/staff/downloadBalances', permission: 'wallet.downloadBalances' },
  { label: 'Verify PAN Card', to: '/staff/verifyPanCard', permission: 'wallet.verifyPan' },
  { label: 'SEO Settings', to: '/staff/setting/seo-settings', permission: 'settings.seo' },
  { label: 'Other Settings', to: '/staff/setting/other-settings', permission: 'settings.other' },
  { label: 'User Permissions', to: '/staff/setting/permission-groups', permission: 'settings.permissionGroups' },
  { label: 'Infozeal Excel Export', to: '/staff/infozealExcelDataExport', permission: 'flights.supplierAccounts' },
  { label: 'TBO Refund Import', to: '/staff/tboRefundExcelImport', permission: 'flights.importRefunds' },
  // Ours (issue #15 item 5): the inventory, and booking it like an agent does.
  { label: 'Fixed Departures', to: '/staff/fixed-departures', permission: 'fixedDepartures.manage' },
  { label: 'Book Fixed Departures', to: '/fixed-departures', permission: 'fixedDepartures.book' },
  { label: 'Visa Checklists', to: '/staff/visa', permission: 'visa.manage' },
  // Ours (issue #16): the month's GST invoices and credit notes, their .xlsx and the invoice settings.
  { label: 'GST Invoices', to: '/staff/invoices', permission: 'invoices.view' },
  // Ours (issue #16 item 4): who changed what on the site.
  { label: 'Audit Log', to: '/staff/audit', permission: 'audit.view' },
  // Sites that sell tour packages (issue #15 item 4): what travellers see (staff keep them under DMC).
  { label: 'Browse Packages', to: '/packages', module: 'packages', permission: 'packages.view' },
  {
    label: 'DMC',
    children: [
      dmc('DMC Master', '/staff/dmc_master', 'dmc.masters'),
      dmc('Quotations', '/staff/kart', 'dmc.karts'),
      dmc('Job Sheet', '/staff/dmc_job_sheet', 'dmc.jobSheet'),
      dmc('Rate Management', '/staff/dmc_rate_management', 'dmc.masters'),
      dmc('DMC Data', '/staff/dmc-data-management', 'dmc.masters'),
      // dmc.karts, as its call and screen: the itinerary reads customers' quotations, not masters (issue #14).
      dmc('Datewise Itineraries', '/staff/dmc-datewise-itineraries', 'dmc.karts'),
      dmc('DMC Activities', '/staff/dmc-activities', 'dmc.masters'),
      dmc('Combos', '/staff/dmc-combos', 'dmc.masters'),
      dmc('Areas', '/staff/areas', 'dmc.areas'),
      dmc('Area Transfers', '/staff/area-transfer', 'dmc.areas'),
      dmc('Tour Packages', '/staff/tour_package/list_all_packages', 'packages.manage'),
    ],
  },
  {
    label: 'Activities',
    children: [
      { label: 'Activity Search', to: '/activities/search', module: 'activities', permission: 'activities.book' },
      { label: 'Activity Queue', to: '/activities/queue', module: 'activities', permission: 'activities.book' },
      { label: 'Activity Markup', to: '/activities/markup', module: 'activities', permission: 'activities.markup' },
    ],
  },
];

export const USER_MENU: MenuItem[] = [
  SEARCH_FLIGHTS,
  { label: 'My Profile', to: '/user/dashboard' },
  {
    label: 'Tickets',
    children: [
      { label: 'Ticket Queue', to: '/flight/ticketQueue' },
      { label: 'Change Request Queue', to: '/flights/changeRequestQueue' },
    ],
  },
  { label: 'Fixed Departures', to: '/fixed-departures' },
  CRM,
  { label: 'Wallet', to: '/user/transactionHistory' },
  {
    label: 'Activities',
    children: [
      { label: 'Activities', to: '/activities', module: 'activities' },
      { label: 'My Activity Carts', to: '/activities/queue', module: 'activities' },
    ],
  },
  // Sites that sell tour packages (issue #15 item 4).
  { label: 'Tour Packages', to: '/packages', module: 'packages' },
  // Sites that sell visa services (issue #15): the destinations' visa pages.
  { label: 'Visas', to: '/visa', module: 'VisaEnquiry' },
];

type MenuSite = Pick<TSiteDetails, 'wlMeta' | 'isTestHost' | 'modules'>;

const normalise = (path: string) => path.replace(/\/+$/, '') || '/';
/** The route a link opens: its own entry, or the area's splat (`/flight` → `/flight/*`). */
export const routeOf = (to: string) => {
  const path = normalise(to);
  return SPA_ROUTES.find((r) => r.path === path) ?? SPA_ROUTES.find((r) => r.path === `${path}/*`);
};

function linkVisible(link: MenuLink, site: MenuSite | null, can: (key: string) => boolean): boolean {
  const route = routeOf(link.to);
  if (!route || !routeAvailable(route, site)) return false;
  if (link.permission && !can(link.permission)) return false;
  const modules = site?.modules ?? [];
  if (link.module && !modules.includes(link.module)) return false;
  if (link.needsCrmModule && !modules.some((m) => CRM_MODULES.includes(m))) return false;
  return true;
}

/**
 * The menu a user sees on a site: staff or non-staff, filtered by the site's flags and modules and by
 * the user's permissions (permissions bind staff only, as on the server); empty groups go.
 */
export function menuFor(
  user: UserRole | null,
  site: MenuSite | null,
  permissions: Pick<PermissionState, 'permissions'> | null,
): MenuItem[] {
  if (!user) return [];
  const menu = user.userType === 'staff' ? STAFF_MENU : USER_MENU;
  const can = (key: string) => holdsPermission(user, permissions, key);
  return menu.flatMap((item): MenuItem[] => {
    if (!isGroup(item)) return linkVisible(item, site, can) ? [item] : [];
    const children = item.children.filter((c) => linkVisible(c, site, can));
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Where the CRM link goes: the core site's /crm, or (no core site) our own /crm page: the enquiry inbox (issue #15). */
export function crmHref(site: Pick<TSiteDetails, 'coreSiteUrl'> | null): string | null {
  const base = safeUrl(site?.coreSiteUrl)?.replace(/\/+$/, '');
  return base ? `${base}/crm` : null;
}
