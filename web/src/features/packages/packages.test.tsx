import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { submitEnquiry } from '@tp/contracts/endpoints/enquiries';
import { PACKAGE_MSG, listPackages, orderPackageImages, savePackage } from '@tp/contracts/endpoints/packages';
import * as MSG from '@tp/contracts/messages';
import { SPA_ROUTES } from '@tp/contracts/spa-routes';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { enquirySubmittedPath, packagePath } from './links.ts';
import { card, packagesApi, pkg } from './test-fixtures.ts';

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.__tpBootReads;
  delete window.__tpBootAnswers;
});

describe('Tour packages (travellers)', { timeout: 60_000 }, () => {
  it('lists packages as cards that open the package, and filters by destination', async () => {
    const { api } = renderApp('/packages', { user: testUser(), api: packagesApi() });
    const link = await screen.findByRole('link', { name: 'Dubai Delights' });
    expect(link.getAttribute('href')).toBe('/packages/dubai-delights/pkg-1');
    expect(screen.getAllByText('3 Days / 2 Nights', { selector: 'p' })).toHaveLength(2);
    expect(screen.getByText('Flight Deals')).toBeTruthy();
    expect(screen.getByText('2 packages')).toBeTruthy();

    await user().type(screen.getByRole('textbox', { name: 'Price up to' }), '100');
    await user().type(screen.getByRole('textbox', { name: 'Price from' }), '500');
    await user().click(screen.getByRole('button', { name: 'Show packages' }));
    expect(await screen.findByText(PACKAGE_MSG.priceRange)).toBeTruthy();
    await user().type(screen.getByRole('textbox', { name: 'Price from' }), 'x');
    await user().click(screen.getByRole('button', { name: 'Show packages' }));
    expect(await screen.findByText(MSG.invalidValue)).toBeTruthy();
    const before = api.calls(listPackages).length;
    await user().click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.calls(listPackages).length).toBeGreaterThanOrEqual(before));
  });

  it('keeps only the cards in view in the page however many "Show more" brought, the first cover loaded first', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      card(pkg({ id: `pkg-${i + 1}`, slug: `trip-${i + 1}`, title: `Trip ${i + 1}` })),
    );
    const api = packagesApi().on(listPackages, ({ cursor }) => {
      const from = cursor ? Number(cursor) : 0;
      return {
        records: many.slice(from, from + 100),
        nextCursor: from + 100 < many.length ? String(from + 100) : null,
      };
    });
    renderApp('/packages', { user: testUser(), api });
    await screen.findByText('100 packages so far');
    await user().click(screen.getByRole('button', { name: 'Show more packages' }));
    await screen.findByText('200 packages so far');
    await user().click(screen.getByRole('button', { name: 'Show more packages' }));
    await screen.findByText('300 packages');
    const list = screen.getByRole('list', { name: 'Tour packages' });
    const inPage = within(list).getAllByRole('listitem');
    expect(inPage.length).toBeGreaterThan(0);
    expect(inPage.length).toBeLessThan(20);
    expect(within(inPage[0]!).getByRole('link').textContent).toBe('Trip 1');
    // The first row's covers (one to three cards, by the screen's width) are asked for at once, the rest when near.
    const loading = within(list)
      .getAllByRole('img', { name: 'Picture 1' })
      .map((img) => img.getAttribute('loading'));
    const eager = loading.filter((l) => l === 'eager').length;
    expect(eager).toBeGreaterThanOrEqual(1);
    expect(eager).toBeLessThanOrEqual(3);
    expect(loading).toEqual([
      ...Array<string>(eager).fill('eager'),
      ...Array<string>(loading.length - eager).fill('lazy'),
    ]);
  });

  it('takes the list the boot loader asked for at the URL its route names, and asks again only when that failed', async () => {
    const { bootRead } = SPA_ROUTES.find((r) => r.path === '/packages')!;
    const answer = { records: [card(pkg({ id: 'pkg-9', slug: 'boot-trip', title: 'Boot trip' }))], nextCursor: null };
    window.__tpBootReads = { [bootRead!.url]: Promise.resolve(Response.json({ success: true, result: answer })) };
    const { api } = renderApp('/packages', { user: testUser(), api: packagesApi() });
    expect(await screen.findByRole('link', { name: 'Boot trip' })).toBeTruthy();
    expect(api.calls(listPackages)).toEqual([]);
    // The preloaded picture is the one the first card paints.
    const body: unknown = { success: true, result: answer };
    const named = bootRead!.image!.split('.').reduce((v: any, step) => v?.[step], body);
    expect(named).toBe(answer.records[0]!.image!.url);
    expect(window.__tpBootReads).toEqual({});
  });

  it('draws its first cards from the answer the boot loader parsed, before that response is taken', async () => {
    const { bootRead } = SPA_ROUTES.find((r) => r.path === '/packages')!;
    const answer = { records: [card(pkg({ id: 'pkg-8', slug: 'early-trip', title: 'Early trip' }))], nextCursor: null };
    // The response is still on its way to the client (never settles here); its parsed body is already there.
    window.__tpBootReads = { [bootRead!.url]: new Promise<Response>(() => undefined) };
    window.__tpBootAnswers = { [bootRead!.url]: { success: true, result: answer } };
    const { api } = renderApp('/packages', { user: testUser(), api: packagesApi() });
    expect(await screen.findByRole('link', { name: 'Early trip' })).toBeTruthy();
    expect(screen.queryByLabelText('Loading packages')).toBeNull();
    expect(api.calls(listPackages)).toEqual([]);
    // The shell's preview reads the same answer: its picture is the first card's.
    const preview = bootRead!.preview!;
    const first = preview.cards.split('.').reduce((v: any, step) => v?.[step], { success: true, result: answer })[0];
    expect(preview.picture.split('.').reduce((v: any, step) => v?.[step], first)).toBe(answer.records[0]!.image!.url);
    expect(first[preview.title]).toBe('Early trip');
  });

  it('shows a filtered list from its own read, never from the unfiltered answer the boot loader parsed', async () => {
    const { bootRead } = SPA_ROUTES.find((r) => r.path === '/packages')!;
    const answer = { records: [card(pkg({ id: 'pkg-8', slug: 'early-trip', title: 'Early trip' }))], nextCursor: null };
    window.__tpBootAnswers = { [bootRead!.url]: { success: true, result: answer } };
    renderApp('/packages?destination=Atlantis', { user: testUser(), api: packagesApi() });
    expect(await screen.findByText(MSG.noResults)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Early trip' })).toBeNull();
  });

  it('asks for the list itself at the URL the boot loader reads, when the boot read failed', async () => {
    const { bootRead } = SPA_ROUTES.find((r) => r.path === '/packages')!;
    window.__tpBootReads = { [bootRead!.url]: Promise.resolve(Response.json({ success: false }, { status: 401 })) };
    const { api } = renderApp('/packages', { user: testUser(), api: packagesApi() });
    expect(await screen.findByRole('link', { name: 'Dubai Delights' })).toBeTruthy();
    expect(api.fetch.mock.calls.map(([url]) => url)).toContain(bootRead!.url);
  });

  it('says so when nothing matches', async () => {
    renderApp('/packages?destination=Atlantis', { user: testUser(), api: packagesApi() });
    expect(await screen.findByText(MSG.noResults)).toBeTruthy();
  });

  it('shows the package day by day and sends an enquiry, then the success page with its id', async () => {
    const api = packagesApi().on(submitEnquiry, { enquiryId: 'ENQ-42' } as never);
    const { location } = renderApp(packagePath(pkg()), { user: testUser(), api });
    expect(await screen.findByRole('heading', { name: 'Dubai Delights', level: 1 })).toBeTruthy();
    expect(screen.getByText('Day 2: Desert safari')).toBeTruthy();
    expect(screen.getByText('Hotel with breakfast')).toBeTruthy();
    expect(screen.getByText('Flights')).toBeTruthy();
    // A traveller gets no staff buttons.
    expect(screen.queryByRole('link', { name: 'Edit package' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Show picture 2: Picture 2' }));
    expect(screen.getByRole('img', { name: 'Picture 2' })).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Enquiry about Dubai Delights' });
    await user().type(within(form).getByRole('textbox', { name: 'Message' }), 'Is December available?');
    await user().click(within(form).getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(location()).toBe(enquirySubmittedPath('ENQ-42', 'Dubai Delights')));
    expect(api.calls(submitEnquiry)[0]!.input).toMatchObject({
      kind: 'package',
      subjectId: 'pkg-1',
      subjectTitle: 'Dubai Delights',
    });
    expect(await screen.findByText('ENQ-42')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to CRM' })).toBeNull();
  });

  it('gives staff the button to the CRM on the success page', async () => {
    renderApp(enquirySubmittedPath('ENQ-7', 'Kerala Backwaters'), { user: staffUser(), api: packagesApi() });
    expect(await screen.findByRole('heading', { name: 'Enquiry submitted' })).toBeTruthy();
    expect(screen.getByText('Kerala Backwaters')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to CRM' }).getAttribute('href')).toBe('/crm');
  });
});

describe('Tour packages (staff)', { timeout: 60_000 }, () => {
  it('refuses an empty package with the messages, and resizes the itinerary with the days', async () => {
    const api = packagesApi().on(savePackage, pkg());
    renderApp('/staff/tour_package/create_or_edit_tour_package', { user: staffUser(), api });
    await screen.findByRole('heading', { name: 'New Tour Package' }, { timeout: 15_000 });
    expect(screen.getAllByRole('textbox', { name: /^Day \d$/ })).toHaveLength(3);
    const days = screen.getByRole('textbox', { name: 'Days' });
    await user().clear(days);
    await user().type(days, '5');
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: /^Day \d$/ })).toHaveLength(5));
    expect((screen.getByRole('textbox', { name: 'Nights' }) as HTMLInputElement).value).toBe('4');

    await user().click(screen.getByRole('button', { name: 'Save package' }));
    expect((await screen.findAllByText(MSG.required)).length).toBeGreaterThan(0);
    expect(api.calls(savePackage)).toHaveLength(0);

    await user().type(screen.getByRole('textbox', { name: 'Title' }), 'Goa Getaway');
    await user().type(screen.getByRole('textbox', { name: 'Destination' }), 'Goa');
    await user().type(screen.getByRole('textbox', { name: 'Price from' }), '9999');
    for (const [i, input] of screen.getAllByRole('textbox', { name: /^Day \d$/ }).entries())
      await user().type(input, `Plan ${i + 1}`);
    await user().type(screen.getByRole('textbox', { name: 'Inclusions 1' }), 'Hotel');
    await user().click(screen.getByRole('button', { name: 'Save package' }));
    await waitFor(() => expect(api.calls(savePackage)).toHaveLength(1));
    expect(api.calls(savePackage)[0]!.input).toMatchObject({
      title: 'Goa Getaway',
      days: 5,
      nights: 4,
      price: 9999,
      inclusions: ['Hotel'],
      exclusions: [],
    });
  });

  it('orders pictures on the images screen', async () => {
    const api = packagesApi().on(orderPackageImages, pkg());
    renderApp('/user/package/manage_package_images/pkg-1', { user: staffUser(), api });
    expect(await screen.findByText('Cover')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move picture 1 later' }));
    await waitFor(() => expect(api.calls(orderPackageImages)).toHaveLength(1));
    expect(api.calls(orderPackageImages)[0]!.input).toEqual({
      id: 'pkg-1',
      keys: ['site-1/packages/pkg-1/img2.webp', 'site-1/packages/pkg-1/img1.webp'],
    });
  });

  it('shows a traveller no staff screen', async () => {
    renderApp('/user/package/manage_package_images/pkg-1', { user: testUser(), api: packagesApi(), permissions: [] });
    expect(await screen.findByText(MSG.forbidden)).toBeTruthy();
  });
});
