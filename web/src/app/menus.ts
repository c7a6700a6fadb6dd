import { SPA_ROUTES } from '@tp/contracts/spa-routes';
import type { SiteModule, TSiteDetails } from '@tp/contracts/site';
import { CRM_MODULES } from '#api/boot.ts';
import { safeUrl } from '#shared/redirects.ts';
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
}
export interface MenuGroup {
  label: string;
  children: MenuLink[];
}
export type MenuItem = MenuLink | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => 'children' in item;

const dmc = (label: string, to: string): MenuLink => ({ label, to, module: 'DMC' });

export const STAFF_MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/user/dashboard/' },
  { label: 'Customers', to: '/staff/customers' },
  { label: 'Link Supplier', to: '/staff/link_supplier' },
  { label: 'CRM', to: '/crm', external: 'crm' },
  { label: 'Referral', to: '/user/dashboard/referral' },
  { label: 'Air Ticket Queue', to: '/flight/ticketQueue' },
  { label: 'Flight Settings', to: '/staff/flightSettings' },
  { label: 'All Tickets', to: '/flights/ticketQueue' },
  { label: 'Hold Queue', to: '/flights/holdQueue' },
  { label: 'Change Requests', to: '/flights/changeRequestQueue' },
  { label: 'Manage Markup', to: '/flights/manage-markup' },
  { label: 'Supplier Wallets', to: '/staff/supplierWallets' },
  { label: 'Pending Gateway Entries', to: '/staff/myPendingPaymentGatewayEntries' },
  { label: 'Wallet Report', to: '/staff/walletReport' },
  { label: 'Payment Gateway Transactions', to: '/staff/paymentGatewayTransactions' },
  { label: 'Supplier Profit & Loss', to: '/staff/supplierProfitLoss' },
  { label: 'Download Balances', to: '/staff/downloadBalances' },
  { label: 'Verify PAN Card', to: '/staff/verifyPanCard' },
  { label: 'SEO Settings', to: '/staff/setting/seo-settings' },
  { label: 'Other Settings', to: '/staff/setting/other-settings' },
  { label: 'User Permissions', to: '/staff/setting/permission-groups' },
  { label: 'Infozeal Excel Export', to: '/staff/infozealExcelDataExport' },
  { label: 'TBO Refund Import', to: '/staff/tboRefundExcelImport' },
  {
    label: 'DMC',
    children: [
      dmc('DMC Master', '/staff/dmc_master'),
      dmc('Quotations', '/staff/kart'),
      dmc('Job Sheet', '/staff/dmc_job_sheet'),
      dmc('Rate Management', '/staff/dmc_rate_management'),
      dmc('DMC Data', '/staff/dmc-data-management'),
      dmc('Datewise Itineraries', '/staff/dmc-datewise-itineraries'),
      dmc('DMC Activities', '/staff/dmc-activities'),
      dmc('Combos', '/staff/dmc-combos'),
      dmc('Areas', '/staff/areas'),
      dmc('Area Transfers', '/staff/area-transfer'),
      dmc('Tour Packages', '/staff/tour_package/list_all_packages'),
    ],
  },
];

export const USER_MENU: MenuItem[] = [
  { label: 'My Profile', to: '/user/dashboard' },
  {
    label: 'Tickets',
    children: [
      { label: 'Ticket Queue', to: '/flight/ticketQueue' },
      { label: 'Change Request Queue', to: '/flights/changeRequestQueue' },
    ],
  },
  { label: 'CRM', to: '/crm', external: 'crm', needsCrmModule: true },
  { label: 'Wallet', to: '/user/transactionHistory' },
];

type MenuSite = Pick<TSiteDetails, 'wlMeta' | 'isTestHost' | 'modules'>;

const normalise = (path: string) => path.replace(/\/+$/, '') || '/';
const routeOf = (to: string) => SPA_ROUTES.find((r) => r.path === normalise(to));

function linkVisible(link: MenuLink, site: MenuSite | null): boolean {
  const route = routeOf(link.to);
  if (!route || !routeAvailable(route, site)) return false;
  const modules = site?.modules ?? [];
  if (link.module && !modules.includes(link.module)) return false;
  if (link.needsCrmModule && !modules.some((m) => CRM_MODULES.includes(m))) return false;
  return true;
}

/** The menu a user sees on a site: staff or non-staff, filtered by the site's flags and modules; empty groups go. */
export function menuFor(user: UserRole | null, site: MenuSite | null): MenuItem[] {
  if (!user) return [];
  const menu = user.userType === 'staff' ? STAFF_MENU : USER_MENU;
  return menu.flatMap((item): MenuItem[] => {
    if (!isGroup(item)) return linkVisible(item, site) ? [item] : [];
    const children = item.children.filter((c) => linkVisible(c, site));
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Where the CRM link goes: the core site's /crm, or (no core site) our /crm page, which says it is not available. */
export function crmHref(site: Pick<TSiteDetails, 'coreSiteUrl'> | null): string | null {
  const base = safeUrl(site?.coreSiteUrl)?.replace(/\/+$/, '');
  return base ? `${base}/crm` : null;
}
