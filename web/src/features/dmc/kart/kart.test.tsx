import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  acceptSharedQuotation,
  getAllKartsForWl,
  getKartById,
  getSharedQuotation,
  paySharedQuotation,
  removeKartAccomodation,
  removeKartActivity,
  removeKartMiscellaneous,
  saveKart,
  type TKart,
  type TSharedQuotation,
} from '@tp/contracts/endpoints/kart';
import * as MSG from '@tp/contracts/messages';
import { getHotelStayChoices, priceHotelStay } from '@tp/contracts/endpoints/dmc';
import {
  DEFAULT_PAYMENT_TERMS,
  kartDeadlineState,
  kartMargins,
  kartTotals,
  paymentSchedule,
  PRICE_BREAKUPS,
  quotationView,
  type Kart,
  type PriceBreakup,
} from '@tp/domain/dmc';
import { activityLine, kart as domainKart } from '@tp/domain/dmc/kart/fixtures';
import { formatMoney } from '#shared/format.ts';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testSite } from '#test/fixtures.ts';
import { renderApp, renderWithProviders } from '#test/render.tsx';
import { dialog, dmcServer, pick } from '../test-fixtures.ts';
import { CHILD_AGES_HINT } from '../shared/format.ts';
import { QuotationDocument } from './QuotationDocument.tsx';

/** A saved kart as the API answers it: the domain's Dubai fixture with the server's computed parts. */
function savedKart(over: Partial<Kart> = {}): TKart {
  const k = domainKart(over);
  const totals = kartTotals(k);
  return {
    ...k,
    version: 3,
    customerName: 'Arjun Sharma',
    customerPhone: '+919800000000',
    marketId: null,
    totalPrice: totals.grandTotal,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    totals,
    margins: kartMargins(k, totals),
    minimumMarginPercent: null,
    marginBelowMinimum: false,
    deadline: kartDeadlineState(k, totals, '2026-11-21'),
    share: null,
    paymentTerms: null,
    schedule: paymentSchedule(DEFAULT_PAYMENT_TERMS, k, totals.grandTotal, totals.collectedPayment),
    acceptance: null,
  } as TKart;
}

async function openKart(k: TKart, prepare?: (api: ReturnType<typeof dmcServer>['api']) => void) {
  const { api } = dmcServer();
  prepare?.(api);
  api.on(getKartById, k);
  api.on(getAllKartsForWl, { records: [], nextCursor: null });
  renderApp(`/staff/kart?kart=${k.id}`, { user: staffUser(), api });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  await screen.findByRole('heading', { name: k.kartName });
  return { api, user };
}

