import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSOLE_MSG,
  consoleAuditLog,
  consoleLogin,
  consoleLogout,
  consoleSession,
  getReseller,
  inviteResellerAdmin,
  listResellers,
  onboardReseller,
  reactivateReseller,
  revokeResellerAdminInvite,
  suspendReseller,
  type TOperator,
  type TReseller,
  type TResellerRow,
} from '@tp/contracts/endpoints/console';
import { getGoLive } from '@tp/contracts/endpoints/console-domains';
import { detectSite } from '@tp/contracts/endpoints/site';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { renderConsole } from '#test/render.tsx';

const setup = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const operator: TOperator = { operatorId: 'op-1', email: 'ops@platform.localhost', name: 'Olga Ops', mfa: 'off' };
const month = { month: '2026-11', searches: 1200, bookings: 48, lookToBook: 25, revenue: 254_300.5 };

const row = (over: Partial<TResellerRow> = {}): TResellerRow => ({
  siteId: 'site-acme',
  companyName: 'Acme Travels',
  domains: ['acme.localhost'],
  status: 'active',
  goLive: 'live',
  createdAt: '2026-11-20T10:00:00.000Z',
  month,
  ...over,
});
const reseller = (over: Partial<TReseller> = {}): TReseller => ({
  ...row(),
  legalEntity: {
    legalName: 'Acme Travels Private Limited',
    gstin: '27AAPFU0939F1ZV',
    state: 'Maharashtra',
    pan: 'AAPFU0939F',
    address: '',
  },
  adminContact: '+91 98765 43210',
  adminEmail: 'support@acme.localhost',
  modules: ['flights', 'visas'],
  supplierMode: 'simulator',
  gatewayMode: 'sandbox',
  branding: { primary: '#0f766e', secondary: '#f59e0b' },
  createdBy: 'ops@platform.localhost',
  suspension: null,
  admin: null,
  ...over,
});

