/**
 * Who may touch supplier relationships, through the gateway: supplier-only calls belong to the
 * supplier site's permitted staff; consumers, retail users and agents are refused. Also the supplier's
 * per-consumer switches and the TDS relation config, read back after they are saved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { urlPath, type Endpoint } from '@tp/contracts/endpoint';
import {
  changeConsumerSupplierRequestStatus,
  consumerToSupplierRequestsBasedOnSupplierId,
  getApiConsumers,
  getLinkedSuppliersByConsumer,
  jumplogin,
  saveSupplierProfile,
  setFlightHoldSetting,
  setFlightSearchSetting,
  setLERelationConfig,
  SUPPLIER_MSG,
  supplierConsumers,
  suppliersEndpoints,
  type TApiConsumer,
} from '@tp/contracts/endpoints/suppliers';
import { mapLegalEntityToGroup, saveLeGroup } from '@tp/contracts/endpoints/groups';
import * as MSG from '@tp/contracts/messages';
import { activeSupplierLink } from '../../functions/src/suppliers/operations/index.ts';
import { Client } from '../support/api.ts';
import { useStackTable } from './users-helpers.ts';
import { FLIGHTDEALS as FLIGHTDEALS_SITE, narrowedStaff } from './customers-helpers.ts';
import { FLIGHTDEALS, flightdealsListIds, PARTNER, SKYWAY, signedIn } from './suppliers-helpers.ts';

let supplierAdmin: Client;
let supplierStaff: Client;
let lists: Awaited<ReturnType<typeof flightdealsListIds>>;

beforeAll(async () => {
  useStackTable();
  [supplierAdmin, supplierStaff] = await Promise.all([signedIn(FLIGHTDEALS, 'admin'), signedIn(FLIGHTDEALS, 'staff')]);
  lists = await flightdealsListIds(supplierAdmin);
});

/** A request each endpoint accepts, so a refusal is about who calls, not what they send. */
function validInput(e: Endpoint): Record<string, unknown> {
  const ref = { consumerSiteId: PARTNER.siteId, supplierListId: lists.Flights };
  const bodies: Record<string, Record<string, unknown>> = {
    'suppliers.saveSupplierProfile': { categories: ['Flights'], termsAndConditions: 'Terms', isListed: false },
    'suppliers.getAllVisibleSuppliersWithConsumerRequests': { domainName: FLIGHTDEALS.domain },
    'suppliers.supplierApprovalSupplierDetails': { supplierId: SKYWAY.siteId },
    'suppliers.supplierApprovalGetTermsAndConditions': { supplierId: SKYWAY.siteId },
    'suppliers.supplierApprovalAcceptTermsAndConditions': { supplierId: SKYWAY.siteId, version: 1 },
    'suppliers.consumerToSupplierRequests': { supplierId: SKYWAY.siteId, supplierListId: 'x' },
    'suppliers.changeConsumerSupplierMappingStatusFromConsumerSide': {
      supplierId: SKYWAY.siteId,
      supplierListId: 'x',
      mappingStatus: 'Paused',
    },
    'suppliers.jumplogin': { supplierId: SKYWAY.siteId },
    'suppliers.changeApiCustomerRequestStatus': {
      newRequestStatus: 'Approved',
      requestId: 'x',
      consumerMongoSiteId: SKYWAY.siteId,
    },
    'suppliers.changeConsumerSupplierRequestStatus': { ...ref, newRequestStatus: 'Suspended' },
    'suppliers.setFlightHoldSetting': { ...ref, isFlightHold: true },
    'suppliers.setFlightSearchSetting': { ...ref, isFlightSearchAllowed: false },
    'suppliers.setLERelationConfig': { isTdsDeductable: true, userLEID: 'x' },
  };
  return bodies[e.id] ?? {};
}

describe('retail users and agents', () => {
  for (const local of ['retail', 'agent']) {
    it(`${local}: 403 on every supplier call`, async () => {
      const c = await signedIn(FLIGHTDEALS, local);
      for (const e of suppliersEndpoints) {
        expect(e.request.safeParse(validInput(e)).success, e.id).toBe(true);
        const res = await c.call(e, validInput(e));
        expect(res.status, `${e.method} ${urlPath(e)}`).toBe(403);
      }
    });
  }

  it('signed-out callers get 401', async () => {
    expect((await new Client(FLIGHTDEALS.domain).call(getApiConsumers, {})).status).toBe(401);
  });
});

