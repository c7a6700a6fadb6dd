import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getMyTaxIdStatus,
  getTaxIdReviews,
  KYC_MSG,
  verifyTaxId,
  type TTaxIdReview,
} from '@tp/contracts/endpoints/kyc';
import {
  getSeoSettings,
  getSiteSettings,
  saveOtherSettings,
  saveSeoSettings,
  type TSiteSettings,
} from '@tp/contracts/endpoints/settings';
import { fakeApi } from '#test/fake-api.ts';
import { staffUser, testSite, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

const review = (over: Partial<TTaxIdReview> = {}): TTaxIdReview => ({
  userId: 'u-1',
  name: 'Priya Shah',
  email: 'priya@example.com',
  companyName: 'Shah Tours',
  document: 'pan',
  number: 'AAPFU0939F',
  status: 'pending',
  reason: '',
  submittedAt: '2026-11-20T10:00:00Z',
  decidedAt: null,
  decidedBy: null,
  formatProblem: null,
  ...over,
});

describe('/staff/verifyPanCard', { timeout: 30_000 }, () => {
  it('lists numbers with their format check; verifies one and rejects another with a reason', async () => {
    const gst = review({
      document: 'gst',
      number: '27AAPFU0939F1ZW',
      formatProblem: 'GSTIN check digit does not match',
    });
    const api = fakeApi()
      .on(getTaxIdReviews, { records: [review(), gst], nextCursor: null })
      .on(verifyTaxId, (input) => review({ document: input.document, status: input.decision, reason: input.reason }));
    renderApp('/staff/verifyPanCard', { user: staffUser(), api });
    const u = setup();
    expect(await screen.findByText('GSTIN check digit does not match', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('Format OK').length).toBeGreaterThan(0);

    await u.click(screen.getByRole('button', { name: 'Verify PAN AAPFU0939F of Priya Shah' }));
    await waitFor(() => expect(api.calls(verifyTaxId)).toHaveLength(1));
    expect(api.calls(verifyTaxId)[0]!.input).toEqual({
      userId: 'u-1',
      document: 'pan',
      number: 'AAPFU0939F',
      decision: 'verified',
      reason: '',
    });

    await u.click(screen.getByRole('button', { name: 'Reject GSTIN 27AAPFU0939F1ZW of Priya Shah' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(KYC_MSG.reasonRequired)).toBeTruthy();
    expect(api.calls(verifyTaxId)).toHaveLength(1);
    await u.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Check digit wrong');
    await u.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls(verifyTaxId)).toHaveLength(2));
    expect(api.calls(verifyTaxId)[1]!.input).toMatchObject({
      document: 'gst',
      decision: 'rejected',
      reason: 'Check digit wrong',
    });
  });

  it('shows an empty state per review state', async () => {
    const api = fakeApi().on(getTaxIdReviews, { records: [], nextCursor: null });
    renderApp('/staff/verifyPanCard', { user: staffUser(), api });
    expect(await screen.findByText('No pending numbers', {}, { timeout: 5000 })).toBeTruthy();
    await setup().click(screen.getByRole('radio', { name: 'Rejected' }));
    expect(await screen.findByText('No rejected numbers')).toBeTruthy();
    await waitFor(() => expect(api.calls(getTaxIdReviews).at(-1)!.input).toMatchObject({ status: 'rejected' }));
  });
});

const settings = (over: Partial<TSiteSettings> = {}): TSiteSettings => {
  const site = testSite();
  return {
    companyName: site.companyName,
    adminContact: site.adminContact,
    adminEmail: site.adminEmail,
    logoUrl: site.logoUrl,
    faviconImage: site.faviconImage,
    brandingSettings: site.brandingSettings,
    headerHtml: '<div>Header</div>',
    footerHtml: '',
    gtm_tag: '',
    scriptUrls: [],
    canShowPermissionMenu: false,
    seo: [],
    policies: [{ page: 'privacy_policy', title: 'Privacy Policy', html: '<p>p</p>', updatedAt: '' }],
    canEditPermissionMenu: false,
    canEditScripts: false,
    ...over,
  };
};

describe('/staff/setting/other-settings', { timeout: 30_000 }, () => {
  it('previews the colours live and saves what staff typed', async () => {
    const api = fakeApi()
      .on(getSiteSettings, settings())
      .on(saveOtherSettings, (input) => settings({ companyName: input.companyName }));
    renderApp('/staff/setting/other-settings', { user: staffUser(), api });
    const u = setup();
    const name = await screen.findByRole('textbox', { name: /Company name/ }, { timeout: 5000 });
    await u.clear(name);
    await u.type(name, 'Blue Skies');
    const preview = screen.getByRole('group', { name: 'Theme preview' });
    expect(within(preview).getByText('Blue Skies')).toBeTruthy();
    const primary = screen.getByRole('textbox', { name: 'Primary colour' });
    fireEvent.change(primary, { target: { value: '#b91c1c' } });
    await waitFor(() =>
      expect(within(preview).getByText('Blue Skies').parentElement!.style.background).toMatch(/185, 28, 28|b91c1c/),
    );

    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.calls(saveOtherSettings)).toHaveLength(1));
    expect(api.calls(saveOtherSettings)[0]!.input).toMatchObject({
      companyName: 'Blue Skies',
      brandingSettings: { theme: { palette: { primary: '#b91c1c' } } },
      headerHtml: '<div>Header</div>',
    });
    expect(await screen.findByText('Setting saved successfully')).toBeTruthy();
  });

  it('refuses a bad Tag Manager id before calling', async () => {
    // Scripts are a super admin's.
    const api = fakeApi()
      .on(getSiteSettings, settings({ canEditScripts: true }))
      .on(saveOtherSettings, settings());
    renderApp('/staff/setting/other-settings', { user: staffUser({ isUserSuperAdmin: true }), api });
    const u = setup();
    await u.type(await screen.findByRole('textbox', { name: /Tag Manager id/ }, { timeout: 5000 }), 'UA-1');
    await u.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Tag Manager id looks like GTM-XXXXXXX')).toBeTruthy();
    expect(api.calls(saveOtherSettings)).toHaveLength(0);
  });

  it('shows Tag Manager and script URLs read-only to anyone but a super admin', async () => {
    const api = fakeApi().on(getSiteSettings, settings({ gtm_tag: 'GTM-AB12CD' }));
    renderApp('/staff/setting/other-settings', { user: staffUser(), api });
    const gtm = await screen.findByRole('textbox', { name: /Tag Manager id/ }, { timeout: 5000 });
    expect((gtm as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(/Only a super admin can change these/)).toBeTruthy();
  });

  it('shows the permission-menu switch to super admins only', async () => {
    const api = fakeApi().on(getSiteSettings, settings({ canEditPermissionMenu: true }));
    renderApp('/staff/setting/other-settings', { user: staffUser({ isUserSuperAdmin: true }), api });
    expect(await screen.findByRole('switch', { name: /User Permissions menu/ }, { timeout: 5000 })).toBeTruthy();
  });
});

describe('/staff/setting/seo-settings', { timeout: 30_000 }, () => {
  it('edits one page and saves every page in order', async () => {
    const api = fakeApi()
      .on(getSeoSettings, { entries: [] })
      .on(saveSeoSettings, (input) => ({ entries: input.entries.filter((e) => e.title) }));
    renderApp('/staff/setting/seo-settings', { user: staffUser(), api });
    const u = setup();
    await u.type(await screen.findByRole('textbox', { name: /^Title/ }, { timeout: 5000 }), 'Cheap flights');
    expect(screen.getByRole('group', { name: 'Search result preview' }).textContent).toContain('Cheap flights');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(saveSeoSettings)).toHaveLength(1));
    const sent = api.calls(saveSeoSettings)[0]!.input.entries as { page: string; title: string }[];
    expect(sent.find((e) => e.title === 'Cheap flights')).toBeTruthy();
    expect(await screen.findByText('setting saved successfully')).toBeTruthy();
  });
});

