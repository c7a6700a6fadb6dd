import { describe, expect, it } from 'vitest';

// Mantine screens render slowly under happy-dom: generous waits.
const WAIT = { timeout: 10_000 };
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fareQuote, getCalendarFare, getFareRules, getSSR, search, SUPPLY_MSG } from '@tp/contracts/endpoints/flights';
import { getAirports } from '@tp/contracts/endpoints/master';
import type { CityOption } from '@tp/contracts/endpoints/master';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { searchCache } from './state.ts';
import { fare, fareQuoteOf, flightOption, searchResponse } from './test-fixtures.ts';

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
    // The picker shows the URL's ISO day as dd/mm/yyyy.
    expect((screen.getByLabelText('Departure') as HTMLInputElement).value).toBe('01/12/2026');
    expect((screen.getByLabelText('Adults (12+ yrs)') as HTMLInputElement).value).toBe('1');
    // Searching again sends codes, as the search contract wants.
    // Typed day first; the search still sends ISO.
    fireEvent.change(screen.getByLabelText('Departure'), { target: { value: '02/12/2030' } });
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

  it('says why a refused search cannot be tried again (flights not offered on this site yet)', async () => {
    searchCache.clear();
    const api = fakeApi().on(search, failure(403, SUPPLY_MSG.unavailable));
    renderApp(`/flight/results/new?${QUERY}`, { user: testUser(), api });
    const title = await screen.findByText('Flights cannot be searched', undefined, WAIT);
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(SUPPLY_MSG.unavailable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
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

describe('results cards', { timeout: 30_000 }, () => {
  it('groups the fare families of the same flights under one card, the choice inside', async () => {
    searchCache.clear();
    const saver = flightOption(1);
    const flexi: typeof saver = {
      ...saver,
      resultIndex: 'OB1-FLEXI',
      isRefundable: true,
      publishedPrice: saver.publishedPrice + 1500,
      fare: fare(saver.publishedPrice + 1500),
      segments: saver.segments.map((t) => t.map((s) => ({ ...s, fareClass: 'F', baggage: '25 KG' }))),
    };
    const response = searchResponse(0, { searchId: 'G-1', results: [[saver, flexi, flightOption(2)]] });
    searchCache.put(response);
    const { location } = renderApp(`/flight/results/G-1?${QUERY}`, { user: testUser() });
    const list = await screen.findByRole('list', { name: 'Flights' }, WAIT);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), WAIT);
    const card = list.querySelector(`[data-result="${saver.resultIndex}"]`) as HTMLElement;
    // Layover-free direct flight: its baggage is on the card without opening details.
    expect(card.textContent).toContain('Check-in 15 KG · Cabin 7 KG');
    expect(card.querySelectorAll('img')).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: '2 fares' }));
    const fares = within(card).getByRole('list', { name: 'Fares for these flights' });
    expect(within(fares).getAllByRole('listitem')).toHaveLength(2);
    expect(fares.textContent).toContain('Class F');
    expect(fares.textContent).toContain('25 KG');
    await user.click(within(within(fares).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(location()).toBe('/flight/review/G-1?resultIndex=OB1-FLEXI'), WAIT);
  });

  it("marks the simulator's options as test inventory, from each option's own data", async () => {
    searchCache.clear();
    const simulated = { ...flightOption(1), testInventory: true as const };
    const real = flightOption(2);
    searchCache.put(searchResponse(0, { searchId: 'T-1', results: [[simulated, real]] }));
    renderApp(`/flight/results/T-1?${QUERY}`, { user: testUser() });
    const list = await screen.findByRole('list', { name: 'Flights' }, WAIT);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2), WAIT);
    const card = (o: { resultIndex: string }) => list.querySelector(`[data-result="${o.resultIndex}"]`) as HTMLElement;
    expect(within(card(simulated)).getByText(SUPPLY_MSG.testInventory)).toBeTruthy();
    expect(within(card(real)).queryByText(SUPPLY_MSG.testInventory)).toBeNull();
  });

  it('a multi-city card shows every leg; its details label legs 1..n', async () => {
    searchCache.clear();
    const leg1 = flightOption(1, 'DEL', 'BOM', '2026-12-01', 1).segments[0]!;
    const leg2 = flightOption(3, 'BOM', 'GOI', '2026-12-04', 2).segments[0]!;
    const option = { ...flightOption(1), resultIndex: 'MC1', segments: [leg1, leg2] };
    const response = searchResponse(0, {
      searchId: 'M-1',
      JourneyType: 3,
      segments: [
        { origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2026-12-01T00:00:00' },
        { origin: 'BOM', destination: 'GOI', preferredDepartureTime: '2026-12-04T00:00:00' },
      ],
      results: [[option]],
    });
    searchCache.put(response);
    renderApp(`/flight/results/M-1?${QUERY}&journeyType=3&segments=DEL-BOM-2026-12-01,BOM-GOI-2026-12-04`, {
      user: testUser(),
    });
    const list = await screen.findByRole('list', { name: 'Flights' }, WAIT);
    const card = await within(list).findByRole('listitem', undefined, WAIT);
    expect(card.textContent).toMatch(/Leg 1.*DEL.*BOM.*Non stop.*Leg 2.*BOM.*GOI.*1 stop via AMD \(00 h 50 m\)/s);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Flight details' }));
    expect(within(card).getByRole('group', { name: 'Leg 1 flights' })).toBeTruthy();
    expect(within(card).getByRole('group', { name: 'Leg 2 flights' })).toBeTruthy();
    expect(within(card).queryByRole('group', { name: 'Return flights' })).toBeNull();
  });

  it('shows a ±3-day fare strip from the calendar fare call; another day searches that day', async () => {
    searchCache.clear();
    const response = searchResponse(3, { searchId: 'F-1' });
    response.segments = [{ origin: 'DEL', destination: 'BOM', preferredDepartureTime: '2030-12-30T00:00:00' }];
    searchCache.put(response);
    const day = (date: string, amount: number) => ({
      date: `${date}T00:00:00`,
      fare: amount,
      baseFare: amount - 500,
      tax: 500,
      airlineCode: '6E',
      airlineName: 'IndiGo',
      departureTime: `${date}T06:00:00`,
      isLowestFareOfMonth: false,
    });
    const api = fakeApi()
      .on(search, response)
      .on(getCalendarFare, ({ month }) =>
        month === '2030-12'
          ? [day('2030-12-28', 4100), day('2030-12-30', 3900)]
          : [{ ...day('2031-01-02', 3500), isIndicative: true }],
      );
    const query = QUERY.replace('2026-12-01', '2030-12-30');
    const { location } = renderApp(`/flight/results/F-1?${query}`, { user: testUser(), api });
    const strip = await screen.findByRole('navigation', { name: 'Fares on nearby days' }, WAIT);
    const days = within(strip).getAllByRole('button');
    expect(days).toHaveLength(7);
    // The week spans two months: both are asked for.
    await waitFor(() => expect(strip.textContent).toContain('₹3,500.00'), WAIT);
    expect(
      api
        .calls(getCalendarFare)
        .map((c) => c.input.month)
        .sort(),
    ).toEqual(['2030-12', '2031-01']);
    // Each call asks for its days of the week only, each priced as a search of that day.
    expect(api.calls(getCalendarFare).map((c) => c.input.days)).toEqual(
      expect.arrayContaining([
        ['2030-12-27', '2030-12-28', '2030-12-29', '2030-12-30', '2030-12-31'],
        ['2031-01-01', '2031-01-02'],
      ]),
    );
    expect(days[3]!.getAttribute('aria-current')).toBe('date');
    expect(days[3]!.textContent).toContain('₹3,900.00');
    expect(days[3]!.textContent).not.toContain('from');
    // A supplier's own calendar is indicative: "from".
    expect(days[6]!.textContent).toContain('from ₹3,500.00');
    await userEvent.setup().click(days[6]!);
    await waitFor(() => expect(location()).toContain('departure=2031-01-02'), WAIT);
    expect(location()).toMatch(/^\/flight\/results\/new\?/);
  });
});