describe('supplier-only calls', () => {
  it("refuse a consumer site's staff acting on the supplier's links (the caller is no supplier)", async () => {
    for (const consumer of [SKYWAY, PARTNER]) {
      const admin = await signedIn(consumer, 'admin');
      for (const e of [setFlightHoldSetting, setFlightSearchSetting, changeConsumerSupplierRequestStatus]) {
        const res = await admin.call(e, validInput(e));
        expect(res.status, `${consumer.siteId} ${e.id}`).toBe(403);
        expect(res.body.errorMessage).toBe(SUPPLIER_MSG.notSupplier);
      }
      for (const e of [supplierConsumers, consumerToSupplierRequestsBasedOnSupplierId])
        expect((await admin.call(e, {})).status, e.id).toBe(403);
      // Its own customer screen simply has no consumers.
      expect((await admin.call(getApiConsumers, {})).body.result.totalRecords).toBe(0);
    }
  });

  it("find nothing of another supplier's links even once the caller is a supplier itself (404)", async () => {
    const partnerAdmin = await signedIn(PARTNER, 'admin');
    const opted = await partnerAdmin.call(saveSupplierProfile, {
      categories: ['Flights'],
      termsAndConditions: 'Partner terms',
      isListed: false,
    });
    expect(opted.status).toBe(200);
    expect(opted.body).toMatchObject({ message: MSG.settingSaved, result: { isSupplier: true, isListed: false } });
    const res = await partnerAdmin.call(setFlightHoldSetting, {
      consumerSiteId: PARTNER.siteId,
      supplierListId: lists.Flights,
      isFlightHold: true,
    });
    expect(res.status).toBe(404);
    const own = opted.body.result.lists[0].supplierListId;
    const notConsumer = await partnerAdmin.call(setFlightHoldSetting, {
      consumerSiteId: SKYWAY.siteId,
      supplierListId: own,
      isFlightHold: true,
    });
    expect(notConsumer.status).toBe(404);
    expect(
      (
        await partnerAdmin.call(saveSupplierProfile, {
          categories: [],
          termsAndConditions: 'Partner terms',
          isListed: false,
        })
      ).status,
    ).toBe(200);
  });

  it("refuse a session carried to another site's domain", async () => {
    const skywayAdmin = await signedIn(SKYWAY, 'admin');
    const res = await skywayAdmin.raw('GET', urlPath(supplierConsumers), undefined, {
      'domain-name': FLIGHTDEALS.domain,
    });
    expect(res.status).toBe(401);
  });

  it('need suppliers.manageConsumers: a staff default (spec 000 §6 "suppliers"); a group may leave it out and only look', async () => {
    expect((await supplierStaff.call(supplierConsumers, {})).status).toBe(200);
    // Plain staff switch a consumer's flight hold and search (set to the demo's values: nothing changes).
    const ref = { consumerSiteId: PARTNER.siteId, supplierListId: lists.Flights };
    const hold = await supplierStaff.call(setFlightHoldSetting, { ...ref, isFlightHold: false });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    const search = await supplierStaff.call(setFlightSearchSetting, { ...ref, isFlightSearchAllowed: true });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const narrowed = await narrowedStaff(FLIGHTDEALS_SITE, ['consumers.view']);
    expect((await narrowed.call(supplierConsumers, {})).status).toBe(200);
    for (const e of [
      setFlightHoldSetting,
      setFlightSearchSetting,
      changeConsumerSupplierRequestStatus,
      saveSupplierProfile,
    ])
      expect((await narrowed.call(e, validInput(e))).status, e.id).toBe(403);
  });

  it('tie TDS to the Change Group permission (its dialog), which plain staff hold by default', async () => {
    const res = await supplierStaff.call(setLERelationConfig, validInput(setLERelationConfig));
    expect([401, 403]).not.toContain(res.status);
  });

  it('reject ids that could forge a key with a clear 400', async () => {
    const res = await supplierAdmin.call(setFlightHoldSetting, {
      consumerSiteId: 'site#x',
      supplierListId: lists.Flights,
      isFlightHold: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.shortError).toEqual({ consumerSiteId: SUPPLIER_MSG.invalidSiteId });
  });
});

describe("the supplier's switches and TDS config", () => {
  const partnerRow = async (): Promise<TApiConsumer> => {
    const res = await supplierAdmin.call(getApiConsumers, { page: 1 });
    return (res.body.result.records as TApiConsumer[]).find(
      (c) => c.wl_mongoDb_siteId === PARTNER.siteId && c.sup_category === 'Flights',
    )!;
  };
  const ref = () => ({ consumerSiteId: PARTNER.siteId, supplierListId: lists.Flights });

  it('saves flight hold and flight search per consumer, on both sides', async () => {
    const hold = await supplierAdmin.call(setFlightHoldSetting, { ...ref(), isFlightHold: true });
    expect(hold.status).toBe(200);
    expect(hold.body).toMatchObject({ message: MSG.settingSaved, result: { sc_map_isFlightHoldAllowed: true } });
    const search = await supplierAdmin.call(setFlightSearchSetting, { ...ref(), isFlightSearchAllowed: false });
    expect(search.body.result).toMatchObject({ sc_map_isFlightHoldAllowed: true, sc_map_isFlightSearchAllowed: false });

    expect(await partnerRow()).toMatchObject({ sc_map_isFlightHoldAllowed: true, sc_map_isFlightSearchAllowed: false });
    const partnerAdmin = await signedIn(PARTNER, 'admin');
    const linked = (await partnerAdmin.call(getLinkedSuppliersByConsumer, {})).body.result as { category: string }[];
    expect(linked.find((l) => l.category === 'Flights')).toMatchObject({
      isFlightHoldAllowed: true,
      isFlightSearchAllowed: false,
    });
    expect(await activeSupplierLink(PARTNER.siteId, 'Flights')).toMatchObject({
      isFlightHoldAllowed: true,
      isFlightSearchAllowed: false,
    });

    // back to the demo defaults
    await supplierAdmin.call(setFlightHoldSetting, { ...ref(), isFlightHold: false });
    await supplierAdmin.call(setFlightSearchSetting, { ...ref(), isFlightSearchAllowed: true });
    expect(await partnerRow()).toMatchObject({ sc_map_isFlightHoldAllowed: false, sc_map_isFlightSearchAllowed: true });
  });

  it("refuses switches on a request that is not a consumer yet (SkyWay's pending Flights)", async () => {
    const res = await supplierAdmin.call(setFlightHoldSetting, {
      consumerSiteId: SKYWAY.siteId,
      supplierListId: lists.Flights,
      isFlightHold: true,
    });
    expect(res.status).toBe(404);
  });

  it("saves TDS deductibility on the consumer's legal entity and shows it on the consumer row", async () => {
    const le = (await partnerRow()).wl_legalEntityId!;
    const res = await supplierAdmin.call(setLERelationConfig, { isTdsDeductable: true, userLEID: le });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: MSG.tdsChanged, result: { userLEID: le, isTdsDeductable: true } });
    expect((await partnerRow()).isTdsDeductable).toBe(true);
    expect((await supplierAdmin.call(setLERelationConfig, { isTdsDeductable: false, userLEID: le })).status).toBe(200);
    expect((await partnerRow()).isTdsDeductable).toBe(false);
  });

  it("shows the customer group mapped to the consumer's legal entity, keeping the TDS switch beside it", async () => {
    const le = (await partnerRow()).wl_legalEntityId!;
    expect(await partnerRow()).toMatchObject({ leGroup_groupName: null, userGroup: { groupId: null } });
    expect((await supplierAdmin.call(setLERelationConfig, { isTdsDeductable: true, userLEID: le })).status).toBe(200);
    const group = await supplierAdmin.call(saveLeGroup, { groupName: `Partners ${Date.now()}` });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const mapped = await supplierAdmin.call(mapLegalEntityToGroup, { groupId: group.body.result.id, LEId: le });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(200);
    expect(await partnerRow()).toMatchObject({
      leGroup_groupName: group.body.result.groupName,
      userGroup: { groupId: group.body.result.id },
      isTdsDeductable: true,
    });
    expect((await supplierAdmin.call(setLERelationConfig, { isTdsDeductable: false, userLEID: le })).status).toBe(200);
    expect((await partnerRow()).userGroup.groupId).toBe(group.body.result.id);
  });

  it("refuses TDS config for the site's own or an unknown legal entity", async () => {
    for (const userLEID of ['le-flightdeals', 'le-unknown']) {
      const res = await supplierAdmin.call(setLERelationConfig, { isTdsDeductable: true, userLEID });
      expect(res.status, userLEID).toBe(404);
    }
  });
});

describe('jump login', () => {
  it('refuses a site with no approved link to the target', async () => {
    const skywayAdmin = await signedIn(SKYWAY, 'admin');
    const res = await skywayAdmin.call(jumplogin, { supplierId: PARTNER.siteId });
    expect(res.status).toBe(403);
  });

  it("takes Partner Holidays' staff to Flight Deals (its approved Flights supplier)", async () => {
    const partnerAdmin = await signedIn(PARTNER, 'admin');
    const res = await partnerAdmin.call(jumplogin, { supplierId: FLIGHTDEALS.siteId });
    expect(res.status).toBe(200);
    expect(new URL(res.body.result.url).hostname).toBe(FLIGHTDEALS.domain);
  });
});
