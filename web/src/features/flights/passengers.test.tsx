import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getPassengerViewOptions, getSSR, setFlightDetails, validateBooking } from '@tp/contracts/endpoints/flights';
import type { TSeat, TSsrCatalogue } from '@tp/contracts/endpoints/flights';
import * as MSG from '@tp/contracts/messages';
import { chargeOf, itemiseExtras } from '@tp/domain/charge';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { fare, fareQuoteOf, flightOption } from './test-fixtures.ts';

const WAIT = { timeout: 10_000 };

const seat = (code: string, seatType: number, price: number, available = true): TSeat => ({
  code,
  rowNo: code.slice(0, -1),
  seatNo: code.slice(-1),
  seatType,
  available,
  price,
  currency: 'INR',
  origin: 'DEL',
  destination: 'BOM',
  airlineCode: 'AI',
  flightNumber: '101',
});
const catalogue: TSsrCatalogue = {
  baggage: [],
  mealDynamic: [
    {
      code: 'VGML',
      description: 'Veg meal',
      quantity: 1,
      price: 250,
      currency: 'INR',
      wayType: 1,
      origin: 'DEL',
      destination: 'BOM',
      airlineCode: 'AI',
      flightNumber: '101',
    },
  ],
  seatDynamic: [
    {
      segment: 'DEL-BOM',
      rows: [[seat('1A', 1, 350), seat('1B', 3, 0), seat('1C', 2, 150), seat('1D', 2, 150), seat('1E', 3, 0, false)]],
    },
  ],
  confirmedOnline: true,
};
const option = { ...flightOption(2), fare: fare(5000, { commissionEarned: 0, tds: 0 }) };

function renderPassengers() {
  const api = fakeApi()
    .on(getPassengerViewOptions, {
      countryList: [],
      phoneCodeList: [],
      fareRules: [],
      fareQuote: fareQuoteOf(option),
      rules: {
        isPassportRequired: false,
        isPanRequired: false,
        isDomestic: true,
        canHold: false,
        travelDate: '2026-12-01',
      },
      walletBalance: 50_000,
    })
    .on(getSSR, catalogue)
    .on(setFlightDetails, failure(409, 'not expected'));
  renderApp(`/flight/passengers/S1?resultIndex=${option.resultIndex}`, { user: testUser(), api });
  return api;
}

