/**
 * The authorisation matrix: every route of the route table × every kind of caller, asserted against the
 * running stack. Who may call a route follows from its contract's auth rule and permission (`byAuthRule`),
 * applied to what each kind of caller holds as stated here independently of the server; the few routes
 * whose access also depends on the calling site are declared one by one (`SITE_DEPENDENT`).
 * "Allowed" means the call got past authorisation (any answer but 401/403); "denied" means 401 for an
 * anonymous caller and 403 for a signed-in one. Then: staff of one site can read or change nothing of
 * another site through any call that takes an id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@tp/contracts/routes';
import { isConsoleRule, routeKey, urlPath, type Endpoint } from '@tp/contracts/endpoint';
import { consoleLogin } from '@tp/contracts/endpoints/console';
import { login } from '@tp/contracts/endpoints/users';
import { CONSOLE } from '@tp/contracts/platform';
import { DEMO_OPERATOR } from '../../scripts/seed/logins.ts';
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
  /** Staff in the 'Ticketing desk' group (flight booking and queues) on a consumer site. */
  ticketingStaff: { domain: 'partner.localhost', email: 'staff@partner.localhost' },
  superAdmin: { domain: 'flightdeals.localhost', email: 'admin@flightdeals.localhost' },
  /** The super admin of a site that consumes another site's inventory and supplies nothing itself. */
  apiConsumer: { domain: 'partner.localhost', email: 'admin@partner.localhost' },
  /** The super admin of a site without the permission menu. */
  noMenuAdmin: { domain: 'skyway.localhost', email: 'admin@skyway.localhost' },
} as const;
/**
 * The platform operator: signed in on the console's host. Its console calls go there; its site calls go to a
 * reseller's host carrying the console's cookie (an operator is no site user, so there it is anonymous).
 */
const OPERATOR = 'operator';
type Role = keyof typeof ROLES | typeof OPERATOR;
const SITE_ROLES = Object.keys(ROLES) as (keyof typeof ROLES)[];
const ALL: Role[] = [...SITE_ROLES, OPERATOR];

