import { describe, expect, it, vi } from 'vitest';
import type { LinkStatus } from '@tp/domain/supplier-links';
import { SUPPLIER_MSG, SUPPLIER_PAGE_SIZE, ZApiConsumer, ZApiCustomerRequest } from '@tp/contracts/endpoints/suppliers';
import { fail, type AppError } from '#lib/errors';
import type { Principal } from '#lib/principal';
import type { SiteRecord } from '#lib/tenancy';
import type { UserRecord } from '../users/repo.ts';
import type * as repo from './repo.ts';
import type { LinkRecord, LinkRef, RequestRecord, SupplierProfileRecord, TermsAcceptanceRecord } from './repo.ts';
import * as svc from './operations/index.ts';
import { asSiteId } from '#lib/keys';

const site = (siteId: string, domain: string, companyName: string) =>
  ({
    siteId,
    _id: siteId,
    ownerLegalEntityId: `le-${siteId}`,
    companyName,
    domain,
    logoUrl: `/app/brand/${siteId}.svg`,
    adminEmail: `Admin@${domain}`,
    adminContact: '+91 90000 00000',
  }) as unknown as SiteRecord;

const SUP = site('sup', 'sup.example', 'Supplier Co');
const CON = site('con', 'con.example', 'Consumer Co');
const OTHER = site('oth', 'oth.example', 'Other Co');
const SITES = [SUP, CON, OTHER];
const T0 = new Date('2026-11-22T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const scope = (s: SiteRecord, minutes = 0): svc.Scope => ({ site: s, now: at(minutes) });
const staff = (s: SiteRecord, userId = `admin-${s.siteId}`): Principal => ({
  userId,
  siteId: s.siteId,
  userType: 'staff',
  isSuperAdmin: true,
  isBlocked: false,
  legalEntityId: s.ownerLegalEntityId,
  email: `${userId}@${s.domain}`,
  rbacUserGroupId: null,
  record: {},
});

/** In-memory stand-in for repo.ts with the same conditions (both link copies, transactional decisions). */
function fakes() {
  const profiles = new Map<string, SupplierProfileRecord>();
  const links = new Map<string, LinkRecord>();
  const requests = new Map<string, RequestRecord>();
  const acceptances = new Map<string, TermsAcceptanceRecord>();
  const relations = new Map<string, { isTdsDeductable?: boolean }>();
  const legalEntities = new Set<string>();
  const users = new Map<string, UserRecord>();
  /** The users domain's partner guards: `<supplier>|<consumer>` → user id. */
  const partners = new Map<string, string>();
  const handoffs: { siteId: string; userId: string }[] = [];
  const groups = new Map<string, string>();
  let ids = 0;

  const copyKey = (side: 'S' | 'C', r: LinkRef) => `${side}|${r.supplierSiteId}|${r.consumerSiteId}|${r.category}`;
  const clone = <T>(v: T | undefined): T | null => (v ? structuredClone(v) : null);
  const bothCopies = (r: LinkRef) => [copyKey('S', r), copyKey('C', r)];
  const updatable = (r: LinkRef, expect: { statuses: LinkStatus[]; requestId?: string }) =>
    bothCopies(r).every((k) => {
      const l = links.get(k);
      return l && expect.statuses.includes(l.status) && (!expect.requestId || l.currentRequestId === expect.requestId);
    });
  const apply = (r: LinkRef, fields: Partial<LinkRecord>) => {
    for (const k of bothCopies(r)) links.set(k, { ...links.get(k)!, ...structuredClone(fields) });
  };

  const fakeRepo: typeof repo = {
    getProfile: async (siteId) => clone(profiles.get(siteId)),
    putProfile: async (p) => void profiles.set(p.siteId, structuredClone(p)),
    listDirectory: async () =>
      [...profiles.values()].filter((p) => p.isListed && p.lists.length).map((p) => structuredClone(p)),
    getLinkAtSupplier: async (r) => clone(links.get(copyKey('S', r))),
    getLinkAtConsumer: async (r) => clone(links.get(copyKey('C', r))),
    linksOfSupplier: async (sup) =>
      [...links.entries()]
        .filter(([k, l]) => k.startsWith('S|') && l.supplierSiteId === sup)
        .map(([, l]) => structuredClone(l)),
    linksOfConsumer: async (con, sup) =>
      [...links.entries()]
        .filter(([k, l]) => k.startsWith('C|') && l.consumerSiteId === con && (!sup || l.supplierSiteId === sup))
        .map(([, l]) => structuredClone(l)),
    updateLink: async (r, fields, expect) => {
      if (!updatable(r, expect)) return false;
      apply(r, fields);
      return true;
    },
    getRequest: async (sup, id) => {
      const r = requests.get(id);
      return r && r.supplierSiteId === sup ? structuredClone(r) : null;
    },
    listRequests: async (sup, status) =>
      [...requests.values()]
        .filter((r) => r.supplierSiteId === sup && (!status || r.requestStatus === status))
        .sort((a, b) => b.requestGeneratedAt.localeCompare(a.requestGeneratedAt))
        .map((r) => structuredClone(r)),
    openRequest: async (request, link) => {
      const free = bothCopies(link).every((k) => !links.has(k) || links.get(k)!.status === 'Rejected');
      if (!free || requests.has(request.requestId)) return false;
      requests.set(request.requestId, structuredClone(request));
      for (const k of bothCopies(link)) links.set(k, structuredClone(link));
      return true;
    },
    decideRequest: async (request, decision, fields) => {
      const stored = requests.get(request.requestId);
      if (stored?.requestStatus !== 'Pending') return false;
      if (!updatable(request, { statuses: ['Pending'], requestId: request.requestId })) return false;
      requests.set(request.requestId, { ...stored, ...structuredClone(decision) });
      apply(request, fields);
      return true;
    },
    getAcceptance: async (con, sup) => clone(acceptances.get(`${con}|${sup}`)),
    listAcceptances: async (con) => [...acceptances.values()].filter((a) => a.consumerSiteId === con),
    putAcceptance: async (a) => void acceptances.set(`${a.consumerSiteId}|${a.supplierSiteId}`, structuredClone(a)),
    getLeRelation: async (siteId, le) => clone(relations.get(`${siteId}|${le}`)),
    setTdsDeductable: async (siteId, le, fields) =>
      void relations.set(`${siteId}|${le}`, { ...relations.get(`${siteId}|${le}`), ...fields }),
    legalEntityExists: async (siteId, le) => legalEntities.has(`${siteId}|${le}`),
    partnerAccountId: async (sup, con) => partners.get(`${sup}|${con}`) ?? null,
  };

  // Like users.createAccount: the partner guard is written with the account, a taken one is a 409.
  const createPartnerAccount = vi.fn(
    async (s: SiteRecord, consumerSiteId: string, consumer: { adminEmail: string; companyName: string }) => {
      if (partners.has(`${s.siteId}|${consumerSiteId}`)) throw fail.conflict(SUPPLIER_MSG.partnerAccountExists);
      const userId = `partner-${++ids}`;
      const legalEntityId = `le-${userId}`;
      users.set(`${s.siteId}|${userId}`, {
        userId,
        siteId: s.siteId,
        email: consumer.adminEmail,
        userType: 'travelAgent',
        firstName: consumer.companyName,
        lastName: '',
        legalEntityId,
        partnerOfSiteId: consumerSiteId,
      } as UserRecord);
      partners.set(`${s.siteId}|${consumerSiteId}`, userId);
      legalEntities.add(`${s.siteId}|${legalEntityId}`);
      return { userId, legalEntityId };
    },
  );

  const deps: svc.SuppliersDeps = {
    repo: fakeRepo,
    siteById: async (id) => SITES.find((s) => s.siteId === id) ?? null,
    siteByDomain: async (d) => SITES.find((s) => s.domain === d) ?? null,
    users: {
      getUser: async (siteId, userId) => clone(users.get(`${siteId}|${userId}`)),
      createPartnerAccount,
      createHandoffToken: async (siteId, userId) => {
        handoffs.push({ siteId, userId });
        return `handoff-${handoffs.length}`;
      },
    },
    mappedGroup: async (s, le) =>
      groups.has(`${s.siteId}|${le}`) ? { groupId: 'g1', groupName: groups.get(`${s.siteId}|${le}`)! } : null,
    newId: () => `id${++ids}`,
  };
  // The supplier's staff who decide, with names.
  for (const s of SITES)
    users.set(`${s.siteId}|admin-${s.siteId}`, {
      userId: `admin-${s.siteId}`,
      siteId: s.siteId,
      userType: 'staff',
      firstName: 'Asha',
      lastName: s.companyName,
      email: `admin-${s.siteId}@${s.domain}`,
    } as UserRecord);
  return { deps, links, requests, users, partners, handoffs, createPartnerAccount, legalEntities, groups };
}

async function expectError(p: Promise<unknown>, status: number, message?: string) {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  expect(err, 'expected a failure').not.toBeNull();
  expect(err!.status).toBe(status);
  if (message) expect(err!.message).toBe(message);
}

/** A supplier selling Flights and TourPackages, its terms accepted by `consumer`. */
async function world(consumer = CON) {
  const f = fakes();
  const profile = await svc.saveProfile(
    scope(SUP),
    { categories: ['Flights', 'TourPackages'], termsAndConditions: 'T1', isListed: true },
    f.deps,
  );
  await svc.acceptTerms(scope(consumer), staff(consumer), { supplierId: SUP.siteId, version: 1 }, f.deps);
  const listId = (c: 'Flights' | 'TourPackages') => profile.lists.find((l) => l.category === c)!.supplierListId;
  const ask = (c: 'Flights' | 'TourPackages', minutes = 1, who = consumer) =>
    svc.requestAccess(scope(who, minutes), staff(who), { supplierId: SUP.siteId, supplierListId: listId(c) }, f.deps);
  const move = (to: LinkStatus, c: 'Flights' | 'TourPackages' = 'Flights', minutes = 2, who = consumer) =>
    svc.changeLinkStatus(
      scope(SUP, minutes),
      staff(SUP),
      { consumerSiteId: who.siteId, supplierListId: listId(c), newRequestStatus: to },
      f.deps,
    );
  return { ...f, profile, listId, ask, move };
}

describe('supplier profile', () => {
  it('opts a site in with one list per category and versions its terms', async () => {
    const { deps } = fakes();
    const first = await svc.saveProfile(
      scope(SUP),
      { categories: ['Flights', 'Flights'], termsAndConditions: 'T1', isListed: true },
      deps,
    );
    expect(first).toMatchObject({
      isSupplier: true,
      isListed: true,
      termsVersion: 1,
      lists: [{ category: 'Flights' }],
    });
    const same = await svc.saveProfile(
      scope(SUP),
      { categories: ['Flights', 'TourPackages'], termsAndConditions: 'T1', isListed: true },
      deps,
    );
    expect(same.termsVersion).toBe(1);
    expect(same.lists[0]!.supplierListId).toBe(first.lists[0]!.supplierListId);
    const changed = await svc.saveProfile(
      scope(SUP),
      { categories: ['Flights'], termsAndConditions: 'T2', isListed: true },
      deps,
    );
    expect(changed.termsVersion).toBe(2);
  });

  it('answers a site that sells nothing as not a supplier', async () => {
    expect(await svc.ownProfile(scope(CON), fakes().deps)).toMatchObject({
      isSupplier: false,
      lists: [],
      termsVersion: 0,
    });
  });

  it('refuses to withdraw a category that consumers still hold or await', async () => {
    const w = await world();
    await w.ask('Flights');
    await expectError(
      svc.saveProfile(scope(SUP), { categories: ['TourPackages'], termsAndConditions: 'T1', isListed: true }, w.deps),
      409,
      SUPPLIER_MSG.categoryInUse,
    );
  });
});

describe('consumer requests', () => {
  it('refuses asking oneself, unknown suppliers and lists not offered', async () => {
    const w = await world();
    await expectError(
      svc.requestAccess(
        scope(SUP),
        staff(SUP),
        { supplierId: SUP.siteId, supplierListId: w.listId('Flights') },
        w.deps,
      ),
      400,
      SUPPLIER_MSG.ownSite,
    );
    await expectError(
      svc.requestAccess(scope(CON), staff(CON), { supplierId: OTHER.siteId, supplierListId: 'x' }, w.deps),
      404,
      SUPPLIER_MSG.notSupplier,
    );
    await expectError(
      svc.requestAccess(scope(CON), staff(CON), { supplierId: SUP.siteId, supplierListId: 'nope' }, w.deps),
      404,
      SUPPLIER_MSG.notOffered,
    );
  });

  it('needs the current terms accepted first', async () => {
    const w = await world(CON);
    const ask = () =>
      svc.requestAccess(
        scope(OTHER),
        staff(OTHER),
        { supplierId: SUP.siteId, supplierListId: w.listId('Flights') },
        w.deps,
      );
    await expectError(ask(), 409, SUPPLIER_MSG.termsNotAccepted);
    await svc.acceptTerms(scope(OTHER), staff(OTHER), { supplierId: SUP.siteId, version: 1 }, w.deps);
    await svc.saveProfile(
      scope(SUP),
      { categories: ['Flights', 'TourPackages'], termsAndConditions: 'T2', isListed: true },
      w.deps,
    );
    await expectError(ask(), 409, SUPPLIER_MSG.termsChanged);
    await expectError(
      svc.acceptTerms(scope(OTHER), staff(OTHER), { supplierId: SUP.siteId, version: 1 }, w.deps),
      409,
      SUPPLIER_MSG.termsChanged,
    );
    await svc.acceptTerms(scope(OTHER), staff(OTHER), { supplierId: SUP.siteId, version: 2 }, w.deps);
    expect((await ask()).requestStatus).toBe('Pending');
  });

  it('writes the request and both copies of the link as Pending, and refuses a second open request', async () => {
    const w = await world();
    const res = await w.ask('Flights');
    expect(res).toMatchObject({ requestStatus: 'Pending', category: 'Flights', supplierId: SUP.siteId });
    const copies = [...w.links.values()];
    expect(copies).toHaveLength(2);
    for (const l of copies)
      expect(l).toMatchObject({
        status: 'Pending',
        currentRequestId: res.requestId,
        isFlightSearchAllowed: true,
        isFlightHoldAllowed: false,
      });
    await expectError(w.ask('Flights'), 409, SUPPLIER_MSG.requestOpen);
  });

  it('lets a rejected list be asked for again as a new request, keeping the old one as history', async () => {
    const w = await world();
    const first = await w.ask('TourPackages');
    await w.move('Rejected', 'TourPackages');
    const second = await w.ask('TourPackages', 5);
    expect(second.requestId).not.toBe(first.requestId);
    expect(w.requests.get(first.requestId)!.requestStatus).toBe('Rejected');
    const list = await svc.apiCustomerRequests(scope(SUP), { page: 1 }, { supplierOnly: true }, w.deps);
    expect(list.records.map((r) => [r.id, r.requestStatus])).toEqual([
      [second.requestId, 'Pending'],
      [first.requestId, 'Rejected'],
    ]);
  });
});

describe('deciding a request (API Customer Requests dialog)', () => {
  it('approves once: partner account created, both copies approved, decider recorded; a second decision is 409', async () => {
    const w = await world();
    const req = await w.ask('Flights');
    const decided = await svc.decideRequest(
      scope(SUP, 3),
      staff(SUP),
      { requestId: req.requestId, consumerMongoSiteId: CON.siteId, newRequestStatus: 'Approved' },
      w.deps,
    );
    expect(ZApiCustomerRequest.parse(decided)).toMatchObject({
      requestStatus: 'Approved',
      decider: { firstName: 'Asha', lastName: 'Supplier Co', email: 'admin-sup@sup.example' },
      requestDecidedAt: at(3).toISOString(),
      adminEmail: 'admin@con.example',
      whitelabel_mongoDb_siteId: CON.siteId,
    });
    expect(w.createPartnerAccount).toHaveBeenCalledOnce();
    for (const l of w.links.values())
      expect(l).toMatchObject({
        status: 'Approved',
        approvedAt: at(3).toISOString(),
        consumerAdminUserId: expect.stringMatching(/^partner-/),
      });
    await expectError(
      svc.decideRequest(
        scope(SUP),
        staff(SUP),
        { requestId: req.requestId, consumerMongoSiteId: CON.siteId, newRequestStatus: 'Rejected' },
        w.deps,
      ),
      409,
      SUPPLIER_MSG.requestDecided,
    );
  });

  it('finds the request only with its own consumer site id', async () => {
    const w = await world();
    const req = await w.ask('Flights');
    await expectError(
      svc.decideRequest(
        scope(SUP),
        staff(SUP),
        { requestId: req.requestId, consumerMongoSiteId: OTHER.siteId, newRequestStatus: 'Approved' },
        w.deps,
      ),
      404,
    );
    await expectError(
      svc.decideRequest(
        scope(OTHER),
        staff(OTHER),
        { requestId: req.requestId, consumerMongoSiteId: CON.siteId, newRequestStatus: 'Approved' },
        w.deps,
      ),
      404,
    );
  });

  it('never hands the link an account that merely holds the consumer admin email, of any kind or status', async () => {
    const w = await world();
    // Signed up on the supplier site with the consumer admin's address before the approval.
    const holders = [
      { userId: 'agent-1', userType: 'travelAgent', status: 'verified' },
      { userId: 'retail-1', userType: 'retail', status: 'pending' },
    ] as const;
    for (const h of holders)
      w.users.set(`sup|${h.userId}`, {
        ...h,
        siteId: 'sup',
        email: 'admin@con.example',
        legalEntityId: `le-${h.userId}`,
      } as UserRecord);
    await w.ask('Flights');
    await w.ask('TourPackages');
    await w.move('Approved', 'Flights');
    expect(w.createPartnerAccount).toHaveBeenCalledOnce();
    const partner = w.partners.get('sup|con')!;
    expect(w.users.get(`sup|${partner}`)).toMatchObject({ email: 'admin@con.example', partnerOfSiteId: 'con' });
    for (const l of w.links.values())
      if (l.category === 'Flights')
        expect(l).toMatchObject({ consumerAdminUserId: partner, consumerLegalEntityId: `le-${partner}` });
    // The second category shares the link's account: one partner account per consumer site.
    await w.move('Approved', 'TourPackages', 3);
    expect(w.createPartnerAccount).toHaveBeenCalledOnce();
    expect(w.links.get('C|sup|con|TourPackages')).toMatchObject({ consumerAdminUserId: partner });
    await svc.jumpLogin(scope(CON), SUP.siteId, w.deps);
    expect(w.handoffs).toEqual([{ siteId: 'sup', userId: partner }]);
    expect(holders.map((h) => h.userId)).not.toContain(partner);
  });

  it('keeps one partner account when two first approvals race (the loser reuses the winner’s)', async () => {
    const w = await world();
    await w.ask('Flights');
    const create = w.createPartnerAccount.getMockImplementation()!;
    // The other approval creates the account between this one's look-up and its own create.
    w.createPartnerAccount.mockImplementationOnce(async (s, con, consumer) => {
      await create(s, con, consumer);
      return create(s, con, consumer);
    });
    await w.move('Approved');
    expect(w.links.get('S|sup|con|Flights')).toMatchObject({ consumerAdminUserId: w.partners.get('sup|con') });
  });
});

describe('links approved before partner accounts were bound to links', () => {
  /** An approved link whose copies still name an account found by email (the old behaviour). */
  async function legacy() {
    const w = await world();
    w.users.set('sup|agent-1', {
      userId: 'agent-1',
      siteId: 'sup',
      email: 'admin@con.example',
      userType: 'travelAgent',
      legalEntityId: 'le-a1',
    } as UserRecord);
    await w.ask('Flights');
    await w.move('Approved');
    w.partners.clear();
    for (const [k, l] of w.links)
      w.links.set(k, { ...l, consumerAdminUserId: 'agent-1', consumerLegalEntityId: 'le-a1' });
    return w;
  }

  it('are bound to the consumer’s own account at the next jump login, on both copies', async () => {
    const w = await legacy();
    await svc.jumpLogin(scope(CON, 5), SUP.siteId, w.deps);
    const partner = w.partners.get('sup|con')!;
    expect(partner).toMatch(/^partner-/);
    expect(w.handoffs).toEqual([{ siteId: 'sup', userId: partner }]);
    for (const l of w.links.values())
      expect(l).toMatchObject({ consumerAdminUserId: partner, consumerLegalEntityId: `le-${partner}` });
    expect((await svc.activeSupplierLink(CON.siteId, 'Flights', w.deps))?.consumerAdminUserId).toBe(partner);
  });

  it('are bound when the supplier reinstates them', async () => {
    const w = await legacy();
    await w.move('Suspended', 'Flights', 5);
    await w.move('Approved', 'Flights', 6);
    const partner = w.partners.get('sup|con')!;
    for (const l of w.links.values()) expect(l).toMatchObject({ status: 'Approved', consumerAdminUserId: partner });
  });
});

describe('supplier-only link changes', () => {
  it('refuses a site that supplies nothing (403) and a link it does not own (404)', async () => {
    const w = await world();
    await w.ask('Flights');
    await expectError(
      svc.changeLinkStatus(
        scope(CON),
        staff(CON),
        { consumerSiteId: CON.siteId, supplierListId: w.listId('Flights'), newRequestStatus: 'Approved' },
        w.deps,
      ),
      403,
      SUPPLIER_MSG.notSupplier,
    );
    await svc.saveProfile(scope(OTHER), { categories: ['Flights'], termsAndConditions: 'x', isListed: true }, w.deps);
    await expectError(
      svc.setLinkSwitch(
        scope(OTHER),
        staff(OTHER),
        { consumerSiteId: CON.siteId, supplierListId: w.listId('Flights') },
        { isFlightHoldAllowed: true },
        w.deps,
      ),
      404,
    );
  });

  it('suspends and reinstates, keeps the first approval time, and never revives a rejection', async () => {
    const w = await world();
    await w.ask('Flights');
    await w.move('Approved', 'Flights', 2);
    expect((await w.move('Suspended', 'Flights', 3)).sc_map_status).toBe('Suspended');
    await expectError(w.move('Rejected', 'Flights'), 409, SUPPLIER_MSG.transitionNotAllowed('Suspended', 'Rejected'));
    expect((await w.move('Approved', 'Flights', 4)).sc_map_status).toBe('Approved');
    for (const l of w.links.values()) expect(l.approvedAt).toBe(at(2).toISOString());

    await w.ask('TourPackages');
    await w.move('Rejected', 'TourPackages');
    for (const to of ['Approved', 'Pending', 'Suspended'] as const) await expectError(w.move(to, 'TourPackages'), 409);
  });

  it('sets switches on both copies of an established link only', async () => {
    const w = await world();
    await w.ask('Flights');
    const ref = { consumerSiteId: CON.siteId, supplierListId: w.listId('Flights') };
    await expectError(
      svc.setLinkSwitch(scope(SUP), staff(SUP), ref, { isFlightHoldAllowed: true }, w.deps),
      404,
      SUPPLIER_MSG.notConsumer,
    );
    await w.move('Approved');
    const row = await svc.setLinkSwitch(scope(SUP), staff(SUP), ref, { isFlightHoldAllowed: true }, w.deps);
    expect(ZApiConsumer.parse(row)).toMatchObject({
      sc_map_isFlightHoldAllowed: true,
      sc_map_isFlightSearchAllowed: true,
    });
    await svc.setLinkSwitch(scope(SUP), staff(SUP), ref, { isFlightSearchAllowed: false }, w.deps);
    for (const l of w.links.values())
      expect(l).toMatchObject({ isFlightHoldAllowed: true, isFlightSearchAllowed: false });
  });
});

describe('consumer views and use', () => {
  it('lists visible suppliers (never itself) with its status per category, only for its own domain', async () => {
    const w = await world();
    await w.ask('Flights');
    await expectError(svc.visibleSuppliers(scope(CON), 'oth.example', w.deps), 403, SUPPLIER_MSG.domainMismatch);
    const seen = await svc.visibleSuppliers(scope(CON), 'con.example', w.deps);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ supplierId: SUP.siteId, acceptedTermsVersion: 1, termsVersion: 1 });
    expect(seen[0]!.categories.map((c) => [c.category, c.requestStatus])).toEqual([
      ['Flights', 'Pending'],
      ['TourPackages', null],
    ]);
    expect(await svc.visibleSuppliers(scope(SUP), 'sup.example', w.deps)).toEqual([]);
  });

  it('pauses and resumes its own use; activeSupplierLink follows approval, pause and suspension', async () => {
    const w = await world();
    await w.ask('Flights');
    expect(await svc.activeSupplierLink(CON.siteId, 'Flights', w.deps)).toBeNull();
    await w.move('Approved');
    expect(await svc.activeSupplierLink(CON.siteId, 'Flights', w.deps)).toMatchObject({
      supplierSiteId: SUP.siteId,
      supplierListId: w.listId('Flights'),
      isFlightSearchAllowed: true,
      isFlightHoldAllowed: false,
    });
    const input = { supplierId: SUP.siteId, supplierListId: w.listId('Flights') };
    expect(
      (await svc.setMappingStatus(scope(CON), staff(CON), { ...input, mappingStatus: 'Paused' }, w.deps)).mappingStatus,
    ).toBe('Paused');
    expect(w.links.get('S|sup|con|Flights')!.mappingStatus).toBe('Paused');
    expect(await svc.activeSupplierLink(CON.siteId, 'Flights', w.deps)).toBeNull();
    await svc.setMappingStatus(scope(CON), staff(CON), { ...input, mappingStatus: 'Active' }, w.deps);
    expect(await svc.activeSupplierLink(CON.siteId, 'Flights', w.deps)).not.toBeNull();
    await w.move('Suspended');
    expect(await svc.activeSupplierLink(CON.siteId, 'Flights', w.deps)).toBeNull();
    expect(await svc.linkedSuppliers(scope(CON), w.deps)).toMatchObject([{ status: 'Suspended', category: 'Flights' }]);
    await expectError(
      svc.setMappingStatus(scope(OTHER), staff(OTHER), { ...input, mappingStatus: 'Paused' }, w.deps),
      404,
    );
  });

  it('picks the earliest approved supplier when several serve a category', async () => {
    const w = await world();
    await w.ask('Flights');
    await w.move('Approved', 'Flights', 10);
    const other = await svc.saveProfile(
      scope(OTHER),
      { categories: ['Flights'], termsAndConditions: 'x', isListed: true },
      w.deps,
    );
    await svc.acceptTerms(scope(CON), staff(CON), { supplierId: OTHER.siteId, version: 1 }, w.deps);
    const ref = { supplierId: OTHER.siteId, supplierListId: other.lists[0]!.supplierListId };
    await svc.requestAccess(scope(CON), staff(CON), ref, w.deps);
    await svc.changeLinkStatus(
      scope(OTHER, 5),
      staff(OTHER),
      { consumerSiteId: CON.siteId, supplierListId: ref.supplierListId, newRequestStatus: 'Approved' },
      w.deps,
    );
    expect((await svc.activeSupplierLink(CON.siteId, 'Flights', w.deps))?.supplierSiteId).toBe(OTHER.siteId);
  });

  it('jump login needs an approved link and hands a session over on the supplier site', async () => {
    const w = await world();
    await expectError(svc.jumpLogin(scope(CON), SUP.siteId, w.deps), 403, SUPPLIER_MSG.noApprovedLink);
    await w.ask('Flights');
    await expectError(svc.jumpLogin(scope(CON), SUP.siteId, w.deps), 403);
    await w.move('Approved');
    const { url } = await svc.jumpLogin(scope(CON), SUP.siteId, w.deps);
    const partner = w.links.get('S|sup|con|Flights')!.consumerAdminUserId;
    expect(w.handoffs).toEqual([{ siteId: SUP.siteId, userId: partner }]);
    expect(url).toMatch(/^https?:\/\/sup\.example(:\d+)?\/app\/login\?sessionId=handoff-1$/);
    await w.move('Suspended');
    await expectError(svc.jumpLogin(scope(CON), SUP.siteId, w.deps), 403);
  });
});

