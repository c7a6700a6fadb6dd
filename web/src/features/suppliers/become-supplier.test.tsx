// @vitest-environment jsdom
// The terms editor stores sanitised html (DOMPurify needs jsdom, not happy-dom).
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  changeConsumerSupplierRequestStatus,
  consumerToSupplierRequestsBasedOnSupplierId,
  getSupplierCategories,
  getWebsiteOwnSuppliers,
  saveSupplierProfile,
  setFlightHoldSetting,
  setFlightSearchSetting,
  setLERelationConfig,
  supplierConsumers,
} from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { TApiConsumer, TApiCustomerRequest, TSupplierProfile } from '@tp/contracts/endpoints/suppliers';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

// jsdom has no FontFaceSet, which Mantine's autosize Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    configurable: true,
  });

const TERMS = '<h2>Flight Deals terms</h2><p>Pay on time.</p>';

const profile = (more: Partial<TSupplierProfile> = {}): TSupplierProfile => ({
  supplierId: 'site-test',
  isSupplier: true,
  isListed: true,
  lists: [
    { supplierListId: 'list-flights', category: 'Flights' },
    { supplierListId: 'list-tours', category: 'TourPackages' },
  ],
  termsVersion: 1,
  termsAndConditions: TERMS,
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...more,
});

const request = (more: Partial<TApiCustomerRequest> = {}): TApiCustomerRequest => ({
  id: 'req-1',
  supplier_category: 'Flights',
  supplierListId: 'list-flights',
  domain: 'skyway.localhost',
  logoUrl: '',
  companyName: 'SkyWay Travels',
  siteName: 'SkyWay Travels',
  requestStatus: 'Pending',
  requestGeneratedAt: '2025-02-01T10:00:00.000Z',
  adminContact: '+91 98100 00011',
  adminEmail: 'admin@skyway.localhost',
  whitelabel_mongoDb_siteId: 'site-skyway',
  decider: null,
  requestDecidedAt: null,
  ...more,
});

const consumer = (more: Partial<TApiConsumer> = {}): TApiConsumer => ({
  wl_companyName: 'Partner Holidays',
  wl_domain: 'partner.localhost',
  wl_adminEmail: 'admin@partner.localhost',
  wl_adminContact: '+91 98100 00021',
  wl_legalEntityId: 'le-partner',
  wl_mongoDb_siteId: 'site-partner',
  leGroup_groupName: null,
  userGroup: { groupId: null },
  sup_category: 'Flights',
  sc_map_supplierListId: 'list-flights',
  sc_map_isFlightHoldAllowed: false,
  sc_map_isFlightSearchAllowed: true,
  sc_map_status: 'Approved',
  sc_map_mappingStatus: 'Active',
  isTdsDeductable: false,
  ...more,
});

const page = <T,>(records: T[], p = 1, totalPages = 1) => ({
  records,
  totalRecords: records.length,
  totalPages,
  page: p,
});

function supplierApi(own = profile()) {
  return fakeApi()
    .on(getWebsiteOwnSuppliers, own)
    .on(getSupplierCategories, ['FixedDeparture', 'Flights', 'TourPackages'])
    .on(consumerToSupplierRequestsBasedOnSupplierId, page([request()]))
    .on(supplierConsumers, page([consumer()]));
}

const user = () => userEvent.setup({ delay: null });