// What each kind of staff holds, stated independently of the server's implementation.
const DEFAULT_STAFF = new Set(
  PERMISSION_CATALOGUE.flatMap((m) =>
    m.groups.flatMap((g) => g.permissions.filter((p) => p.defaultAllowed).map((p) => p.key)),
  ),
);
// The seeded desk: the Flights module's Booking and Queues defaults, without the Excel export, with the PNR import.
const TICKETING = new Set(
  PERMISSION_CATALOGUE.filter((m) => m.moduleName === 'Flights').flatMap((m) =>
    m.groups
      .filter((g) => g.name === 'Booking' || g.name === 'Queues')
      .flatMap((g) =>
        g.permissions
          .filter((p) => (p.defaultAllowed && p.key !== 'flights.exportExcel') || p.key === 'flights.importPnr')
          .map((p) => p.key),
      ),
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
/** Signed-in users of a site (the operator is none). */
const signedIn = (): Role[] => SITE_ROLES.filter((r) => r !== 'anonymous');
const anyStaff = (): Role[] => STAFF_ROLES;
const staffWith = (perm: string) => (): Role[] => STAFF_ROLES.filter((r) => holds(r, perm));
/** Super admins of sites that show the permission menu. */
const menuSuperAdmins = (): Role[] => ['superAdmin', 'apiConsumer'];
/** Supplier-only calls: staff of a site that supplies inventory (partner and skyway supply nothing). */
const supplierStaffWith = (perm: string) => (): Role[] =>
  (['staff', 'superAdmin'] as Role[]).filter((r) => holds(r, perm));
/** Saving permission groups: the permission, on a site with the permission menu. */
const permissionEditors = (): Role[] => staffWith('settings.permissionGroups')().filter((r) => r !== 'noMenuAdmin');

/** Any super admin: they hold every permission of their site. */
const superAdmins = (): Role[] => ['superAdmin', 'apiConsumer', 'noMenuAdmin'];

/**
 * Who gets past authorisation by the endpoint's contract: public and token calls anyone (a token call checks
 * its token itself); user calls every signed-in user, staff only with the permission when it names one;
 * staff calls staff holding the permission; super-admin calls super admins; console calls the operator alone
 * (every site caller is on a reseller's host, where the console is not).
 */
function byAuthRule(e: Endpoint): Role[] {
  const { permission } = e;
  switch (e.auth) {
    case 'public':
    case 'token':
      return anyone();
    case 'user':
      return permission ? signedIn().filter((r) => !STAFF_ROLES.includes(r) || holds(r, permission)) : signedIn();
    case 'staff':
      return permission ? staffWith(permission)() : anyStaff();
    case 'superAdmin':
      return superAdmins();
    case 'console':
    case 'operator':
      return [OPERATOR];
  }
}

/** Routes whose access also depends on the calling site: it must supply inventory, or show the permission menu. */
const SITE_DEPENDENT: Record<string, () => Role[]> = {
  'POST /api/rbac/addUserToRBACUserGroup': menuSuperAdmins,
  'POST /api/rbac/savePermissionGroup': permissionEditors,
  'GET /api/supplier/supplierOnlyAccess/consumerToSupplierRequestsBasedOnSupplierId':
    supplierStaffWith('consumers.view'),
  'GET /api/supplier/supplierOnlyAccess/supplierConsumers': supplierStaffWith('consumers.view'),
  'POST /api/supplier/supplierOnlyAccess/changeConsumerSupplierRequestStatus':
    supplierStaffWith('suppliers.manageConsumers'),
  'POST /api/supplier/supplierOnlyAccess/setFlightHoldSetting': supplierStaffWith('suppliers.manageConsumers'),
  'POST /api/supplier/supplierOnlyAccess/setFlightSearchSetting': supplierStaffWith('suppliers.manageConsumers'),
};

/**
 * Routes whose access depends on the caller's role inside their agency or company account (account-roles.ts):
 * the account's admin only. The demo agent and corporate user are the admins of one-member accounts.
 */
const accountAdmins = (): Role[] => ['travelAgent', 'corporate'];
const ACCOUNT_ROLE_DEPENDENT: Record<string, () => Role[]> = {
  'POST /api/agency/getMembers': accountAdmins,
  'POST /api/agency/inviteMember': accountAdmins,
  'POST /api/agency/resendInvite': accountAdmins,
  'POST /api/agency/deactivateMember': accountAdmins,
  'POST /api/agency/reactivateMember': accountAdmins,
};

const allowedRoles = (e: Endpoint): Role[] =>
  (SITE_DEPENDENT[routeKey(e)] ?? ACCOUNT_ROLE_DEPENDENT[routeKey(e)] ?? (() => byAuthRule(e)))();

/**
 * Calls whose access also depends on the calling site (it must supply inventory, or show the
 * permission menu) or on the caller's role in their account are decided by their service once the input is known: they get a well-formed input
 * that points at nothing, so an allowed caller gets past authorisation to a 404 and changes nothing.
 */
const PROBE_INPUT: Record<string, unknown> = {
  // The account admin's calls: a role nobody may be invited as, a member nobody is (refused after the role check).
  'POST /api/agency/inviteMember': { email: 'matrix-probe@example.com', name: 'Matrix Probe', role: 'admin' },
  'POST /api/agency/resendInvite': { userId: 'no-such-user' },
  'POST /api/agency/deactivateMember': { userId: 'no-such-user' },
  'POST /api/agency/reactivateMember': { userId: 'no-such-user' },
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
/** The operator on the console's host. */
const operatorConsole = new Client(CONSOLE.localHost);
beforeAll(async () => {
  const res = await operatorConsole.call(consoleLogin, {
    email: DEMO_OPERATOR.email,
    password: DEMO_OPERATOR.password,
  });
  expect(res.status, 'the operator signs in').toBe(200);
  clients[OPERATOR] = new Client('flightdeals.localhost');
  clients[OPERATOR].consoleCookie = operatorConsole.consoleCookie;
  for (const role of SITE_ROLES) {
    const { domain, email } = ROLES[role];
    clients[role] = new Client(domain);
    if (email) {
      const res = await clients[role].call(login, { email, password: PASSWORD });
      expect(res.status, `${role} signs in`).toBe(200);
    }
  }
});

describe('authorisation matrix', () => {
  it('declares site- and account-role-dependent access only for routes whose auth rule alone would say otherwise', () => {
    const byKey = new Map(ENDPOINTS.map((e) => [routeKey(e), e]));
    for (const [key, roles] of Object.entries({ ...SITE_DEPENDENT, ...ACCOUNT_ROLE_DEPENDENT })) {
      const e = byKey.get(key);
      expect(e, key).toBeDefined();
      expect(roles().sort(), key).not.toEqual(byAuthRule(e!).sort());
    }
  });

  // Logout would end the role's session: it runs last for each role.
  const isLogout = (e: Endpoint) => e.id === 'users.logout' || e.id === 'console.logout';
  const ordered = [...ENDPOINTS].sort((a, b) => Number(isLogout(a)) - Number(isLogout(b)));
  /**
   * How a denied call is refused: a console call from a reseller's host is a 403 whoever asks (the console is not
   * there); otherwise 401 without a site session (an anonymous caller, the operator on a site), else 403.
   */
  const refusalOf = (role: Role, e: Endpoint) =>
    isConsoleRule(e.auth) ? 403 : role === 'anonymous' || role === OPERATOR ? 401 : 403;
  for (const role of ALL) {
    it(`${role}: allowed exactly where the matrix says`, async () => {
      const wrong: string[] = [];
      for (const e of ordered) {
        const allowed = allowedRoles(e).includes(role);
        // An empty input: a denied caller must be refused before the input is even looked at.
        const input = PROBE_INPUT[routeKey(e)] ?? (e.method === 'GET' ? undefined : {});
        const client = role === OPERATOR && isConsoleRule(e.auth) ? operatorConsole : clients[role];
        const res = await client.raw(e.method, urlPath(e).replace(/\{(\w+)\??\}/g, 'x'), input);
        const refused = res.status === 401 || res.status === 403;
        const expected = refusalOf(role, e);
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

  it("reads none of the other site's audit entries through a record id or an actor", async () => {
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
