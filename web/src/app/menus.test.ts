import { describe, expect, it } from 'vitest';
import { SPA_ROUTES } from '@tp/contracts/spa-routes';
import type { SiteModule } from '@tp/contracts/site';
import { testSite } from '#test/fixtures.ts';
import { crmHref, isGroup, menuFor, STAFF_MENU, USER_MENU, type MenuItem } from './menus.ts';

const paths = (items: MenuItem[]): string[] =>
  items.flatMap((i) => (isGroup(i) ? i.children.map((c) => c.to) : [i.to]));
const labels = (items: MenuItem[]): string[] => items.map((i) => i.label);
const staff = { userType: 'staff' as const };
const agent = { userType: 'travelAgent' as const };
const withModules = (...modules: SiteModule[]) => testSite({ modules });

describe('menu data', () => {
  it('links only to routes of the route table', () => {
    const known = new Set(SPA_ROUTES.map((r) => r.path));
    for (const to of [...paths(STAFF_MENU), ...paths(USER_MENU)])
      expect(known.has(to.replace(/\/+$/, '')), to).toBe(true);
  });

  it('lists the spec staff links in order', () => {
    expect(paths(STAFF_MENU).slice(0, 23)).toEqual([
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

  it('gives non-staff My Profile, Tickets (ticket queue, change requests) and Wallet', () => {
    const menu = menuFor(agent, withModules('flights'));
    expect(labels(menu)).toEqual(['My Profile', 'Tickets', 'Wallet']);
    expect(paths(menu)).toEqual([
      '/user/dashboard',
      '/flight/ticketQueue',
      '/flights/changeRequestQueue',
      '/user/transactionHistory',
    ]);
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

  it('always shows CRM to staff', () => {
    expect(labels(menuFor(staff, withModules('flights')))).toContain('CRM');
  });
});

describe('crmHref', () => {
  it('points at the core site, or nowhere without one (or with an unsafe url)', () => {
    expect(crmHref(testSite({ coreSiteUrl: 'https://core.example.com/' }))).toBe('https://core.example.com/crm');
    expect(crmHref(testSite({ coreSiteUrl: '' }))).toBeNull();
    expect(crmHref(testSite({ coreSiteUrl: 'javascript:alert(1)' }))).toBeNull();
  });
});
