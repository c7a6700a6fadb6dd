import type { TExportJob } from '@tp/contracts/endpoints/exports';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import type { TUser } from '@tp/contracts/endpoints/users';

/** A complete site as whitelabel/detetct returns it; tests override what they are about. */
export function testSite(overrides: Partial<TSiteDetails> = {}): TSiteDetails {
  return {
    _id: 'site-test',
    companyName: 'Test Travels',
    logoUrl: '/app/brand/flightdeals.svg',
    adminContact: '+91 98765 43210',
    adminEmail: 'admin@test.localhost',
    domain: 'localhost',
    faviconImage: '/app/brand/flightdeals-favicon.svg',
    gtm_tag: '',
    scriptUrls: [],
    brandingSettings: {
      theme: { palette: { primary: '#1c64f2', secondary: '#f59e0b' } },
      lockMode: { enabled: false, lockedRoutes: [] },
      popupSettings: { enabled: false, title: '', html: '', delaySeconds: 0 },
      ssrElements: { baggage: true, meal: true, seat: true },
    },
    wlMeta: { canShowPermissionMenu: false },
    headerHtml: '',
    footerHtml: '',
    modules: ['flights'],
    coreSiteUrl: '',
    isTestHost: false,
    ...overrides,
  };
}

export function testUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: 'user-1',
    users_id: 'user-1',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.com',
    phoneNumbers: [{ label: 'Primary', phoneNumber: '9876543210', phoneCountryCode: 'in' }],
    userType: 'retail',
    status: 'verified',
    isBlocked: false,
    isUserSuperAdmin: false,
    isFlightHoldAllowed: false,
    isFlightSearchAllowed: true,
    referralCode: 'ASHA1',
    legalEntity: { id: 'le-1', name: 'Asha Rao' },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const staffUser = (overrides: Partial<TUser> = {}) =>
  testUser({
    id: 'staff-1',
    users_id: 'staff-1',
    firstName: 'Sam',
    lastName: 'Staff',
    userType: 'staff',
    ...overrides,
  });

/** An export job as the export calls and `exports/getExport` answer it (queued unless told). */
export function exportJob(overrides: Partial<TExportJob> = {}): TExportJob {
  return {
    jobId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    kind: 'tickets',
    status: 'queued',
    fileName: 'export.xlsx',
    rowsDone: 0,
    rowsTotal: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2026-11-02T10:00:00.000Z',
    bytes: null,
    url: null,
    linkExpiresAt: null,
    ...overrides,
  };
}
