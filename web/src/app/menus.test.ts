import { describe, expect, it } from 'vitest';
import { SPA_ROUTES } from '@tp/contracts/spa-routes';
import type { SiteModule } from '@tp/contracts/endpoints/site';
import { testSite } from '#test/fixtures.ts';
import { ALL_PERMISSION_KEYS } from '@tp/contracts/permissions';
import { isGroup, menuFor as menuWith, routeOf, STAFF_MENU, USER_MENU, type MenuItem } from './menus.ts';

const paths = (items: MenuItem[]): string[] =>
  items.flatMap((i) => (isGroup(i) ? i.children.map((c) => c.to) : [i.to]));
const labels = (items: MenuItem[]): string[] => items.map((i) => i.label);
const staff = { userType: 'staff' as const };
const agent = { userType: 'travelAgent' as const };
const withModules = (...modules: SiteModule[]) => testSite({ modules });
const ALL = { permissions: [...ALL_PERMISSION_KEYS] };
// Site-flag tests: a staff member holding every permission (what a super admin loads).
const menuFor = (user: Parameters<typeof menuWith>[0], site: Parameters<typeof menuWith>[1]) =>
  menuWith(user, site, ALL);

describe('menu data', () => {
  it('links only to routes of the route table', () => {
    const known = new Set(SPA_ROUTES.map((r) => r.path));
    for (const to of [...paths(STAFF_MENU), ...paths(USER_MENU)]) {
      const path = to.replace(/\/+$/, '');
      expect(known.has(path) || known.has(`${path}/*`), to).toBe(true);
      expect(routeOf(to), to).toBeDefined();
    }
  });

  it('names only catalogue permissions', () => {
    const links = [...STAFF_MENU, ...USER_MENU].flatMap((i) => (isGroup(i) ? i.children : [i]));
    for (const l of links) if (l.permission) expect(ALL_PERMISSION_KEYS, l.label).toContain(l.permission);
  });

  it('lists the spec staff links in order', () => {
    expect(paths(STAFF_MENU).slice(1, 24)).toEqual([
      '/user/dashboard/',
      '/staff/customers',
      '/staff/link_supplier',
      '/crm',
      '/user/dashboard/referral',
      '/flight/ticketQueue',
      '/staff/flightSettings',
      '/flights/ticketQueue',
      '/flights/holdQueue',
      '/flights/changeRequestQueue',
      '/flights/manage-markup',
      '/staff/supplierWallets',
      '/staff/myPendingPaymentGatewayEntries',
      '/staff/walletReport',
      '/staff/paymentGatewayTransactions',
      '/staff/supplierProfitLoss',
      '/staff/downloadBalances',
      '/staff/verifyPanCard',
      '/staff/setting/seo-settings',
      '/staff/setting/other-settings',
      '/staff/setting/permission-groups',
      '/staff/infozealExcelDataExport',
      '/staff/tboRefundExcelImport',
    ]);
  });
});

