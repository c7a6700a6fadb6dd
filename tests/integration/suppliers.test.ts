/**
 * Supplier relationships through the gateway against DynamoDB Local, from the demo seed on: SkyWay asks
 * Flight Deals again for the TourPackages list it was refused, Flight Deals approves, both sites see
 * the link, Flight Deals suspends and reinstates it, SkyWay pauses its own use and jumps to the
 * supplier's panel. The steps run in order and build on each other.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeApiCustomerRequestStatus,
  changeConsumerSupplierMappingStatusFromConsumerSide,
  changeConsumerSupplierRequestStatus,
  consumerToSupplierRequests,
  consumerToSupplierRequestsBasedOnSupplierId,
  getAllVisibleSuppliersWithConsumerRequests,
  getApiConsumers,
  getApiCustomerRequests,
  getLinkedSuppliersByConsumer,
  getSupplierCategories,
  getWebsiteOwnSuppliers,
  jumplogin,
  SUPPLIER_MSG,
  supplierApprovalAcceptTermsAndConditions,
  supplierApprovalGetTermsAndConditions,
  supplierApprovalSupplierDetails,
  type SupplierCategory,
  supplierConsumers,
  ZApiConsumer,
  ZApiCustomerRequest,
  ZVisibleSupplier,
} from '@tp/contracts/endpoints/suppliers';
import { getUserBySessionId, loginBySessionId } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { activeSupplierLink } from '../../functions/src/suppliers/operations/index.ts';
import { Client } from '../support/api.ts';
import { useStackTable } from './users-helpers.ts';
import { FLIGHTDEALS as FLIGHTDEALS_SITE, narrowedStaff } from './customers-helpers.ts';
import { FLIGHTDEALS, flightdealsListIds, PARTNER, SKYWAY, signedIn } from './suppliers-helpers.ts';

type Request = ReturnType<typeof ZApiCustomerRequest.parse>;
type Consumer = ReturnType<typeof ZApiConsumer.parse>;

let supplierAdmin: Client;
let consumerAdmin: Client;
let lists: Record<SupplierCategory, string>;

beforeAll(async () => {
  useStackTable();
  [supplierAdmin, consumerAdmin] = await Promise.all([signedIn(FLIGHTDEALS, 'admin'), signedIn(SKYWAY, 'admin')]);
  lists = await flightdealsListIds(supplierAdmin);
});

const requests = async (query: Record<string, unknown> = {}): Promise<Request[]> => {
  const res = await supplierAdmin.call(getApiCustomerRequests, { page: 1, ...query });
  expect(res.status).toBe(200);
  return res.body.result.records;
};
const consumers = async (): Promise<Consumer[]> => {
  const res = await supplierAdmin.call(getApiConsumers, { page: 1 });
  expect(res.status).toBe(200);
  return res.body.result.records;
};
const skywayRow = async (category: SupplierCategory) =>
  (await consumers()).find((c) => c.wl_mongoDb_siteId === SKYWAY.siteId && c.sup_category === category);
const linkedAtSkyway = async (category: SupplierCategory) => {
  const res = await consumerAdmin.call(getLinkedSuppliersByConsumer, {});
  expect(res.status).toBe(200);
  return (res.body.result as { supplierId: string; category: string; status: string; mappingStatus: string }[]).find(
    (l) => l.supplierId === FLIGHTDEALS.siteId && l.category === category,
  );
};
const moveSkyway = (newRequestStatus: string, category: SupplierCategory = 'TourPackages') =>
  supplierAdmin.call(changeConsumerSupplierRequestStatus, {
    consumerSiteId: SKYWAY.siteId,
    supplierListId: lists[category],
    newRequestStatus,
  });

describe('the demo supply chain (seed)', () => {
  it('offers the three categories and makes Flight Deals a supplier of Flights and TourPackages', async () => {
    expect((await supplierAdmin.call(getSupplierCategories, {})).body.result).toEqual([
      'FixedDeparture',
      'Flights',
      'TourPackages',
    ]);
    const own = await supplierAdmin.call(getWebsiteOwnSuppliers, {});
    expect(own.body.result).toMatchObject({
      supplierId: FLIGHTDEALS.siteId,
      isSupplier: true,
      isListed: true,
      termsVersion: 1,
    });
    expect((await consumerAdmin.call(getWebsiteOwnSuppliers, {})).body.result).toMatchObject({
      isSupplier: false,
      lists: [],
    });
  });

  it('has Partner Holidays as the approved Flights consumer: search on, hold off', async () => {
    const res = await supplierAdmin.call(supplierConsumers, {});
    expect(res.status).toBe(200);
    const partner = (res.body.result.records as Consumer[]).find(
      (c) => c.wl_mongoDb_siteId === PARTNER.siteId && c.sup_category === 'Flights',
    );
    expect(ZApiConsumer.parse(partner)).toMatchObject({
      wl_companyName: 'Partner Holidays',
      wl_domain: 'partner.localhost',
      wl_adminEmail: 'admin@partner.localhost',
      wl_legalEntityId: expect.any(String),
      sc_map_supplierListId: lists.Flights,
      sc_map_isFlightHoldAllowed: false,
      sc_map_isFlightSearchAllowed: true,
      sc_map_status: 'Approved',
    });
    expect(await activeSupplierLink(PARTNER.siteId, 'Flights')).toMatchObject({
      supplierSiteId: FLIGHTDEALS.siteId,
      isFlightHoldAllowed: false,
    });
  });

  it("shows SkyWay's pending Flights request and the TourPackages one the super admin rejected, with the decider", async () => {
    const all = await requests();
    for (const r of all) ZApiCustomerRequest.parse(r);
    const skyway = all.filter((r) => r.whitelabel_mongoDb_siteId === SKYWAY.siteId);
    expect(skyway.find((r) => r.supplier_category === 'Flights')).toMatchObject({
      requestStatus: 'Pending',
      decider: null,
      domain: 'skyway.localhost',
    });
    expect(skyway.find((r) => r.supplier_category === 'TourPackages' && r.requestStatus === 'Rejected')).toMatchObject({
      decider: { firstName: 'Asha', lastName: 'Admin', email: 'admin@flightdeals.localhost' },
      requestDecidedAt: expect.any(String),
    });
    const pending = await requests({ status: 'Pending' });
    expect(pending.every((r) => r.requestStatus === 'Pending')).toBe(true);
    const onlySupplier = await supplierAdmin.call(consumerToSupplierRequestsBasedOnSupplierId, {});
    expect(onlySupplier.body.result).toMatchObject({ page: 1, totalRecords: all.length });
  });
});

describe('SkyWay asks again for TourPackages, Flight Deals decides', () => {
  let requestId: string;

  it('lists Flight Deals to SkyWay with its status per category, for its own domain only', async () => {
    const res = await consumerAdmin.call(getAllVisibleSuppliersWithConsumerRequests, { domainName: SKYWAY.domain });
    expect(res.status).toBe(200);
    const fd = ZVisibleSupplier.parse(
      (res.body.result as { supplierId: string }[]).find((s) => s.supplierId === FLIGHTDEALS.siteId),
    );
    expect(fd).toMatchObject({ companyName: 'Flight Deals', acceptedTermsVersion: 1 });
    // Flight Deals also offers its fixed departures (seed: scripts/seed/fixed-departures.ts); SkyWay has not asked.
    expect(Object.fromEntries(fd.categories.map((c) => [c.category, c.requestStatus]))).toEqual({
      Flights: 'Pending',
      TourPackages: 'Rejected',
      FixedDeparture: null,
    });
    expect((res.body.result as { supplierId: string }[]).some((s) => s.supplierId === SKYWAY.siteId)).toBe(false);
    const foreign = await consumerAdmin.call(getAllVisibleSuppliersWithConsumerRequests, {
      domainName: FLIGHTDEALS.domain,
    });
    expect(foreign.status).toBe(403);
  });

  it("reads and accepts the supplier's terms (a stale version is refused)", async () => {
    const details = await consumerAdmin.call(supplierApprovalSupplierDetails, { supplierId: FLIGHTDEALS.siteId });
    expect(details.body.result).toMatchObject({
      domain: FLIGHTDEALS.domain,
      termsVersion: 1,
      lists: expect.any(Array),
    });
    const terms = await consumerAdmin.call(supplierApprovalGetTermsAndConditions, { supplierId: FLIGHTDEALS.siteId });
    expect(terms.body.result.termsAndConditions).toContain('Flight Deals API partner terms');
    const stale = await consumerAdmin.call(supplierApprovalAcceptTermsAndConditions, {
      supplierId: FLIGHTDEALS.siteId,
      version: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errorMessage).toBe(SUPPLIER_MSG.termsChanged);
    const accepted = await consumerAdmin.call(supplierApprovalAcceptTermsAndConditions, {
      supplierId: FLIGHTDEALS.siteId,
      version: '1',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.result).toMatchObject({ acceptedTermsVersion: 1, termsAcceptedAt: expect.any(String) });
  });

  it('sends a new request for the rejected list; the still-pending Flights list cannot be asked twice', async () => {
    const again = await consumerAdmin.call(consumerToSupplierRequests, {
      supplierId: FLIGHTDEALS.siteId,
      supplierListId: lists.Flights,
    });
    expect(again.status).toBe(409);
    const res = await consumerAdmin.call(consumerToSupplierRequests, {
      supplierId: FLIGHTDEALS.siteId,
      supplierListId: lists.TourPackages,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ requestStatus: 'Pending', category: 'TourPackages' });
    requestId = res.body.result.requestId;
  });

  it("appears in Flight Deals' API customer requests, newest first", async () => {
    const pending = await requests({ status: 'Pending' });
    expect(pending[0]).toMatchObject({
      id: requestId,
      supplier_category: 'TourPackages',
      companyName: 'SkyWay Travels',
      adminEmail: 'admin@skyway.localhost',
      whitelabel_mongoDb_siteId: SKYWAY.siteId,
      decider: null,
    });
  });

  it('is decided only by staff allowed to decide, and only for its own consumer', async () => {
    const body = { newRequestStatus: 'Approved', requestId, consumerMongoSiteId: SKYWAY.siteId };
    // Deciding is a staff right (spec 000 §4 "by staff"); a group may leave it out.
    const narrowed = await narrowedStaff(FLIGHTDEALS_SITE, ['consumers.view']);
    expect((await narrowed.call(changeApiCustomerRequestStatus, body)).status).toBe(403);
    expect(
      (await supplierAdmin.call(changeApiCustomerRequestStatus, { ...body, consumerMongoSiteId: PARTNER.siteId }))
        .status,
    ).toBe(404);
    expect(
      (await supplierAdmin.call(changeApiCustomerRequestStatus, { ...body, newRequestStatus: 'Suspended' })).status,
    ).toBe(400);
  });

  it('is approved by the super admin, once', async () => {
    const body = { newRequestStatus: 'Approved', requestId, consumerMongoSiteId: SKYWAY.siteId };
    const res = await supplierAdmin.call(changeApiCustomerRequestStatus, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MSG.requestStatusChanged);
    expect(res.body.result).toMatchObject({
      requestStatus: 'Approved',
      decider: { firstName: 'Asha', lastName: 'Admin', email: 'admin@flightdeals.localhost' },
    });
    const twice = await supplierAdmin.call(changeApiCustomerRequestStatus, { ...body, newRequestStatus: 'Rejected' });
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toBe(SUPPLIER_MSG.requestDecided);
    expect((await requests()).find((r) => r.id === requestId)?.requestStatus).toBe('Approved');
  });

  it('shows Approved on both sides, and the consumer can now use the list', async () => {
    expect(await skywayRow('TourPackages')).toMatchObject({
      sc_map_status: 'Approved',
      wl_legalEntityId: expect.any(String),
    });
    expect(await linkedAtSkyway('TourPackages')).toMatchObject({ status: 'Approved', mappingStatus: 'Active' });
    expect(await linkedAtSkyway('Flights')).toBeUndefined();
    expect(await activeSupplierLink(SKYWAY.siteId, 'TourPackages')).toMatchObject({
      supplierSiteId: FLIGHTDEALS.siteId,
      consumerSiteId: SKYWAY.siteId,
      supplierListId: lists.TourPackages,
      isFlightSearchAllowed: true,
      isFlightHoldAllowed: false,
    });
  });

  it('is suspended and reinstated by the supplier; a suspension is not a rejection', async () => {
    const suspended = await moveSkyway('Suspended');
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ message: MSG.requestStatusChanged, result: { sc_map_status: 'Suspended' } });
    expect(await linkedAtSkyway('TourPackages')).toMatchObject({ status: 'Suspended' });
    expect(await activeSupplierLink(SKYWAY.siteId, 'TourPackages')).toBeNull();
    const rejected = await moveSkyway('Rejected');
    expect(rejected.status).toBe(409);
    expect(rejected.body.errorMessage).toBe(SUPPLIER_MSG.transitionNotAllowed('Suspended', 'Rejected'));
    expect((await moveSkyway('Approved')).body.result.sc_map_status).toBe('Approved');
    expect(await activeSupplierLink(SKYWAY.siteId, 'TourPackages')).not.toBeNull();
  });

  it('lets SkyWay pause and resume its own use without changing the supplier status', async () => {
    const pause = (mappingStatus: string) =>
      consumerAdmin.call(changeConsumerSupplierMappingStatusFromConsumerSide, {
        supplierId: FLIGHTDEALS.siteId,
        supplierListId: lists.TourPackages,
        mappingStatus,
      });
    const paused = await pause('Paused');
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      message: MSG.settingSaved,
      result: { status: 'Approved', mappingStatus: 'Paused' },
    });
    expect(await skywayRow('TourPackages')).toMatchObject({
      sc_map_status: 'Approved',
      sc_map_mappingStatus: 'Paused',
    });
    expect(await activeSupplierLink(SKYWAY.siteId, 'TourPackages')).toBeNull();
    expect((await pause('Active')).body.result.mappingStatus).toBe('Active');
    expect(await activeSupplierLink(SKYWAY.siteId, 'TourPackages')).not.toBeNull();
    // The pending Flights list is not a link SkyWay can pause.
    const pending = await consumerAdmin.call(changeConsumerSupplierMappingStatusFromConsumerSide, {
      supplierId: FLIGHTDEALS.siteId,
      supplierListId: lists.Flights,
      mappingStatus: 'Paused',
    });
    expect(pending.status).toBe(404);
  });

  it("jumps SkyWay's staff to Flight Deals as SkyWay's partner account, through loginBySessionId", async () => {
    const res = await consumerAdmin.call(jumplogin, { supplierId: FLIGHTDEALS.siteId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.result.url);
    expect(url.hostname).toBe(FLIGHTDEALS.domain);
    expect(url.pathname).toBe('/app/login');
    const sessionId = url.searchParams.get('sessionId')!;
    expect(sessionId).toBeTruthy();

    // The token belongs to the supplier's site: SkyWay's own site does not know it.
    expect((await new Client(SKYWAY.domain).call(loginBySessionId, { sessionId })).status).toBe(401);
    const browser = new Client(FLIGHTDEALS.domain);
    const signedInThere = await browser.call(loginBySessionId, { sessionId });
    expect(signedInThere.status).toBe(200);
    expect(signedInThere.body.result).toMatchObject({
      email: 'admin@skyway.localhost',
      userType: 'travelAgent',
      companyName: 'SkyWay Travels',
    });
    expect((await browser.call(getUserBySessionId, {})).body.result.email).toBe('admin@skyway.localhost');
    expect((await new Client(FLIGHTDEALS.domain).call(loginBySessionId, { sessionId })).status).toBe(401);
  });

  it('refuses the jump while the supplier has the link suspended', async () => {
    expect((await moveSkyway('Suspended')).status).toBe(200);
    const res = await consumerAdmin.call(jumplogin, { supplierId: FLIGHTDEALS.siteId });
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(SUPPLIER_MSG.noApprovedLink);
    expect((await moveSkyway('Approved')).status).toBe(200);
  });
});