describe('supplier lists', () => {
  it('lists established consumers by page with their customer group and TDS setting', async () => {
    const w = await world();
    await w.ask('Flights');
    await w.ask('TourPackages');
    await w.move('Approved', 'Flights');
    const le = w.links.get('S|sup|con|Flights')!.consumerLegalEntityId!;
    await svc.setLeRelation(scope(SUP), staff(SUP), { userLEID: le, isTdsDeductable: true }, w.deps);
    expect((await svc.apiConsumers(scope(SUP), { page: 1 }, { supplierOnly: false }, w.deps)).records[0]).toMatchObject(
      {
        leGroup_groupName: null,
        userGroup: { groupId: null },
      },
    );
    w.groups.set(`sup|${le}`, 'Gold partners');
    const page = await svc.apiConsumers(scope(SUP), { page: 1 }, { supplierOnly: false }, w.deps);
    expect(page).toMatchObject({ totalRecords: 1, totalPages: 1, page: 1 });
    expect(ZApiConsumer.parse(page.records[0])).toMatchObject({
      wl_mongoDb_siteId: CON.siteId,
      wl_legalEntityId: le,
      sup_category: 'Flights',
      isTdsDeductable: true,
      leGroup_groupName: 'Gold partners',
      userGroup: { groupId: 'g1' },
    });
    expect((await svc.apiConsumers(scope(SUP), { page: 2 }, { supplierOnly: false }, w.deps)).records).toEqual([]);
    expect((await svc.apiConsumers(scope(CON), { page: 1 }, { supplierOnly: false }, w.deps)).totalRecords).toBe(0);
    await expectError(svc.apiConsumers(scope(CON), { page: 1 }, { supplierOnly: true }, w.deps), 403);
  });

  it('pages requests newest first and filters them by status', async () => {
    const w = await world();
    for (let i = 0; i < SUPPLIER_PAGE_SIZE + 1; i++) {
      const consumer = site(`c${i}`, `c${i}.example`, `C ${i}`);
      SITES.push(consumer);
      await svc.acceptTerms(scope(consumer), staff(consumer), { supplierId: SUP.siteId, version: 1 }, w.deps);
      await w.ask('Flights', i, consumer);
    }
    await w.move('Rejected', 'Flights', 50, SITES.at(-1)!);
    const first = await svc.apiCustomerRequests(scope(SUP), { page: 1 }, { supplierOnly: false }, w.deps);
    expect(first).toMatchObject({ totalRecords: SUPPLIER_PAGE_SIZE + 1, totalPages: 2 });
    expect(first.records[0]).toMatchObject({
      whitelabel_mongoDb_siteId: `c${SUPPLIER_PAGE_SIZE}`,
      requestStatus: 'Rejected',
    });
    const second = await svc.apiCustomerRequests(scope(SUP), { page: 2 }, { supplierOnly: false }, w.deps);
    expect(second.records).toHaveLength(1);
    const rejected = await svc.apiCustomerRequests(
      scope(SUP),
      { page: 1, status: 'Rejected' },
      { supplierOnly: false },
      w.deps,
    );
    expect(rejected.records.map((r) => r.decider?.email)).toEqual(['admin-sup@sup.example']);
    SITES.splice(3);
  });

  it('sets TDS only for a customer legal entity of the site', async () => {
    const w = await world();
    await expectError(
      svc.setLeRelation(scope(SUP), staff(SUP), { userLEID: SUP.ownerLegalEntityId, isTdsDeductable: true }, w.deps),
      404,
    );
    await expectError(
      svc.setLeRelation(scope(SUP), staff(SUP), { userLEID: 'le-unknown', isTdsDeductable: true }, w.deps),
      404,
    );
    w.legalEntities.add('sup|le-agent');
    expect(
      await svc.setLeRelation(scope(SUP), staff(SUP), { userLEID: 'le-agent', isTdsDeductable: true }, w.deps),
    ).toEqual({
      userLEID: 'le-agent',
      isTdsDeductable: true,
    });
    expect(await svc.isTdsDeductable(asSiteId('sup'), 'le-agent', w.deps)).toBe(true);
    expect(await svc.isTdsDeductable(asSiteId('sup'), 'le-other', w.deps)).toBe(false);
  });
});
