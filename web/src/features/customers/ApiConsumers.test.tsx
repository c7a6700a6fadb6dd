import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getLeGroups } from '@tp/contracts/endpoints/groups';
import { getApiConsumers, setFlightHoldSetting, setFlightSearchSetting } from '@tp/contracts/endpoints/suppliers';
import * as MSG from '@tp/contracts/messages';
import type { TApiConsumer } from '@tp/contracts/endpoints/suppliers';
import { failure, fakeApi, type FakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { consumer } from './test-fixtures.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

async function openTab(api: FakeApi = fakeApi(), records: TApiConsumer[] = [consumer()]) {
  if (!api.answers(getApiConsumers))
    api.on(getApiConsumers, { records, totalRecords: records.length, totalPages: 1, page: 1 });
  renderApp('/staff/customers?tab=consumers', { user: staffUser(), api });
  const table = await screen.findByRole('table', { name: 'API consumers' });
  return { api, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }), table: within(table) };
}

const holdSwitch = () =>
  screen.getByRole('switch', { name: 'Flight hold for SkyWay Travels (Flights)' }) as HTMLInputElement;

describe('Api Consumers tab', { timeout: 20_000 }, () => {
  it('lists consumers with company, domain, admin, group (or Default Group Applicable) and category', async () => {
    const { table } = await openTab(fakeApi(), [
      consumer(),
      consumer({
        wl_companyName: 'Partner Holidays',
        wl_domain: 'partner.example.com',
        wl_mongoDb_siteId: 'site-partner',
        leGroup_groupName: 'B2B Gold',
        sup_category: 'TourPackages',
        sc_map_status: 'Suspended',
      }),
    ]);
    const skyway = within(table.getByRole('row', { name: /SkyWay Travels/ }));
    expect(skyway.getByText('skyway.example.com')).toBeTruthy();
    expect(skyway.getByText('admin@skyway.example.com')).toBeTruthy();
    expect(skyway.getByText(MSG.defaultGroupApplicable)).toBeTruthy();
    const partner = within(table.getByRole('row', { name: /Partner Holidays/ }));
    expect(partner.getByText('B2B Gold')).toBeTruthy();
    expect(partner.getByText('TourPackages')).toBeTruthy();
    expect(partner.getByText('Suspended')).toBeTruthy();
    // Flight hold and search belong to Flights links only.
    expect(partner.queryAllByRole('switch')).toHaveLength(0);
    expect(skyway.getAllByRole('switch')).toHaveLength(2);
  });

  it('flips the hold switch only after the server answers', async () => {
    const server = gate();
    const api = fakeApi().on(setFlightHoldSetting, async (input) => {
      await server.opened;
      return consumer({ sc_map_isFlightHoldAllowed: input.isFlightHold });
    });
    const { user } = await openTab(api);
    await user.click(holdSwitch());
    await waitFor(() => expect(api.calls(setFlightHoldSetting)).toHaveLength(1));
    expect(api.calls(setFlightHoldSetting)[0]?.input).toEqual({
      consumerSiteId: 'site-skyway',
      supplierListId: 'list-flights',
      isFlightHold: true,
    });
    expect(holdSwitch().checked).toBe(false);
    expect(holdSwitch().getAttribute('aria-busy')).toBe('true');
    server.open();
    await waitFor(() => expect(holdSwitch().checked).toBe(true));
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();
  });

  it('keeps the search switch when the server refuses', async () => {
    const api = fakeApi().on(setFlightSearchSetting, failure(404, 'This site is not a consumer of this supplier list'));
    const { user } = await openTab(api);
    const search = screen.getByRole('switch', {
      name: 'Flight search for SkyWay Travels (Flights)',
    }) as HTMLInputElement;
    await user.click(search);
    expect(await screen.findByText('This site is not a consumer of this supplier list')).toBeTruthy();
    await waitFor(() => expect(search.getAttribute('aria-busy')).toBeNull());
    expect(search.checked).toBe(true);
  });

  it("opens Change Group with the consumer's TDS setting", async () => {
    const api = fakeApi().on(getLeGroups, []);
    const { user } = await openTab(api, [consumer({ isTdsDeductable: true })]);
    await user.click(screen.getByRole('button', { name: 'Change Group of SkyWay Travels' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change Group', hidden: true }));
    expect(dialog.getByText('Tax Settings')).toBeTruthy();
    expect(
      (dialog.getByRole('switch', { name: 'Deduct TDS on commission', hidden: true }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
