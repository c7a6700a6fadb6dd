// @vitest-environment jsdom
// DOMPurify does not run on happy-dom (see shared/sanitize.test.ts): the pages that show sanitised html use jsdom.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { submitEnquiry } from '@tp/contracts/endpoints/enquiries';
import { getVisaChecklist } from '@tp/contracts/endpoints/visa';
import * as MSG from '@tp/contracts/messages';
import { failure } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import * as notify from '#lib/notify.ts';
import { checklistFor, initialNationality } from './nationality.ts';
import { whatsAppShare } from './links.ts';
import { LISTS, visaApi } from './test-fixtures.ts';

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('nationality choice', () => {
  it('prefers IN, then the link, falling back to the default checklist', () => {
    expect(initialNationality(LISTS, null)).toBe('IN');
    expect(initialNationality(LISTS, 'gb')).toBe('GB');
    expect(initialNationality(LISTS, 'XX')).toBe('IN');
    expect(checklistFor(LISTS, 'FR')?._id).toBe('c-default');
    const onlyGb = [LISTS[1]!];
    expect(initialNationality(onlyGb, null)).toBe('GB');
    expect(checklistFor(onlyGb, 'IN')).toBeNull();
  });

  it('shares on WhatsApp with the link in the message', () => {
    expect(whatsAppShare('UAE visa', 'https://x.test/app/visa/uae')).toBe(
      'https://wa.me/?text=UAE%20visa%3A%20https%3A%2F%2Fx.test%2Fapp%2Fvisa%2Fuae',
    );
  });
});

describe('Visa pages (public)', { timeout: 60_000 }, () => {
  it('lists the destinations that have visa categories', async () => {
    renderApp('/visa', { api: visaApi() });
    expect(await screen.findByRole('heading', { name: 'Visas' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'United Arab Emirates' });
    expect(link.getAttribute('href')).toBe('/visa/uae');
    expect(screen.getByRole('link', { name: 'Thailand' })).toBeTruthy();
    expect(screen.queryByText('Narnia')).toBeNull();
  });

  it("lists a country's categories with links to their checklists", async () => {
    renderApp('/visa/uae', { api: visaApi() });
    expect(await screen.findByRole('heading', { name: 'United Arab Emirates visa' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Tourist visa – 30 days' });
    expect(link.getAttribute('href')).toBe('/visa/uae/tourist-visa-30-days/visa-uae-tourist-30');
    expect(screen.getByText('Single entry · stay up to 30 days', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View checklist: Transit visa – 96 hours' })).toBeTruthy();
  });

  it("says 'Could not fetch visa categories' for an unknown country, and offers the others", async () => {
    renderApp('/visa/atlantis', { api: visaApi() });
    expect(await screen.findByText(MSG.visaCategoriesFailed)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Destination' })).toBeTruthy();
  });

  it('shows the IN checklist first, sanitised, and the default one for a nationality without its own', async () => {
    renderApp('/visa/uae/tourist-visa-30-days/visa-uae-tourist-30', { api: visaApi() });
    expect(await screen.findByRole('heading', { name: 'United Arab Emirates – Tourist visa – 30 days' })).toBeTruthy();
    const region = await screen.findByRole('region', { name: 'Checklist' });
    expect(within(region).getByText('Indian passport, PAN card')).toBeTruthy();
    expect(region.innerHTML).not.toContain('script');
    expect((window as { hacked?: number }).hacked).toBeUndefined();

    expect((screen.getByRole('combobox', { name: 'Your nationality' }) as HTMLInputElement).value).toBe('India');
  });

  it('shows the default checklist to a nationality without its own (from the link)', async () => {
    renderApp('/visa/uae/tourist-visa-30-days/visa-uae-tourist-30?nationality=FR', { api: visaApi() });
    const region = await screen.findByRole('region', { name: 'Checklist' });
    expect(within(region).getByText('Passport and photo')).toBeTruthy();
    expect(within(region).getByText(/every other nationality/)).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Your nationality' }) as HTMLInputElement).value).toBe('France');
  });

  it("copies the page's link ('Copied to clipboard') and offers WhatsApp", async () => {
    // user-event puts its own clipboard on navigator: watch that one.
    const u = user();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const toast = vi.spyOn(notify, 'toastSuccess');
    renderApp('/visa/uae/tourist-visa-30-days/visa-uae-tourist-30?nationality=GB', { api: visaApi() });
    await screen.findByText('British passport');
    await u.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(MSG.copied));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/app/visa/uae/tourist-visa-30-days/visa-uae-tourist-30?nationality=GB`,
    );
    const wa = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(wa.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=.*%2Fapp%2Fvisa%2Fuae%2F/);
    expect(wa.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("says 'No checklist found for this category' and 'Could not fetch visa checklist'", async () => {
    renderApp('/visa/uae/x/visa-uae-tourist-30', { api: visaApi().on(getVisaChecklist, []) });
    expect(await screen.findByText(MSG.noChecklist)).toBeTruthy();
    document.body.innerHTML = '';
    renderApp('/visa/uae/x/nope', { api: visaApi().on(getVisaChecklist, failure(404, MSG.visaChecklistFailed)) });
    expect(await screen.findByText(MSG.visaChecklistFailed)).toBeTruthy();
  });

  it('sends a visa enquiry about the category that reaches the site', async () => {
    const u = user();
    const api = visaApi().on(submitEnquiry, { enquiryId: 'enq-42' });
    renderApp('/visa/uae/tourist-visa-30-days/visa-uae-tourist-30', { api, user: testUser() });
    await u.click(await screen.findByRole('button', { name: 'Send a visa enquiry' }));
    const form = await screen.findByRole('form', { name: /^Enquiry about/ });
    await u.type(within(form).getByRole('textbox', { name: /^Adults/ }), '2');
    await u.type(within(form).getByRole('textbox', { name: /^Message/ }), 'Travelling in March');
    await u.click(within(form).getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(api.calls(submitEnquiry)).toHaveLength(1));
    expect(api.calls(submitEnquiry)[0]!.input).toMatchObject({
      kind: 'visa',
      subjectId: 'visa-uae-tourist-30',
      subjectTitle: 'United Arab Emirates – Tourist visa – 30 days',
      adults: 2,
      message: 'Travelling in March',
    });
    expect(await screen.findByText('enq-42')).toBeTruthy();
  });
});