describe('console sign-in and shell', { timeout: 30_000 }, () => {
  it('sends a visitor to the sign-in, signs in and lands where they were going, in its own shell', async () => {
    const api = fakeApi()
      .on(consoleLogin, operator)
      .on(consoleSession, operator)
      .on(listResellers, { records: [], nextCursor: null });
    const { location } = renderConsole('/console', { api });
    const user = setup();
    await screen.findByRole('heading', { name: 'Sign in to the Platform console' });
    expect(location()).toBe('/console/login?redirectTo=%2Fconsole');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(api.calls(consoleLogin)).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Email/), 'ops@platform.localhost');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Resellers', level: 1 });
    expect(location()).toBe('/console');
    expect(api.calls(consoleLogin)[0]!.input).toEqual({ email: 'ops@platform.localhost', password: 'secret-pass' });
    expect(screen.getByRole('link', { name: 'Platform console home' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Console menu' })).toBeTruthy();
    // No site is asked for, and nothing of a site's shell is drawn.
    expect(api.calls(detectSite)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('asks for the authenticator code when the account wants one', async () => {
    const api = fakeApi().on(consoleLogin, (input) =>
      input.otp ? operator : failure(401, CONSOLE_MSG.mfaCodeRequired),
    );
    renderConsole('/console/login', { api });
    const user = setup();
    await user.type(await screen.findByLabelText(/^Email/), 'ops@platform.localhost');
    await user.type(screen.getByLabelText(/^Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText(/^Authenticator code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.calls(consoleLogin).at(-1)!.input).toMatchObject({ otp: '123456' }));
  });

  it('signs out to the sign-in', async () => {
    const api = fakeApi().on(consoleLogout, { ok: true }).on(listResellers, { records: [], nextCursor: null });
    const { location } = renderConsole('/console', { operator, api });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in to the Platform console' });
    expect(location()).toMatch(/^\/console\/login/);
    expect(api.calls(consoleLogout)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it("has none of a site's screens", async () => {
    renderConsole('/staff/customers', { operator, api: fakeApi() });
    await screen.findByRole('heading', { name: 'Page not found' });
  });
});

describe('reseller list', { timeout: 30_000 }, () => {
  it("shows each reseller's state and this month's business, linking to its page", async () => {
    const api = fakeApi().on(listResellers, {
      records: [row(), row({ siteId: 'site-b', companyName: 'Beta Tours', status: 'suspended', goLive: 'pending' })],
      nextCursor: 'next',
    });
    renderConsole('/console', { operator, api });
    const table = await screen.findByRole('table', { name: 'Resellers' });
    const acme = within(table).getByRole('row', { name: /Acme Travels/ });
    expect(within(acme).getByRole('link', { name: 'Acme Travels' }).getAttribute('href')).toBe(
      '/console/resellers/site-acme',
    );
    for (const text of ['acme.localhost', 'Active', 'Live', '1,200', '48', '25 : 1', '₹2,54,300.50'])
      expect(within(acme).getByText(text), text).toBeTruthy();
    const beta = within(table).getByRole('row', { name: /Beta Tours/ });
    expect(within(beta).getByText('Suspended')).toBeTruthy();
    expect(within(beta).getByText('Go-live pending')).toBeTruthy();
    expect(screen.getByText(/November 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('says when there is none yet', async () => {
    renderConsole('/console', { operator, api: fakeApi().on(listResellers, { records: [], nextCursor: null }) });
    await screen.findByText('No resellers yet. Onboard the first one.');
  });
});

describe('onboarding', { timeout: 60_000 }, () => {
  it("shows the contract's field errors and sends nothing", async () => {
    const api = fakeApi().on(onboardReseller, reseller());
    renderConsole('/console/resellers/new', { operator, api });
    const user = setup();
    await user.type(await screen.findByLabelText(/^GSTIN/), 'NOT-A-GSTIN');
    await user.click(screen.getByRole('button', { name: 'Onboard reseller' }));
    await screen.findByText(CONSOLE_MSG.invalidGstin);
    expect(screen.getAllByText(MSG.required).length).toBeGreaterThan(2);
    expect(api.calls(onboardReseller)).toHaveLength(0);
  });

  it('sends one key for every submit of the form, and opens the new reseller', async () => {
    let tries = 0;
    const api = fakeApi()
      .on(onboardReseller, (input) =>
        ++tries === 1 ? failure(502, 'timeout') : reseller({ companyName: input.companyName }),
      )
      .on(getReseller, reseller())
      .on(getGoLive)
      .on(consoleAuditLog, { records: [], nextCursor: null });
    const { location } = renderConsole('/console/resellers/new', { operator, api });
    const user = setup();
    await user.type(await screen.findByLabelText(/^Company name/), 'Acme Travels');
    await user.type(screen.getByLabelText(/^Support email/), 'support@acme.localhost');
    await user.type(screen.getByLabelText(/^Support phone/), '+91 98765 43210');
    await user.type(screen.getByLabelText(/^Main domain/), 'acme.localhost');
    await user.type(screen.getByLabelText(/^Legal name/), 'Acme Travels Private Limited');
    await user.type(screen.getByLabelText(/^GSTIN/), '27aapfu0939f1zv');
    await user.type(screen.getByLabelText(/^PAN/), 'AAPFU0939F');
    await user.click(screen.getByRole('combobox', { name: /^State of registration/ }));
    await user.click(await screen.findByRole('option', { name: 'Maharashtra (27)', hidden: true }));
    await user.click(screen.getByRole('checkbox', { name: 'Visas' }));
    await user.click(screen.getByRole('radio', { name: /^Simulator/ }));

    // The first try times out; the second is the same request under the same key.
    await user.click(screen.getByRole('button', { name: 'Onboard reseller' }));
    await waitFor(() => expect(api.calls(onboardReseller)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Onboard reseller' }));
    await waitFor(() => expect(location()).toBe('/console/resellers/site-acme'));
    const [first, second] = api.calls(onboardReseller);
    expect(second!.input).toEqual(first!.input);
    expect(first!.input).toMatchObject({
      companyName: 'Acme Travels',
      domains: ['acme.localhost'],
      legalEntity: { gstin: '27aapfu0939f1zv', state: '27', pan: 'AAPFU0939F' },
      modules: ['flights', 'visas'],
      supplierMode: 'simulator',
      gatewayMode: 'none',
    });
    expect(String(first!.input.idempotencyKey)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('reseller page', { timeout: 60_000 }, () => {
  const page = (r: TReseller, more: (api: ReturnType<typeof fakeApi>) => void = () => undefined) => {
    const api = fakeApi()
      .on(getReseller, r)
      .on(consoleAuditLog, {
        records: [
          {
            id: 'a1',
            at: '2026-11-20T10:00:00.000Z',
            operator: { operatorId: 'op-1', email: operator.email, name: operator.name },
            action: 'onboard',
            siteId: r.siteId,
            before: null,
            after: { companyName: r.companyName },
          },
        ],
        nextCursor: null,
      })
      .on(getGoLive, {
        siteId: r.siteId,
        provider: 'aws',
        live: false,
        domains: [
          {
            domain: 'acme.example.com',
            mailFromDomain: 'mail.acme.example.com',
            state: 'pending',
            startedAt: '2026-11-20T10:00:00.000Z',
            records: [
              {
                purpose: 'alias',
                name: 'acme.example.com',
                type: 'CNAME',
                value: 'd111.cloudfront.net',
                verified: true,
                required: true,
              },
              {
                purpose: 'dkim',
                name: 'k1._domainkey.acme.example.com',
                type: 'CNAME',
                value: 'k1.dkim.amazonses.com',
                verified: false,
                required: true,
              },
            ],
          },
        ],
      });
    more(api);
    renderConsole('/console/resellers/site-acme', { operator, api });
    return api;
  };

  it('shows the details, the audit trail and the go-live checklist with each record verified or pending', async () => {
    page(reseller());
    await screen.findByRole('heading', { name: 'Acme Travels', level: 1 });
    expect(screen.getByText('27AAPFU0939F1ZV')).toBeTruthy();
    const trail = await screen.findByRole('table', { name: 'Changes to this reseller' });
    expect(within(trail).getByText('Onboarded')).toBeTruthy();
    const records = await screen.findByRole('table', { name: 'DNS records of acme.example.com' });
    const alias = within(records).getByRole('row', { name: /Website address/ });
    expect(within(alias).getByText('Verified')).toBeTruthy();
    const dkim = within(records).getByRole('row', { name: /DKIM signing key/ });
    expect(within(dkim).getByText('k1.dkim.amazonses.com')).toBeTruthy();
    expect(within(dkim).getByText('Pending')).toBeTruthy();
  });

  it('invites the first super admin, then offers to send again or revoke (confirmed)', async () => {
    const invited = reseller({
      admin: {
        userId: 'u1',
        email: 'asha@acme.localhost',
        name: 'Asha',
        state: 'invited',
        invitedAt: '2026-11-21T10:00:00.000Z',
      },
    });
    const api = page(reseller(), (a) =>
      a
        .on(inviteResellerAdmin, invited)
        .on(revokeResellerAdminInvite, { ...invited, admin: { ...invited.admin!, state: 'revoked' } }),
    );
    const user = setup();
    const panel = await screen.findByRole('region', { name: 'Super admin' });
    await user.type(within(panel).getByLabelText(/^Name/), 'Asha');
    await user.type(within(panel).getByLabelText(/^Email/), 'asha@acme.localhost');
    await user.click(within(panel).getByRole('button', { name: 'Send invitation' }));
    await within(panel).findByText('Invited');
    expect(api.calls(inviteResellerAdmin)[0]!.input).toEqual({
      siteId: 'site-acme',
      name: 'Asha',
      email: 'asha@acme.localhost',
    });

    await user.click(within(panel).getByRole('button', { name: 'Revoke invitation of asha@acme.localhost' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.calls(revokeResellerAdminInvite)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await within(panel).findByText('Revoked');
    expect(api.calls(revokeResellerAdminInvite)[0]!.input).toEqual({ siteId: 'site-acme' });
  });

  it('suspends with a reason in a dialog, and reactivates once confirmed', async () => {
    const suspended = reseller({
      status: 'suspended',
      suspension: { at: '2026-11-21T10:00:00.000Z', by: operator.email, reason: 'Unpaid invoices' },
    });
    const api = page(reseller(), (a) => a.on(suspendReseller, suspended).on(reactivateReseller, reseller()));
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Acme Travels?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await within(dialog).findByText(MSG.required);
    expect(api.calls(suspendReseller)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Unpaid invoices');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await screen.findByText(/Unpaid invoices/);
    expect(api.calls(suspendReseller)[0]!.input).toEqual({ siteId: 'site-acme', reason: 'Unpaid invoices' });

    await user.click(screen.getByRole('button', { name: 'Reactivate Acme Travels' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reactivate Acme Travels?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(api.calls(reactivateReseller)).toHaveLength(1));
    await screen.findByRole('button', { name: 'Suspend' });
  });
});