describe('Quotation builder', { timeout: 60_000 }, () => {
  it("shows a §5 rule at its place ('Please select atleast one itinerary') and sends nothing", async () => {
    const { api } = dmcServer();
    api.on(getAllKartsForWl, { records: [], nextCursor: null });
    renderApp('/staff/kart?kart=new', { user: staffUser(), api });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await screen.findByRole('heading', { name: 'New quotation' });
    await user.click(screen.getByRole('button', { name: 'Save quotation' }));
    expect(await screen.findByText(MSG.selectItinerary)).toBeTruthy();
    expect(api.calls(saveKart)).toHaveLength(0);
  });

  it.each(['Add hotel', 'Add activity', 'Add item'])(
    "clears 'Please select atleast one itinerary' once a line is added (%s)",
    async (button) => {
      const { api } = dmcServer();
      api.on(getAllKartsForWl, { records: [], nextCursor: null });
      renderApp('/staff/kart?kart=new', { user: staffUser(), api });
      const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
      await screen.findByRole('heading', { name: 'New quotation' });
      await user.click(screen.getByRole('button', { name: 'Save quotation' }));
      expect(await screen.findByText(MSG.selectItinerary)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(screen.queryByText(MSG.selectItinerary)).toBeNull());
    },
  );

  it('refuses more passengers of a type than counted, with the spec message', async () => {
    const k = savedKart();
    const { api, user } = await openKart(k);
    const adults = screen.getByRole('textbox', { name: /^Adults/ });
    await user.clear(adults);
    await user.type(adults, '1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(MSG.passengerMismatch)).toBeTruthy();
    expect(api.calls(saveKart)).toHaveLength(0);
  });

  it("prices a hotel line from the hotel's contract: room type, meal plan and who sleeps where, priced live", async () => {
    // A stored kart's id (the fixture's 'kart-1' is no reference a save may carry).
    const k = savedKart({ id: 'dmc-kart-1' });
    const { api, user } = await openKart(k, (api) => {
      api.on(getHotelStayChoices, {
        roomTypes: [{ id: 'DLX', name: 'Deluxe', maxAdults: 3, maxChildren: 2, maxOccupancy: 4 }],
        mealPlans: ['BB', 'HB'],
      });
      api.on(priceHotelStay, (input) => ({
        marketId: 'mkt-in',
        marketName: 'India',
        price: {
          available: true as const,
          currency: 'AED',
          working: [],
          nights: [],
          sell: 100 * input.nights * input.rooms.length + 40 * input.rooms.flatMap((r) => r.childAges).length,
          cost: 80,
          onRequest: true,
        },
      }));
      api.on(saveKart, () => ({ ...k, version: 4 }));
    });
    const hotels = screen.getByRole('region', { name: 'Hotels' });
    const fromContract = await within(hotels).findByRole('radio', { name: 'From the contract' });
    await waitFor(() => expect(fromContract).toHaveProperty('disabled', false));
    await user.click(fromContract);
    // The party's two adults in the one room; the first room type is taken, the meal plan is chosen.
    expect(within(hotels).getByRole('textbox', { name: /^Room 1 adults/ })).toHaveProperty('value', '2');
    expect(within(hotels).queryByText(/Room types \(price per night/)).toBeNull();
    await pick(user, within(hotels).getByRole('combobox', { name: /^Meal plan/ }), '', 'Half board');
    const ages = within(hotels).getByRole('textbox', { name: /^Room 1 child ages/ });
    await user.type(ages, '4, x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(hotels).findByText(CHILD_AGES_HINT)).toBeTruthy();
    expect(api.calls(saveKart)).toHaveLength(0);

    await user.clear(ages);
    await user.type(ages, '4');
    // Priced as the server will price it: 3 nights, one room with a child (the fake's arithmetic).
    await waitFor(() =>
      expect(within(hotels).getByTestId('stay-price').textContent).toContain(formatMoney(340, 'AED')),
    );
    expect(within(hotels).getByText('On request')).toBeTruthy();
    // The totals preview counts the rooms at that price, as the server will.
    const stayed = domainKart({
      accomodations: [
        {
          ...k.accomodations[0]!,
          contractStay: {
            roomTypeId: 'DLX',
            mealPlan: 'HB',
            occupancy: [{ adults: 2, childAges: [4] }],
            roomsPrice: 340,
          },
        },
      ],
    });
    await waitFor(() =>
      expect(screen.getByTestId('grand-total').textContent).toBe(formatMoney(kartTotals(stayed).grandTotal, 'AED')),
    );
    expect(api.calls(priceHotelStay).at(-1)!.input).toMatchObject({
      hotelId: k.accomodations[0]!.accomodationId,
      roomTypeId: 'DLX',
      mealPlan: 'HB',
      nights: 3,
      rooms: [{ adults: 2, childAges: [4] }],
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls(saveKart)).toHaveLength(1));
    const sent = (api.calls(saveKart)[0]!.input as { accomodations: Record<string, unknown>[] }).accomodations[0]!;
    expect(sent.contractStay).toEqual({
      roomTypeId: 'DLX',
      mealPlan: 'HB',
      occupancy: [{ adults: 2, childAges: [4] }],
    });
    expect(sent.rooms).toEqual({});
  });

  it('shows staff the cost, margin and a marked override, and warns under the minimum margin', async () => {
    const k = savedKart({
      activities: [activityLine({ cost: 450, override: { price: 500, reason: 'Repeat guest' } })],
    });
    await openKart({ ...k, minimumMarginPercent: 30, marginBelowMinimum: true });
    const panel = screen.getByRole('complementary', { name: 'Margin' });
    expect(within(panel).getByTestId('kart-margin').textContent).toBe(
      `${formatMoney(k.margins.margin, 'AED')} (${k.margins.marginPercent!.toFixed(2)} %)`,
    );
    expect(within(panel).getByText('Margin below the minimum')).toBeTruthy();
    const activities = screen.getByRole('region', { name: 'Activities' });
    const aed = (n: number) => formatMoney(n, 'AED');
    // The badge and the figures are split over several elements: read the line's text as staff see it.
    expect(activities.textContent).toContain(`Overridden (computed ${aed(540)}): Repeat guest`);
    expect(activities.textContent).toContain(`Cost ${aed(450)} · sell ${aed(500)} · margin ${aed(50)}`);
  });

  it("shows the saved totals, then previews the domain's totals while editing", async () => {
    const k = savedKart();
    const { user } = await openKart(k);
    const panel = screen.getByRole('complementary', { name: 'Totals' });
    expect(within(panel).getByTestId('grand-total').textContent).toBe(formatMoney(k.totals.grandTotal, 'AED'));
    expect(within(panel).getByText(/As saved/)).toBeTruthy();

    const misc = screen.getByRole('region', { name: 'Other services' });
    const price = within(misc).getByRole('textbox', { name: /^Price/ });
    await user.clear(price);
    await user.type(price, '99.95');
    const service = screen.getByRole('textbox', { name: /^Service charge/ });
    await user.clear(service);
    await user.type(service, '10.1');
    const expected = kartTotals({
      ...k,
      miscellaneous: [{ ...k.miscellaneous[0]!, price: 99.95 }],
      serviceCharge: 10.1,
    });
    await waitFor(() =>
      expect(within(panel).getByTestId('grand-total').textContent).toBe(formatMoney(expected.grandTotal, 'AED')),
    );
    expect(within(panel).getByTestId('balance-due').textContent).toBe(formatMoney(expected.balanceDue, 'AED'));
    expect(within(panel).getByText(/Preview/)).toBeTruthy();
  });

  it.each([
    ['Hotels', 'Remove Rove Downtown', removeKartAccomodation, 'acc-1'],
    ['Activities', 'Remove Desert safari: SIC', removeKartActivity, 'act-1'],
    ['Other services', 'Remove SIM card', removeKartMiscellaneous, 'misc-1'],
  ] as const)(
    'removes a saved %s line through its own call after confirming',
    async (section, button, endpoint, lineId) => {
      const k = savedKart();
      const { api, user } = await openKart(k);
      const calls = [removeKartAccomodation, removeKartActivity, removeKartMiscellaneous];
      for (const e of calls) api.on(e, () => ({ ...k, version: 4, [sectionKey(section)]: [] }) as TKart);
      await user.click(within(screen.getByRole('region', { name: section })).getByRole('button', { name: button }));
      // Nothing is removed before the confirmation.
      expect(calls.flatMap((e) => api.calls(e))).toHaveLength(0);
      const confirm = await dialog(`${button}?`);
      await user.click(confirm.getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(api.calls(endpoint)).toHaveLength(1));
      expect(api.calls(endpoint)[0]!.input).toEqual({ id: k.id, lineId, version: 3 });
      expect(calls.filter((e) => e !== endpoint).flatMap((e) => api.calls(e))).toHaveLength(0);
      await waitFor(() => expect(screen.queryByRole('button', { name: button })).toBeNull());
    },
  );
});

const sectionKey = (title: string) =>
  ({ Hotels: 'accomodations', Activities: 'activities', 'Other services': 'miscellaneous' })[title]!;

describe('Quotation document', () => {
  const k = domainKart({ serviceCharge: 50, collectedPayment: 100 });
  const totals = kartTotals(k);
  const render = (mode: PriceBreakup) =>
    renderWithProviders(<QuotationDocument view={quotationView(k, totals, mode)} brand={{ name: 'Flight Deals' }} />);
  const amount = (n: number) => formatMoney(n, 'AED');

  it.each(PRICE_BREAKUPS)('prices what the %s break-up shows, and nothing else', (mode) => {
    const { unmount } = render(mode);
    const doc = screen.getByRole('article', { name: `Quotation ${k.quotationId}` });
    const text = doc.textContent ?? '';
    const has = (n: number) => text.includes(amount(n));
    const hotelRow = within(doc).getByText('Rove Downtown').closest('tr')!;
    expect(hotelRow.textContent!.includes(amount(totals.lines.accomodations[0]!.total))).toBe(mode === 'full');
    expect(has(totals.sections.activities)).toBe(mode === 'full' || mode === 'partial');
    expect(has(totals.serviceCharge)).toBe(mode === 'full' || mode === 'partial');
    expect(has(totals.grandTotal)).toBe(mode !== 'noprice');
    expect(has(totals.balanceDue)).toBe(mode !== 'noprice');
    // Every mode still describes the itinerary and never shows the internal remark.
    expect(within(doc).getByText('Rove Downtown')).toBeTruthy();
    expect(within(doc).getByText('Valid till')).toBeTruthy();
    expect(text).not.toContain(k.internalRemark);
    unmount();
  });
});

describe('Shared quotation page', { timeout: 30_000 }, () => {
  const k = domainKart({ isAgentBranding: true });
  const shared = (
    brandedBy: 'site' | 'agent',
    companyName: string,
    standing: TSharedQuotation['standing'] = { status: 'quotation', newerSharedAt: null },
  ): TSharedQuotation => ({
    slug: 's'.repeat(43),
    version: 2,
    sharedAt: '2026-11-20T10:00:00.000Z',
    quotation: quotationView(k, kartTotals(k), 'full'),
    standing,
    money: null,
    brandedBy,
    branding: { companyName, logoUrl: '', adminContact: '9810000003', adminEmail: 'mehta@example.com', domain: '' },
  });

  it("shows the agent's name and contact, and none of the site's, when the share is agent-branded", async () => {
    const api = fakeApi().on(getSharedQuotation, shared('agent', 'Mehta Tours & Travels'));
    renderApp(`/quotation/${'s'.repeat(43)}`, { api, site: testSite({ companyName: 'Flight Deals' }) });
    const doc = await screen.findByRole('article', { name: `Quotation ${k.quotationId}` });
    expect(within(doc).getByText('Mehta Tours & Travels')).toBeTruthy();
    expect(within(doc).getByText('9810000003 · mehta@example.com')).toBeTruthy();
    expect(doc.textContent).not.toContain('Flight Deals');
  });

  it('accepts the version shown, then pays the deposit through the gateway', async () => {
    const money = { currency: 'AED', collected: 0, depositDue: 300, totalDue: 1000, receipts: [] };
    let acceptedAt: string | null = null;
    const api = fakeApi()
      .on(getSharedQuotation, () => ({
        ...shared('site', 'Flight Deals', { status: 'quotation', newerSharedAt: null, acceptedAt }),
        money,
      }))
      .on(acceptSharedQuotation, () => {
        acceptedAt = '2026-11-25T10:00:00.000Z';
        return { ...shared('site', 'Flight Deals', { status: 'quotation', newerSharedAt: null, acceptedAt }), money };
      })
      .on(paySharedQuotation, { redirectTo: null, receipt: null });
    renderApp(`/quotation/${'s'.repeat(43)}`, { api, site: testSite({ companyName: 'Flight Deals' }) });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const panel = await screen.findByRole('region', { name: 'Payment' });
    await user.click(within(panel).getByRole('button', { name: 'Accept this quotation' }));
    expect(api.calls(acceptSharedQuotation)[0]!.input).toEqual({ slug: 's'.repeat(43), version: 2 });
    await user.click(await within(panel).findByRole('button', { name: /^Pay AED\s?300\.00$/ }));
    expect(api.calls(paySharedQuotation)[0]!.input).toMatchObject({ part: 'deposit', method: 'gateway' });
  });

  it('reads confirmed once vouchered, and says when a newer version was shared since', async () => {
    const standing = { status: 'confirmed' as const, newerSharedAt: '2026-11-22T09:30:00.000Z' };
    const api = fakeApi().on(getSharedQuotation, shared('site', 'Flight Deals', standing));
    renderApp(`/quotation/${'s'.repeat(43)}`, { api, site: testSite({ companyName: 'Flight Deals' }) });
    const doc = await screen.findByRole('article', { name: `Quotation ${k.quotationId}` });
    expect(within(doc).getByText('Confirmed')).toBeTruthy();
    expect(doc.textContent).not.toContain('subject to availability');
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^A newer version of this quotation was shared on /,
    );
  });
});
