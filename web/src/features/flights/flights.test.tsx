import { describe, expect, it } from 'vitest';

// Mantine screens render slowly under happy-dom: generous waits.
const WAIT = { timeout: 10_000 };
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fareQuote, getFareRules, getSSR, search } from '@tp/contracts/endpoints/flights';
import { getAirports } from '@tp/contracts/endpoints/master';
import type { CityOption } from '@tp/contracts/master';
import { MSG } from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { searchCache } from './state.ts';
import { flightOption, searchResponse } from './test-fixtures.ts';

const QUERY = 'origin=DEL&destination=BOM&departure=2026-12-01&adt=1&chd=0&inf=0';

const airport = (code: string, city: string): CityOption => ({
  id: code,
  city,
  country: 'India',
  countryCode: 'IN',
  cityCode: code,
  label: `${city} (${code})`,
  subTitle: `${city} Airport, India`,
  value: code,
});
const AIRPORTS = [airport('DEL', 'Delhi'), airport('BOM', 'Mumbai'), airport('DED', 'Dehradun')];
/** The airport lookup as the server answers it: an exact code first, then city name prefixes. */
const airportApi = () =>
  fakeApi().on(getAirports, ({ search: text }) => {
    const t = text.toLowerCase();
    return [
      ...AIRPORTS.filter((a) => a.value.toLowerCase() === t),
      ...AIRPORTS.filter((a) => a.value.toLowerCase() !== t && a.city.toLowerCase().startsWith(t)),
    ];
  });