describe('menuFor', () => {
  it('gives nobody a menu when signed out', () => {
    expect(menuFor(null, testSite())).toEqual([]);
  });

  it('shows the permission-groups link only when the site allows the permission menu', () => {
    expect(paths(menuFor(staff, testSite()))).not.toContain('/staff/setting/permission-groups');
    expect(paths(menuFor(staff, testSite({ wlMeta: { canShowPermissionMenu: true } })))).toContain(
      '/staff/setting/permission-groups',
    );
  });

  it('shows the Excel export and refund import links only on test hosts', () => {
    const prod = paths(menuFor(staff, testSite({ isTestHost: false })));
    expect(prod).not.toContain('/staff/infozealExcelDataExport');
    expect(prod).not.toContain('/staff/tboRefundExcelImport');
    const test = paths(menuFor(staff, testSite({ isTestHost: true })));
    expect(test).toContain('/staff/infozealExcelDataExport');
    expect(test).toContain('/staff/tboRefundExcelImport');
  });

  it('shows the DMC group only when the site has the DMC module', () => {
    expect(labels(menuFor(staff, withModules('flights')))).not.toContain('DMC');
    const dmc = menuFor(staff, withModules('flights', 'DMC'));
    expect(labels(dmc)).toContain('DMC');
    expect(paths(dmc)).toEqual(
      expect.arrayContaining([
        '/staff/dmc_master',
        '/staff/kart',
        '/staff/areas',
        '/staff/tour_package/list_all_packages',
      ]),
    );
  });

  it('gives non-staff Search flights, My Profile, Tickets (ticket queue, change requests, disruptions), Fixed Departures and Wallet', () => {
    // Customers hold no staff permissions (the server binds permissions to staff only): none hides their links.
    // The agent is the admin of their (one-member) agency: My team is theirs.
    const menu = menuWith(agent, withModules('flights'), { permissions: [] });
    expect(labels(menu)).toEqual(['Search flights', 'My Profile', 'Tickets', 'Fixed Departures', 'Wallet', 'My team']);
    expect(paths(menu)).toEqual([
      '/flight',
      '/user/dashboard',
      '/flight/ticketQueue',
      '/flights/changeRequestQueue',
      '/flights/disruptions',
      '/fixed-departures',
      '/user/transactionHistory',
      '/my-team',
    ]);
  });

  it("shows My team to an agency's or company's admin only", () => {
    const has = (user: Parameters<typeof menuWith>[0]) =>
      labels(menuWith(user, withModules('flights'), { permissions: [] })).includes('My team');
    expect(has({ userType: 'corporate' })).toBe(true);
    expect(has({ userType: 'travelAgent', accountRole: 'booker' })).toBe(false);
    expect(has({ userType: 'corporate', accountRole: 'approver' })).toBe(false);
    expect(has({ userType: 'retail' })).toBe(false);
  });

  it('shows CRM to non-staff only when an active module is a CRM module', () => {
    expect(labels(menuFor(agent, withModules('flights', 'packages', 'DMC')))).not.toContain('CRM');
    for (const m of [
      'FlightsForm',
      'VisaEnquiry',
      'OtherEnquiry',
      'Insurance',
      'Bus',
      'Hotels',
      'Cruise',
      'Train',
    ] as const) {
      expect(labels(menuFor(agent, withModules('flights', m))), m).toContain('CRM');
    }
  });

  // Staff too see CRM only where the site has a CRM module.
  it('shows CRM to staff only when an active module is a CRM module', () => {
    expect(labels(menuFor(staff, withModules('flights')))).not.toContain('CRM');
    expect(labels(menuFor(staff, withModules('flights', 'Hotels')))).toContain('CRM');
  });

  it('starts every menu with Search flights', () => {
    expect(labels(menuFor(staff, withModules('flights')))[0]).toBe('Search flights');
    expect(labels(menuWith(agent, withModules('flights'), null))[0]).toBe('Search flights');
  });

  it("hides staff links the user's permission group lacks", () => {
    const site = testSite({ modules: ['flights', 'DMC'], wlMeta: { canShowPermissionMenu: true } });
    const menu = menuWith(staff, site, { permissions: ['flights.search', 'flights.holdQueue', 'dmc.areas'] });
    // Your exports is every staff member's (it lists their own exports only).
    expect(labels(menu)).toEqual(['Search flights', 'Dashboard', 'Referral', 'Hold Queue', 'Your exports', 'DMC']);
    expect(paths(menu)).toEqual([
      '/flight',
      '/user/dashboard/',
      '/user/dashboard/referral',
      '/flights/holdQueue',
      '/staff/exports',
      '/staff/areas',
      '/staff/area-transfer',
    ]);
  });

  it('offers the date-wise itinerary to quotation staff (its call needs dmc.karts), not to masters-only staff', () => {
    const site = testSite({ modules: ['flights', 'DMC'] });
    const dmcPaths = (permissions: string[]) => paths(menuWith(staff, site, { permissions }));
    expect(dmcPaths(['dmc.karts'])).toContain('/staff/dmc-datewise-itineraries');
    expect(dmcPaths(['dmc.masters'])).not.toContain('/staff/dmc-datewise-itineraries');
  });

  it('shows staff no guarded link until their permissions are loaded', () => {
    expect(labels(menuWith(staff, withModules('flights'), null))).toEqual(['Dashboard', 'Referral', 'Your exports']);
  });
});
