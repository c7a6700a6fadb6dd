import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  HOTEL_CONTRACT_MSG,
  getAccomodation,
  getDefaultMarketOptions,
  getHotelContract,
  priceHotelStay,
  saveHotelContract,
  type THotelContractView,
} from '@tp/contracts/endpoints/dmc';
import { HOTEL_TEXT, type HotelContract, type OccupancyPrices } from '@tp/domain/dmc';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { GCC, INDIA, dialog } from '../test-fixtures.ts';

const prices = (p: Partial<OccupancyPrices>): OccupancyPrices => ({
  single: null,
  double: null,
  triple: null,
  extraAdult: null,
  childWithBed: null,
  childWithoutBed: null,
  ...p,
});

const CONTRACT: HotelContract = {
  hotelId: 'dmc-hotel-rove',
  roomTypes: [{ id: 'DLX', name: 'Deluxe', maxAdults: 3, maxChildren: 2, maxOccupancy: 4 }],
  mealPlans: ['BB'],
  rates: [
    {
      id: 'GCC-LOW',
      marketId: GCC.marketId,
      roomTypeId: 'DLX',
      mealPlan: 'BB',
      validFromDate: '2027-05-01',
      validTillDate: '2027-09-30',
      minStay: 1,
      cost: prices({ double: 150 }),
      sell: prices({ double: 180 }),
      markupPercent: null,
    },
  ],
  childBands: [{ id: 'FREE', minAge: 0, maxAge: 5, charge: 'free' }],
  stopSales: [],
  allotments: [],
};

const VIEW: THotelContractView = {
  hotelId: CONTRACT.hotelId,
  hotelName: 'Rove Downtown',
  version: 3,
  contract: CONTRACT,
  overlaps: [],
  allotmentTaken: {},
};

function server(view = VIEW) {
  let current = view;
  return fakeApi()
    .on(getDefaultMarketOptions, { markets: [INDIA, GCC], defaultMarketId: INDIA.marketId })
    .on(getAccomodation, { records: [], nextCursor: null })
    .on(getHotelContract, () => current)
    .on(saveHotelContract, (input) => {
      const { version, hotelId, ...body } = input as { version: number; hotelId: string } & Omit<
        HotelContract,
        'hotelId'
      >;
      current = { ...current, version: version + 1, contract: { hotelId, ...body } as HotelContract };
      return current;
    });
}

async function open(api = server(), tab = '') {
  renderApp(`/staff/dmc-hotel-contracts?hotel=${CONTRACT.hotelId}${tab}`, { user: staffUser(), api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: 'Hotel Contracts' });
  return { api, user };
}

describe('Hotel contracts', { timeout: 60_000 }, () => {
  it('asks for a hotel first', async () => {
    renderApp('/staff/dmc-hotel-contracts', { user: staffUser(), api: server() });
    expect(await screen.findByText('Choose a hotel to see or write its contract.')).toBeTruthy();
  });

  it('adds a room type: the rule refuses a blank name, then the whole contract is saved on its version', async () => {
    const { api, user } = await open();
    const table = await screen.findByRole('table', { name: 'Room types' });
    expect(within(table).getByText('Deluxe')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add room type' }));
    const form = await dialog('Add room type');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(HOTEL_TEXT.required)).toBeTruthy();
    expect(api.calls(saveHotelContract)).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: /^Name/ }), 'Family suite');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveHotelContract)).toHaveLength(1));
    const sent = api.calls(saveHotelContract)[0]!.input as {
      version: number;
      roomTypes: { name: string }[];
      rates: unknown[];
    };
    expect(sent.version).toBe(3);
    expect(sent.roomTypes.map((t) => t.name)).toEqual(['Deluxe', 'Family suite']);
    expect(sent.rates).toEqual(CONTRACT.rates);
    expect(await screen.findByText(HOTEL_CONTRACT_MSG.saved)).toBeTruthy();
    expect(await screen.findByText('Family suite')).toBeTruthy();
  });

  it('lists rates top first with the market named and flags overlaps', async () => {
    await open(server({ ...VIEW, overlaps: [['GCC-LOW', 'PROMO']] }), '&tab=rates');
    const table = await screen.findByRole('table', { name: 'Rates (tried top first)' });
    expect(within(table).getByText('GCC')).toBeTruthy();
    expect(screen.getByText(/GCC-LOW and PROMO/)).toBeTruthy();
  });

  it('prices a stay and shows the working night by night', async () => {
    const api = server().on(priceHotelStay, {
      marketId: GCC.marketId,
      marketName: 'GCC',
      price: {
        available: true,
        currency: 'AED',
        nights: [
          {
            date: '2027-09-30',
            rateId: 'GCC-LOW',
            parts: [{ column: 'double', units: 1, sell: 180, cost: 150 }],
            sell: 180,
            cost: 150,
            allotment: 'none',
          },
          {
            date: '2027-10-01',
            rateId: 'GCC-HIGH',
            parts: [{ column: 'double', units: 1, sell: 300, cost: 250 }],
            sell: 300,
            cost: 250,
            allotment: 'none',
          },
        ],
        working: [
          { nights: 1, perNight: 180, rateId: 'GCC-LOW', fromDate: '2027-09-30' },
          { nights: 1, perNight: 300, rateId: 'GCC-HIGH', fromDate: '2027-10-01' },
        ],
        sell: 480,
        cost: 400,
        onRequest: true,
      },
    });
    const { user } = await open(api, '&tab=price-check');
    await user.click(await screen.findByRole('button', { name: 'Price' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(api.calls(priceHotelStay)).toHaveLength(0);
    const checkin = screen.getByRole('textbox', { name: 'Check-in' });
    await user.type(checkin, '30/09/2027');
    await user.click(screen.getByRole('button', { name: 'Price' }));
    await waitFor(() => expect(api.calls(priceHotelStay)).toHaveLength(1));
    expect(await screen.findByLabelText('Working')).toBeTruthy();
    expect(screen.getByLabelText('Working').textContent).toMatch(
      /1 × AED\s?180\.00 \+ 1 × AED\s?300\.00 = AED\s?480\.00/,
    );
    expect(screen.getAllByText('On request').length).toBeGreaterThan(0);
  });
});