describe('flight search form', { timeout: 30_000 }, () => {
  it('shows the required messages and does not search', async () => {
    const api = fakeApi();
    renderApp('/flight/search', { user: testUser(), api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Search Flights' }, WAIT));
    expect(await screen.findAllByText(MSG.required, undefined, WAIT)).toHaveLength(3);
    expect(api.calls(search)).toHaveLength(0);
  });

  it('refuses more infants than adults', async () => {
    renderApp('/flight', { user: testUser() });
    const user = userEvent.setup();
    const infants = await screen.findByLabelText('Infants (under 2)', undefined, WAIT);
    await user.clear(infants);
    await user.type(infants, '2');
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));
    expect(await screen.findByText('Infants cannot outnumber adults', undefined, WAIT)).toBeTruthy();
  });

  it('searches by city name (type, Tab takes the first option) and lands on the results URL with the spec query', async () => {
    searchCache.clear();
    const api = airportApi().on(search, searchResponse(3, { searchId: 'S-42' }));
    const { location } = renderApp('/flight/search', { user: testUser(), api });
    const user = userEvent.setup();
    const from = (await screen.findByLabelText('From', undefined, WAIT)) as HTMLInputElement;
    await user.type(from, 'del');
    await screen.findByRole('option', { name: /Delhi \(DEL\)/, hidden: true }, WAIT);
    await user.tab();
    expect(from.value).toBe('Delhi (DEL)');
    // Tab moved on to the swap button; the destination is next.
    const to = screen.getByLabelText('To') as HTMLInputElement;
    await user.type(to, 'mum');
    await user.click(await screen.findByRole('option', { name: /Mumbai \(BOM\)/, hidden: true }, WAIT));
    expect(to.value).toBe('Mumbai (BOM)');
    fireEvent.change(screen.getByLabelText('Departure'), { target: { value: '2030-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));
    await waitFor(
      () =>
        expect(location()).toMatch(/^\/flight\/results\/S-42\?origin=DEL&destination=BOM&departure=2030-12-01&adt=1/),
      WAIT,
    );
    expect(api.calls(search)).toHaveLength(1);
    expect(api.calls(search)[0]!.input).toMatchObject({
      JourneyType: 1,
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2030-12-01T00:00:00' }],
      adultCount: 1,
    });
    expect(await screen.findByText(/Showing 3 of 3 flights/, undefined, WAIT)).toBeTruthy();
  });

  it('swaps origin and destination', async () => {
    renderApp(`/flight/search?${QUERY}`, { user: testUser(), api: airportApi() });
    const user = userEvent.setup();
    const from = (await screen.findByLabelText('From', undefined, WAIT)) as HTMLInputElement;
    await waitFor(() => expect(from.value).toBe('Delhi (DEL)'), WAIT);
    await user.click(screen.getByRole('button', { name: 'Swap origin and destination' }));
    expect(from.value).toBe('Mumbai (BOM)');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('Delhi (DEL)');
  });

  it('Modify search opens the form prefilled from the results query, showing city names', async () => {
    searchCache.clear();
    const api = airportApi().on(search, searchResponse(3, { searchId: 'S-9' }));
    const { location } = renderApp(`/flight/results/new?${QUERY}&adt=2`, { user: testUser(), api });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Modify search' }, WAIT));
    await waitFor(() => expect(location()).toMatch(/^\/flight\/search\?origin=DEL&destination=BOM/), WAIT);
    const from = (await screen.findByLabelText('From', undefined, WAIT)) as HTMLInputElement;
    // The URL has codes only: the names come from the airport lookup (exact code first).
    await waitFor(() => expect(from.value).toBe('Delhi (DEL)'), WAIT);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('Mumbai (BOM)');
    expect((screen.getByLabelText('Departure') as HTMLInputElement).value).toBe('2026-12-01');
    expect((screen.getByLabelText('Adults (12+ yrs)') as HTMLInputElement).value).toBe('1');
    // Searching again sends codes, as the search contract wants.
    fireEvent.change(screen.getByLabelText('Departure'), { target: { value: '2030-12-02' } });
    await user.click(screen.getByRole('button', { name: 'Search Flights' }));
    await waitFor(() => expect(api.calls(search)).toHaveLength(2), WAIT);
    expect(api.calls(search)[1]!.input).toMatchObject({
      segments: [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2030-12-02T00:00:00' }],
    });
  });
});

describe('flight results', { timeout: 30_000 }, () => {
  it('filters by stops and airline, clears, and does not search again for a known searchId', async () => {
    searchCache.clear();
    const response = searchResponse(60, { searchId: 'S-7' });
    const direct = response.results[0]!.filter((o) => o.segments[0]!.length === 1).length;
    const api = fakeApi().on(search, response);
    renderApp(`/flight/results/new?${QUERY}`, { user: testUser(), api });
    expect(await screen.findByText('Showing 60 of 60 flights', { exact: false }, WAIT)).toBeTruthy();

    const user = userEvent.setup();
    const stops = screen.getByRole('group', { name: 'Stops' });
    await user.click(within(stops).getByText('Direct'));
    expect(await screen.findByText(`Showing ${direct} of 60 flights`, { exact: false }, WAIT)).toBeTruthy();

    const airlines = screen.getByRole('group', { name: 'Airlines' });
    await user.click(within(airlines).getByLabelText(/^IndiGo/));
    const both = response.results[0]!.filter((o) => o.segments[0]!.length === 1 && o.airlineCode === '6E').length;
    expect(await screen.findByText(`Showing ${both} of 60 flights`, { exact: false }, WAIT)).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    expect(await screen.findByText('Showing 60 of 60 flights', { exact: false }, WAIT)).toBeTruthy();
    expect(api.calls(search)).toHaveLength(1);
  });

  it("shows a skeleton while searching, then 'No Reults found!' with Clear Filters once filters hide everything", async () => {
    searchCache.clear();
    const response = searchResponse(40, { searchId: 'S-8' });
    let answer!: () => void;
    const api = fakeApi().on(search, () => new Promise((r) => (answer = () => r(response))));
    renderApp(`/flight/results/new?${QUERY}`, { user: testUser(), api });
    expect(await screen.findByRole('status', { name: 'Searching flights' }, WAIT)).toBeTruthy();
    await waitFor(() => expect(api.calls(search)).toHaveLength(1), WAIT);
    answer();
    expect(await screen.findByText('Showing 40 of 40 flights', { exact: false }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Searching flights' })).toBeNull();

    // Direct flights have no layover: Direct + a layover airport matches nothing.
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('group', { name: 'Stops' })).getByText('Direct'));
    await user.click(within(screen.getByRole('group', { name: 'Layover' })).getAllByRole('checkbox')[0]!);
    expect(await screen.findByText(MSG.noResults, undefined, WAIT)).toBeTruthy();
    expect(screen.getByText(/Showing 0 of 40 flights/)).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear Filters' });
    await user.click(clear.at(-1)!);
    expect(await screen.findByText('Showing 40 of 40 flights', { exact: false }, WAIT)).toBeTruthy();
  });

  it('shows an expired search with a way to search again', async () => {
    searchCache.clear();
    const api = fakeApi().on(search, failure(410, 'Trace id lapsed'));
    renderApp(`/flight/results/old?${QUERY}`, { user: testUser(), api });
    expect(await screen.findByText('Search expired', undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search again' })).toBeTruthy();
  });

  it('a normal return shows both lists and holds Continue until one of each is picked', async () => {
    searchCache.clear();
    const response = searchResponse(0, {
      searchId: 'R-1',
      JourneyType: 2,
      returnType: 2,
      results: [[flightOption(1), flightOption(2)], [flightOption(1, 'BOM', 'DEL', '2026-12-05', 2)]],
    });
    searchCache.put(response);
    renderApp(`/flight/results/R-1?${QUERY}&journeyType=2&returnType=2&return=2026-12-05`, {
      user: testUser(),
    });
    const bar = await screen.findByRole('region', { name: 'Selected flights' }, WAIT);
    expect(within(bar).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('list', { name: 'Onward flights' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Return flights' })).toBeTruthy();
  });
});

describe('booking review', { timeout: 30_000 }, () => {
  it('shows the price-changed alert with the new total and goes on to passengers', async () => {
    const option = flightOption(3);
    const api = fakeApi()
      .on(fareQuote, {
        searchId: 'S1',
        resultIndex: option.resultIndex,
        isPriceChanged: true,
        previousTotalPayable: 4000,
        option: { ...option, fare: { ...option.fare, totalPayable: 4321.5 } },
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      })
      .on(getFareRules, [
        { origin: 'DEL', destination: 'BOM', airline: 'AI', fareRuleDetail: 'No refund after departure' },
      ])
      .on(getSSR, failure(404, 'No SSR details'));
    const { location } = renderApp(`/flight/review/S1?resultIndex=${option.resultIndex}`, { user: testUser(), api });
    const dialog = await screen.findByRole('dialog', { name: 'Price changed' }, WAIT);
    expect(within(dialog).getByText('₹4,321.50')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue to passengers' }));
    await waitFor(() => expect(location()).toBe(`/flight/passengers/S1?resultIndex=${option.resultIndex}`), WAIT);
  });

  it('without parameters resumes nothing and goes to search', async () => {
    const { location } = renderApp('/flight/review', { user: testUser() });
    await waitFor(() => expect(location()).toBe('/flight/search'), WAIT);
  });
});