describe('booking review', { timeout: 30_000 }, () => {
  it('shows the price-changed alert with the new total and goes on to passengers', async () => {
    const option = flightOption(3);
    const api = fakeApi()
      .on(
        fareQuote,
        fareQuoteOf(
          { ...option, fare: { ...option.fare, totalPayable: 4321.5 } },
          { isPriceChanged: true, previousTotalPayable: 4000 },
        ),
      )
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

  it('quotes the price on the card the user clicked as the old price', async () => {
    searchCache.clear();
    const clicked = flightOption(3);
    searchCache.put(searchResponse(0, { searchId: 'S1', results: [[{ ...clicked, publishedPrice: 5102 }]] }));
    const now = { ...clicked, publishedPrice: 5350, fare: fare(5350) };
    // The server compares with its own stored payable and sees no change: the card's price still differs.
    const api = fakeApi()
      .on(fareQuote, fareQuoteOf(now))
      .on(getFareRules, [])
      .on(getSSR, failure(404, 'No SSR details'));
    renderApp(`/flight/review/S1?resultIndex=${clicked.resultIndex}`, { user: testUser(), api });
    const dialog = await screen.findByRole('dialog', { name: 'Price changed' }, WAIT);
    expect(dialog.textContent).toContain('The airline changed the fare from ₹5,102.00 to ₹5,350.00');
    searchCache.clear();
  });

  it('shows the fare split and per passenger type from the server’s charge', async () => {
    searchCache.clear();
    const option = {
      ...flightOption(4),
      fare: fare(5000, { tax: 900, txnFee: 20, offeredOtherCharges: 80, discount: 100, totalFare: 4900 }),
      fareBreakdown: [
        { passengerType: 1, count: 2, baseFare: 2000, tax: 400, totalFare: 2300 },
        { passengerType: 3, count: 1, baseFare: 200, tax: 100, totalFare: 300 },
      ],
    };
    const api = fakeApi()
      .on(fareQuote, fareQuoteOf(option))
      .on(getFareRules, [])
      .on(getSSR, failure(404, 'No SSR details'));
    renderApp(`/flight/review/S1?resultIndex=${option.resultIndex}`, { user: testUser(), api });
    const summary = await screen.findByRole('group', { name: 'Fare summary' }, WAIT);
    // e-ticket rule: base = 4900 + 100 − 80 − 900 − 20 = 4000.
    expect(summary.textContent).toMatch(
      /Base fare₹4,000.00Taxes and fees₹900.00Transaction fee₹20.00Other charges₹80.00Discount−₹100.00/,
    );
    expect(summary.textContent).toContain('Total fare₹4,900.00');
    const perType = within(summary).getByRole('group', { name: 'Fare per passenger type' });
    expect(perType.textContent).toMatch(
      /Adult × 2: ₹2,300.00 each \(taxes ₹400.00\).*Infant × 1: ₹300.00 each \(taxes ₹100.00\)/s,
    );
  });

  it('without parameters resumes nothing and goes to search', async () => {
    const { location } = renderApp('/flight/review', { user: testUser() });
    await waitFor(() => expect(location()).toBe('/flight/search'), WAIT);
  });
});