describe('SEO in the page head', { timeout: 30_000 }, () => {
  it("sets the page's title and description from the site's SEO settings", async () => {
    const site = testSite({
      seo: [
        { page: '/login', title: 'Sign in here', description: 'Your trips, one login', keywords: 'login', image: '' },
      ],
    });
    renderApp('/login', { site });
    await waitFor(() => expect(document.title).toBe('Sign in here | Test Travels'));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'Your trips, one login',
    );
  });
});

describe('billing page review state', { timeout: 30_000 }, () => {
  it('shows a rejected number with the reason staff gave', async () => {
    const billing = { billingName: 'Asha Rao', gstNumber: '', gstState: '', panNumber: 'AAPFU0939F' };
    const api = fakeApi().on(getMyTaxIdStatus, {
      pan: {
        document: 'pan',
        number: 'AAPFU0939F',
        status: 'rejected',
        reason: 'Name on PAN differs',
        submittedAt: '2026-11-20T10:00:00Z',
        decidedAt: '2026-11-21T10:00:00Z',
      },
      gst: null,
    });
    renderApp('/user/billing-details', { user: testUser({ billing }), api });
    const state = await screen.findByRole('status', { name: 'PAN verification' }, { timeout: 5000 });
    expect(state.textContent).toContain('Rejected');
    expect(state.textContent).toContain('Name on PAN differs');
  });
});