describe('passengers page money', { timeout: 30_000 }, () => {
  it('one grand total with each extra per passenger and segment; the phone bar shows the same total', async () => {
    renderPassengers();
    const user = userEvent.setup({ delay: null });
    const lead = await screen.findByRole('group', { name: 'Adult 1 (lead passenger)' }, WAIT);
    // Seat maps are collapsed: one per passenger and segment.
    expect(within(lead).queryByRole('group', { name: /^Seats DEL-BOM/ })).toBeNull();
    await user.click(within(lead).getByRole('button', { name: 'Seat DEL-BOM: none chosen' }));
    const map = await within(lead).findByRole('group', { name: 'Seats DEL-BOM for Adult 1 (lead passenger)' });
    // Prices on the seats; a taken seat is disabled; the aisle lane sits between the two aisle seats.
    // Shows its letter and price; its name starts with them and says the rest.
    expect(within(map).getByRole('button', { name: /^A\s*₹350\s*, Seat 1A window ₹350\.00$/ })).toBeTruthy();
    expect(
      within(map)
        .getByRole('button', { name: /1E .*\(taken\)/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    const row = map.firstElementChild!;
    const lane = [...row.children].findIndex(
      (c) => c.getAttribute('aria-hidden') !== null && c.tagName === 'SPAN' && !c.textContent,
    );
    expect(row.children[lane - 1]!.textContent).toContain('C');
    expect(row.children[lane + 1]!.textContent).toContain('D');
    await user.click(within(map).getByRole('button', { name: /Seat 1A window/ }));
    expect(
      within(map)
        .getByRole('button', { name: /Seat 1A window/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    const extras = screen.getByRole('list', { name: 'Extras chosen' });
    expect(extras.textContent).toBe('Adult 1 · DEL-BOM · Seat 1A₹350.00');
    const summary = screen.getByRole('group', { name: 'Fare summary' });
    expect(summary.textContent).toContain('Seat charges₹350.00');
    expect(summary.textContent).toContain('Total fare₹5,350.00');
    const bar = screen.getByRole('region', { name: 'Total and pay' });
    expect(within(bar).getByTestId('pay-bar-total').textContent).toBe('₹5,350.00');
    expect(within(bar).getByRole('button', { name: 'Pay and book' })).toBeTruthy();
  });

  it('shows the server’s itemised charge and does not pay when its total differs from the one shown', async () => {
    const api = renderPassengers();
    // The server prices a dearer seat than the catalogue the page has (e.g. the airline moved it).
    const serverCharge = chargeOf(
      option.fare,
      option.fareBreakdown,
      itemiseExtras([{ baggage: [], mealDynamic: [], seat: [{ ...seat('1A', 1, 500) }] }]),
    );
    api.on(validateBooking, { valid: true, totalPayable: serverCharge.total, currency: 'INR', charge: serverCharge });
    const user = userEvent.setup({ delay: null });
    const lead = await screen.findByRole('group', { name: 'Adult 1 (lead passenger)' }, WAIT);
    await user.click(within(lead).getByRole('button', { name: 'Seat DEL-BOM: none chosen' }));
    await user.click(await within(lead).findByRole('button', { name: /Seat 1A window/ }));
    await user.click(within(lead).getByLabelText(/^Title/));
    await user.click(await screen.findByRole('option', { name: 'Mr', hidden: true }, WAIT));
    await user.type(within(lead).getByLabelText(/^First name/), 'Ravi');
    await user.type(within(lead).getByLabelText(/^Last name/), 'Kumar');
    await user.click(within(lead).getByLabelText(/^Gender/));
    await user.click(await screen.findByRole('option', { name: 'Male', hidden: true }, WAIT));
    await user.type(within(lead).getByRole('textbox', { name: /^Mobile number/ }), '9876543210');
    await user.clear(within(lead).getByLabelText(/^Email/));
    await user.type(within(lead).getByLabelText(/^Email/), 'ravi@example.com');
    await user.click(
      within(screen.getByRole('region', { name: 'Total and pay' })).getByRole('button', { name: 'Pay and book' }),
    );
    const alert = await screen.findByRole('alert', { name: 'The total changed' }, WAIT);
    expect(alert.textContent).toContain('₹5,500.00');
    expect(screen.getByTestId('pay-bar-total').textContent).toBe('₹5,500.00');
    expect(screen.getByRole('list', { name: 'Extras chosen' }).textContent).toBe('Adult 1 · DEL-BOM · Seat 1A₹500.00');
    expect(api.calls(setFlightDetails)).toHaveLength(0);
  });

  it('refuses a bad name with the contract’s message, beside the missing fields, and makes no call', async () => {
    const api = renderPassengers();
    const user = userEvent.setup({ delay: null });
    const lead = await screen.findByRole('group', { name: 'Adult 1 (lead passenger)' }, WAIT);
    await user.type(within(lead).getByLabelText(/^First name/), 'R4vi');
    await user.click(screen.getAllByRole('button', { name: 'Pay and book' })[0]!);
    await waitFor(() =>
      expect(lead.textContent).toContain('First name may contain letters, spaces, dots, hyphens and apostrophes only'),
    );
    expect(lead.textContent).toContain(MSG.required);
    expect(api.calls(validateBooking)).toHaveLength(0);
    expect(api.calls(setFlightDetails)).toHaveLength(0);
  });

  it('refuses a title that contradicts the gender and says why', async () => {
    renderPassengers();
    const user = userEvent.setup({ delay: null });
    const lead = await screen.findByRole('group', { name: 'Adult 1 (lead passenger)' }, WAIT);
    await user.click(within(lead).getByLabelText(/^Title/));
    await user.click(await screen.findByRole('option', { name: 'Mr', hidden: true }, WAIT));
    await user.click(within(lead).getByLabelText(/^Gender/));
    await user.click(await screen.findByRole('option', { name: 'Female', hidden: true }, WAIT));
    await user.click(screen.getAllByRole('button', { name: 'Pay and book' })[0]!);
    await waitFor(() =>
      expect(lead.textContent).toContain(
        'Mr is a title for a male passenger; choose the title that matches the gender',
      ),
    );
  });
});
