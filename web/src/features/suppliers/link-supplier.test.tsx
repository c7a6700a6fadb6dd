// @vitest-environment jsdom
// The terms are rendered through the sanitiser, which needs a DOM DOMPurify supports (not happy-dom).
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  changeConsumerSupplierMappingStatusFromConsumerSide,
  consumerToSupplierRequests,
  getAllVisibleSuppliersWithConsumerRequests,
  getLinkedSuppliersByConsumer,
  getWebsiteOwnSuppliers,
  jumplogin,
  SUPPLIER_MSG,
  supplierApprovalAcceptTermsAndConditions,
  supplierApprovalGetTermsAndConditions,
  supplierApprovalSupplierDetails,
} from '@tp/contracts/endpoints/suppliers';
import type { ResponseOf } from '@tp/contracts/endpoint';
import * as MSG from '@tp/contracts/messages';
import * as navigation from '#api/navigation.ts';
import { failure, fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

type Visible = ResponseOf<typeof getAllVisibleSuppliersWithConsumerRequests>[number];
type Linked = ResponseOf<typeof getLinkedSuppliersByConsumer>[number];
type Terms = ResponseOf<typeof supplierApprovalGetTermsAndConditions>;

const SUPPLIER = {
  supplierId: 'site-flightdeals',
  companyName: 'Flight Deals',
  domain: 'flightdeals.localhost',
  logoUrl: '',
};

const visible = (categories: Visible['categories'], more: Partial<Visible> = {}): Visible => ({
  ...SUPPLIER,
  adminEmail: 'admin@flightdeals.localhost',
  adminContact: '+91 98100 00001',
  termsVersion: 2,
  acceptedTermsVersion: 1,
  termsAcceptedAt: '2025-01-01T00:00:00.000Z',
  categories,
  ...more,
});

const terms = (more: Partial<Terms> = {}): Terms => ({
  supplierId: SUPPLIER.supplierId,
  version: 2,
  termsAndConditions:
    '<h2>Partner terms</h2><p>Pay on time.</p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>',
  updatedAt: '2025-02-01T00:00:00.000Z',
  acceptedTermsVersion: 1,
  termsAcceptedAt: '2025-01-01T00:00:00.000Z',
  ...more,
});

const linked = (more: Partial<Linked> = {}): Linked => ({
  ...SUPPLIER,
  supplierListId: 'list-flights',
  category: 'Flights',
  status: 'Approved',
  mappingStatus: 'Active',
  isFlightHoldAllowed: false,
  isFlightSearchAllowed: true,
  approvedAt: '2025-01-02T00:00:00.000Z',
  ...more,
});

function consumerApi(opts: { visible?: Visible[]; linked?: Linked[] } = {}) {
  return fakeApi()
    .on(getWebsiteOwnSuppliers, {
      supplierId: 'site-test',
      isSupplier: false,
      isListed: false,
      lists: [],
      termsVersion: 0,
      termsAndConditions: '',
      updatedAt: null,
    })
    .on(
      getAllVisibleSuppliersWithConsumerRequests,
      opts.visible ?? [
        visible([
          { supplierListId: 'list-flights', category: 'Flights', requestStatus: 'Pending', mappingStatus: 'Active' },
          {
            supplierListId: 'list-tours',
            category: 'TourPackages',
            requestStatus: 'Rejected',
            mappingStatus: 'Active',
          },
          { supplierListId: 'list-fd', category: 'FixedDeparture', requestStatus: null, mappingStatus: null },
        ]),
      ],
    )
    .on(getLinkedSuppliersByConsumer, opts.linked ?? [])
    .on(supplierApprovalSupplierDetails, {
      ...visible([]),
      lists: [
        { supplierListId: 'list-flights', category: 'Flights' },
        { supplierListId: 'list-tours', category: 'TourPackages' },
      ],
    })
    .on(supplierApprovalGetTermsAndConditions, terms());
}

const article = (name: string) => screen.findByRole('article', { name });

describe('/staff/link_supplier: available suppliers', { timeout: 30_000 }, () => {
  it('shows each category with its request status and offers a request only where one is allowed', async () => {
    const api = consumerApi();
    renderApp('/staff/link_supplier', { user: staffUser(), api });
    const card = await article('Flight Deals');
    expect(within(card).getByText('Pending')).toBeTruthy();
    expect(within(card).getByText('Rejected')).toBeTruthy();
    expect(within(card).getByText('Not requested')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Flights from Flight Deals/ })).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Request access to Tour Packages from Flight Deals' }).textContent,
    ).toBe('Request again');
    expect(
      within(card).getByRole('button', { name: 'Request access to Fixed Departure from Flight Deals' }),
    ).toBeTruthy();
    expect(api.calls(getAllVisibleSuppliersWithConsumerRequests)[0]?.input).toEqual({
      domainName: window.location.hostname,
    });
  });

  it('needs the terms ticked before sending, records the acceptance of the version shown, then requests', async () => {
    const user = userEvent.setup({ delay: null });
    const api = consumerApi();
    api
      .on(supplierApprovalAcceptTermsAndConditions, ({ version }) =>
        terms({ acceptedTermsVersion: Number(version), termsAcceptedAt: '2025-03-01T00:00:00.000Z' }),
      )
      .on(consumerToSupplierRequests, ({ supplierId, supplierListId }) => ({
        requestId: 'req-1',
        supplierId,
        supplierListId,
        category: 'TourPackages' as const,
        requestStatus: 'Pending' as const,
        requestGeneratedAt: '2025-03-01T00:00:00.000Z',
      }));
    renderApp('/staff/link_supplier', { user: staffUser(), api });
    await user.click(await screen.findByRole('button', { name: 'Request access to Tour Packages from Flight Deals' }));

    const dialog = await screen.findByRole('dialog', { name: /Request access: Tour Packages from Flight Deals/ });
    expect(await within(dialog).findByRole('heading', { name: 'Partner terms' })).toBeTruthy();
    // Sanitised: no script, no handler.
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.innerHTML).not.toContain('onerror');
    expect(within(dialog).getByText(/terms changed since your site accepted version 1/)).toBeTruthy();

    const send = within(dialog).getByRole('button', { name: 'Send request' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(send);
    expect(api.calls(consumerToSupplierRequests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }));
    expect((send as HTMLButtonElement).disabled).toBe(false);
    await user.click(send);

    expect(await screen.findByText('Request for Tour Packages sent to Flight Deals')).toBeTruthy();
    expect(api.calls(supplierApprovalAcceptTermsAndConditions)[0]?.input).toEqual({
      supplierId: 'site-flightdeals',
      version: 2,
    });
    expect(api.calls(consumerToSupplierRequests)[0]?.input).toEqual({
      supplierId: 'site-flightdeals',
      supplierListId: 'list-tours',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again to show the new status.
    await waitFor(() => expect(api.calls(getAllVisibleSuppliersWithConsumerRequests).length).toBeGreaterThan(1));
  });

  it('does not record acceptance again when the current version is already accepted, but still asks for the tick', async () => {
    const user = userEvent.setup({ delay: null });
    const api = consumerApi().on(supplierApprovalGetTermsAndConditions, terms({ acceptedTermsVersion: 2 }));
    api.on(consumerToSupplierRequests, failure(409, SUPPLIER_MSG.requestOpen));
    renderApp('/staff/link_supplier', { user: staffUser(), api });
    await user.click(
      await screen.findByRole('button', { name: 'Request access to Fixed Departure from Flight Deals' }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/Your site accepted this version/);
    expect((within(dialog).getByRole('button', { name: 'Send request' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(SUPPLIER_MSG.requestOpen)).toBeTruthy();
    expect(api.calls(supplierApprovalAcceptTermsAndConditions)).toHaveLength(0);
    // A refusal keeps the dialog open and asks for the tick again.
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByRole('checkbox') as HTMLInputElement).checked).toBe(false));
  });

  it('says so when no supplier is listed', async () => {
    renderApp('/staff/link_supplier', { user: staffUser(), api: consumerApi({ visible: [], linked: [] }) });
    expect((await screen.findAllByText(MSG.noResults)).length).toBe(2);
  });
});

describe('/staff/link_supplier: linked suppliers', { timeout: 30_000 }, () => {
  it('pauses a link only once the server has agreed', async () => {
    const user = userEvent.setup({ delay: null });
    let answer!: () => void;
    const api = consumerApi({ linked: [linked()] });
    api.on(
      changeConsumerSupplierMappingStatusFromConsumerSide,
      ({ mappingStatus }) => new Promise((resolve) => (answer = () => resolve(linked({ mappingStatus })))),
    );
    renderApp('/staff/link_supplier', { user: staffUser(), api });
    const toggle = (await screen.findByRole('switch', { name: 'Use Flight Deals Flights' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await user.click(toggle);
    await waitFor(() => expect(api.calls(changeConsumerSupplierMappingStatusFromConsumerSide)).toHaveLength(1));
    expect(api.calls(changeConsumerSupplierMappingStatusFromConsumerSide)[0]?.input).toEqual({
      supplierId: 'site-flightdeals',
      supplierListId: 'list-flights',
      mappingStatus: 'Paused',
    });
    expect(toggle.checked).toBe(true);
    await act(async () => answer());
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();
    expect(screen.getByText('Paused: not offered to your customers')).toBeTruthy();
  });

  it('keeps the switch when the server refuses', async () => {
    const user = userEvent.setup({ delay: null });
    const api = consumerApi({ linked: [linked()] }).on(
      changeConsumerSupplierMappingStatusFromConsumerSide,
      failure(404, SUPPLIER_MSG.notConsumer),
    );
    renderApp('/staff/link_supplier', { user: staffUser(), api });
    const toggle = (await screen.findByRole('switch', { name: 'Use Flight Deals Flights' })) as HTMLInputElement;
    await user.click(toggle);
    expect(await screen.findByText(SUPPLIER_MSG.notConsumer)).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });

  it('opens the supplier panel through jump login, and only for an approved link', async () => {
    const user = userEvent.setup({ delay: null });
    const leave = vi.spyOn(navigation, 'leaveApp').mockImplementation(() => undefined);
    const url = 'http://flightdeals.localhost/app/login?sessionId=handoff-1';
    const api = consumerApi({
      linked: [linked(), linked({ supplierListId: 'list-tours', category: 'TourPackages', status: 'Suspended' })],
    }).on(jumplogin, { url });
    renderApp('/staff/link_supplier', { user: staffUser(), api });
    const suspended = await article('Flight Deals Tour Packages');
    expect(within(suspended).getByText(/has suspended this link/)).toBeTruthy();
    expect(
      (within(suspended).getByRole('button', { name: 'Open supplier panel of Flight Deals' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await user.click(
      within(await article('Flight Deals Flights')).getByRole('button', {
        name: 'Open supplier panel of Flight Deals',
      }),
    );
    await waitFor(() => expect(leave).toHaveBeenCalledWith(url));
    expect(api.calls(jumplogin)[0]?.input).toEqual({ supplierId: 'site-flightdeals' });
  });
});