describe('/user/supplier/becomeSupplier', { timeout: 30_000 }, () => {
  it('explains to a signed-in non-staff user that only site staff manage supplier settings', async () => {
    const api = supplierApi();
    renderApp('/user/supplier/becomeSupplier', { user: testUser({ userType: 'travelAgent' }), api });
    expect(await screen.findByText('Only staff of this site manage its supplier settings.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'admin@test.localhost' })).toBeTruthy();
    expect(api.calls(getWebsiteOwnSuppliers)).toHaveLength(0);
  });

  it('saves the profile; unchanged terms go back exactly as stored, new text is stored as sanitised html', async () => {
    const u = user();
    const api = supplierApi().on(saveSupplierProfile, (input) =>
      profile({
        isListed: input.isListed ?? false,
        termsAndConditions: input.termsAndConditions,
        termsVersion: input.termsAndConditions === TERMS ? 1 : 2,
      }),
    );
    renderApp('/user/supplier/becomeSupplier', { user: staffUser(), api });
    const listed = await screen.findByRole('switch', { name: /Listed in the supplier directory/ });
    expect((screen.getByRole('checkbox', { name: 'Flights' }) as HTMLInputElement).checked).toBe(true);
    await u.click(await screen.findByRole('checkbox', { name: 'Fixed Departure' }));
    await u.click(listed);
    await u.click(screen.getByRole('button', { name: 'Save supplier profile' }));
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();
    expect(api.calls(saveSupplierProfile)[0]?.input).toEqual({
      categories: ['Flights', 'TourPackages', 'FixedDeparture'],
      termsAndConditions: TERMS,
      isListed: false,
    });

    const editor = screen.getByRole('textbox', { name: /Terms and conditions/ });
    await u.clear(editor);
    await u.type(editor, 'No refunds.{Enter}{Enter}<b onmouseover="x()">Pay</b> on time.');
    await u.click(screen.getByRole('button', { name: 'Save supplier profile' }));
    await waitFor(() => expect(api.calls(saveSupplierProfile)).toHaveLength(2));
    expect(api.calls(saveSupplierProfile)[1]?.input.termsAndConditions).toBe('No refunds.\n\n<b>Pay</b> on time.');
  });

  it('requires terms before saving', async () => {
    const u = user();
    const api = supplierApi(profile({ isSupplier: false, lists: [], termsAndConditions: '', termsVersion: 0 }));
    renderApp('/user/supplier/becomeSupplier', { user: staffUser(), api });
    await u.click(await screen.findByRole('button', { name: 'Save supplier profile' }));
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    expect(api.calls(saveSupplierProfile)).toHaveLength(0);
    // Nothing to manage yet: the request and consumer tabs wait for a profile.
    expect((screen.getByRole('tab', { name: 'Customer requests' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers a pending request the allowed decisions only, and a decided one none', async () => {
    const u = user();
    const decided = request({
      id: 'req-0',
      supplier_category: 'TourPackages',
      supplierListId: 'list-tours',
      requestStatus: 'Rejected',
      decider: { firstName: 'Asha', lastName: 'Admin', email: 'admin@flightdeals.localhost' },
      requestDecidedAt: '2025-01-20T10:00:00.000Z',
    });
    const api = supplierApi()
      .on(consumerToSupplierRequestsBasedOnSupplierId, page([request(), decided]))
      .on(changeConsumerSupplierRequestStatus, (input) => consumer({ sc_map_status: input.newRequestStatus }));
    renderApp('/user/supplier/becomeSupplier?tab=requests', { user: staffUser(), api });

    const pending = await screen.findByRole('article', { name: 'Request from SkyWay Travels Flights' });
    expect(
      within(pending)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
    const rejected = screen.getByRole('article', { name: 'Request from SkyWay Travels Tour Packages' });
    expect(within(rejected).queryAllByRole('button')).toEqual([]);
    expect(within(rejected).getByText(/Rejected by Asha Admin \(admin@flightdeals.localhost\)/)).toBeTruthy();

    // Reject asks first (final); cancelling changes nothing.
    await u.click(within(pending).getByRole('button', { name: 'Reject SkyWay Travels Flights' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject SkyWay Travels Flights?' });
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(changeConsumerSupplierRequestStatus)).toHaveLength(0);

    await u.click(within(pending).getByRole('button', { name: 'Approve SkyWay Travels Flights' }));
    expect(await screen.findByText(MSG.requestStatusChanged)).toBeTruthy();
    expect(api.calls(changeConsumerSupplierRequestStatus)[0]?.input).toEqual({
      consumerSiteId: 'site-skyway',
      supplierListId: 'list-flights',
      newRequestStatus: 'Approved',
    });
    await waitFor(() => expect(api.calls(consumerToSupplierRequestsBasedOnSupplierId).length).toBeGreaterThan(1));
  });

  it('pages and filters the requests (page 1 by default)', async () => {
    const u = user();
    const api = supplierApi().on(consumerToSupplierRequestsBasedOnSupplierId, (input) =>
      page([request({ id: `req-p${String(input.page)}` })], Number(input.page ?? 1), 3),
    );
    renderApp('/user/supplier/becomeSupplier?tab=requests', { user: staffUser(), api });
    await screen.findByText(/Page 1 of 3/);
    expect(api.calls(consumerToSupplierRequestsBasedOnSupplierId)[0]?.input).toEqual({ page: '1' });
    await u.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText(/Page 2 of 3/);
    await u.click(screen.getByRole('radio', { name: 'Pending' }));
    await waitFor(() =>
      expect(api.calls(consumerToSupplierRequestsBasedOnSupplierId).at(-1)?.input).toEqual({
        page: '1',
        status: 'Pending',
      }),
    );
  });

  it('says so when there are no requests', async () => {
    const api = supplierApi().on(consumerToSupplierRequestsBasedOnSupplierId, page([]));
    renderApp('/user/supplier/becomeSupplier?tab=requests', { user: staffUser(), api });
    expect(await screen.findByText(MSG.noRequests)).toBeTruthy();
  });
});

describe('/user/supplier/becomeSupplier consumers', { timeout: 30_000 }, () => {
  it('offers Suspend for an approved consumer and Reinstate for a suspended one', async () => {
    const u = user();
    const api = supplierApi()
      .on(
        supplierConsumers,
        page([
          consumer(),
          consumer({ sup_category: 'TourPackages', sc_map_supplierListId: 'list-tours', sc_map_status: 'Suspended' }),
        ]),
      )
      .on(changeConsumerSupplierRequestStatus, (input) =>
        consumer({ sc_map_status: input.newRequestStatus as TApiConsumer['sc_map_status'] }),
      );
    renderApp('/user/supplier/becomeSupplier?tab=consumers', { user: staffUser(), api });
    const flights = await screen.findByRole('article', { name: 'Partner Holidays Flights' });
    const tours = screen.getByRole('article', { name: 'Partner Holidays Tour Packages' });
    expect(within(flights).getByText(MSG.defaultGroupApplicable, { exact: false })).toBeTruthy();
    expect(
      within(flights)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Suspend']);
    expect(
      within(tours)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reinstate']);
    // Flight switches belong to the Flights list only.
    expect(within(tours).queryByRole('switch', { name: /Flight Hold/ })).toBeNull();

    await u.click(within(flights).getByRole('button', { name: 'Suspend Partner Holidays Flights' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText(MSG.requestStatusChanged)).toBeTruthy();
    expect(api.calls(changeConsumerSupplierRequestStatus)[0]?.input).toEqual({
      consumerSiteId: 'site-partner',
      supplierListId: 'list-flights',
      newRequestStatus: 'Suspended',
    });
    await waitFor(() =>
      expect(
        within(flights)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Reinstate']),
    );
  });

  it('changes Flight Hold, Flight Search and TDS only after the server answers', async () => {
    const u = user();
    let answer!: () => void;
    const api = supplierApi()
      .on(
        setFlightHoldSetting,
        ({ isFlightHold }) =>
          new Promise((resolve) => (answer = () => resolve(consumer({ sc_map_isFlightHoldAllowed: isFlightHold })))),
      )
      .on(setFlightSearchSetting, ({ isFlightSearchAllowed }) =>
        consumer({ sc_map_isFlightSearchAllowed: isFlightSearchAllowed }),
      )
      .on(setLERelationConfig, ({ userLEID, isTdsDeductable }) => ({ userLEID, isTdsDeductable }));
    renderApp('/user/supplier/becomeSupplier?tab=consumers', { user: staffUser(), api });

    const hold = (await screen.findByRole('switch', {
      name: 'Flight Hold for Partner Holidays Flights',
    })) as HTMLInputElement;
    await u.click(hold);
    await waitFor(() => expect(api.calls(setFlightHoldSetting)).toHaveLength(1));
    expect(hold.checked).toBe(false);
    expect(api.calls(setFlightHoldSetting)[0]?.input).toEqual({
      consumerSiteId: 'site-partner',
      supplierListId: 'list-flights',
      isFlightHold: true,
    });
    await act(async () => answer());
    await waitFor(() => expect(hold.checked).toBe(true));
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();

    const search = screen.getByRole('switch', {
      name: 'Flight Search for Partner Holidays Flights',
    }) as HTMLInputElement;
    await u.click(search);
    await waitFor(() => expect(search.checked).toBe(false));
    expect(api.calls(setFlightSearchSetting)[0]?.input).toMatchObject({ isFlightSearchAllowed: false });

    const tds = screen.getByRole('switch', { name: 'TDS deduction for Partner Holidays Flights' }) as HTMLInputElement;
    await u.click(tds);
    expect(await screen.findByText(MSG.tdsChanged)).toBeTruthy();
    expect(tds.checked).toBe(true);
    expect(api.calls(setLERelationConfig)[0]?.input).toEqual({ userLEID: 'le-partner', isTdsDeductable: true });
  });
});
