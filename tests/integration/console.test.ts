/**
 * The platform console end to end through the local gateway: the operator signs in on the console's host,
 * onboards "Acme Travels" on acme.localhost (a retried request makes one site), invites its first super admin
 * (the mail reaches the SES emulator, its link sets the password, the admin signs in on acme.localhost), suspends
 * Acme (sign-in and booking refused, the site detected as suspended) and reactivates it with nothing lost.
 * Operators and site users never pass each other's rules.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
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
  resendResellerAdminInvite,
  revokeResellerAdminInvite,
  suspendReseller,
  type TOnboardReseller,
} from '@tp/contracts/endpoints/console';
import { setFlightDetails } from '@tp/contracts/endpoints/flights';
import { detectSite, getPolicyPage } from '@tp/contracts/endpoints/site';
import { inviteStaff } from '@tp/contracts/endpoints/staff';
import { generatePassword, getUserBySessionId, login, logout } from '@tp/contracts/endpoints/users';
import { getPermissionsFromSession } from '@tp/contracts/endpoints/rbac';
import * as MSG from '@tp/contracts/messages';
import { CONSOLE } from '@tp/contracts/platform';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../scripts/seed/logins.ts';
import { Client, waitForMail } from '../support/api.ts';
import { oneWay } from './flights-helpers.ts';
import { linkToken, PASSWORD, uniqueEmail } from './users-helpers.ts';

const ACME = 'acme.localhost';
const operator = new Client(CONSOLE.localHost);
const acme = () => new Client(ACME);

const acmeRequest = (key: string): TOnboardReseller => ({
  idempotencyKey: key,
  companyName: 'Acme Travels',
  domains: [ACME, 'www.acme-travels.localhost'],
  legalEntity: {
    legalName: 'Acme Travels Private Limited',
    gstin: '27AAPFU0939F1ZV',
    state: 'MH',
    pan: 'AAPFU0939F',
    address: '1 Marine Drive, Mumbai 400020',
  },
  adminContact: '+91 98200 00001',
  adminEmail: 'support@acme.localhost',
  modules: ['flights', 'packages', 'visas'],
  supplierMode: 'simulator',
  gatewayMode: 'sandbox',
  branding: { primary: '#b91c1c', secondary: '#0f766e' },
});

let siteId = '';
const admin = { email: uniqueEmail('acme-admin'), name: 'Anil Acme' };

beforeAll(async () => {
  const res = await operator.call(consoleLogin, { email: DEMO_OPERATOR.email, password: DEMO_PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

describe('operator sign-in', () => {
  it('signs in on the console host only, with its own cookie, and reads its session', async () => {
    const me = await operator.call(consoleSession);
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({ email: DEMO_OPERATOR.email, mfa: 'off' });
    expect(operator.cookie).toBeUndefined(); // never a site's auth-token

    const wrong = await new Client(CONSOLE.localHost).call(consoleLogin, {
      email: DEMO_OPERATOR.email,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MSG.invalidCredentials);

    // The same call on a reseller's host: the console is not there.
    const onSite = await new Client('flightdeals.localhost').call(consoleLogin, {
      email: DEMO_OPERATOR.email,
      password: DEMO_PASSWORD,
    });
    expect(onSite.status).toBe(403);
    expect(onSite.body.message).toBe(MSG.notConsoleHost);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const other = new Client(CONSOLE.localHost);
    await other.call(consoleLogin, { email: DEMO_OPERATOR.email, password: DEMO_PASSWORD });
    const token = other.consoleCookie;
    expect((await other.call(consoleLogout, {})).status).toBe(200);
    expect(other.consoleCookie).toBeUndefined();
    other.consoleCookie = token;
    expect((await other.call(consoleSession)).status).toBe(401);
  });
});

describe('onboarding Acme Travels', () => {
  const key = `acme-${randomUUID()}`;

  it('creates the site in one step; a retried request answers the same site', async () => {
    const first = await operator.call(onboardReseller, acmeRequest(key));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe(CONSOLE_MSG.onboarded('Acme Travels'));
    siteId = first.body.result.siteId;
    expect(first.body.result).toMatchObject({
      companyName: 'Acme Travels',
      domains: [ACME, 'acme-travels.localhost'],
      status: 'active',
      admin: null,
      createdBy: DEMO_OPERATOR.email,
      legalEntity: { state: '27' },
    });
    const again = await operator.call(onboardReseller, acmeRequest(key));
    expect(again.status).toBe(200);
    expect(again.body.result.siteId).toBe(siteId);
    const page = await operator.call(listResellers, {});
    expect(
      page.body.result.records.filter((r: { companyName: string }) => r.companyName === 'Acme Travels'),
    ).toHaveLength(1);
  });

  it('refuses the key with another request, and a domain another site holds', async () => {
    const reused = await operator.call(onboardReseller, { ...acmeRequest(key), companyName: 'Acme Two' });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(CONSOLE_MSG.keyReused);
    const taken = await operator.call(onboardReseller, {
      ...acmeRequest(`other-${randomUUID()}`),
      domains: ['acme2.localhost', 'flightdeals.localhost'],
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(CONSOLE_MSG.domainTaken('flightdeals.localhost'));
    expect(taken.body.shortError).toEqual({ 'domains.1': CONSOLE_MSG.domainTaken('flightdeals.localhost') });
    // Nothing of it was written: its other domain is free.
    expect((await new Client('acme2.localhost').call(detectSite, { domain: 'acme2.localhost' })).status).toBe(404);
  });

  it('refuses bad legal details, naming the field, and writes nothing', async () => {
    const bad = await operator.call(onboardReseller, {
      ...acmeRequest(`bad-${randomUUID()}`),
      domains: ['acme3.localhost'],
      legalEntity: { ...acmeRequest('x').legalEntity, pan: 'AAPFU0939G' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.shortError).toMatchObject({ 'legalEntity.gstin': CONSOLE_MSG.gstinPanMismatch });
    expect((await new Client('acme3.localhost').call(detectSite, { domain: 'acme3.localhost' })).status).toBe(404);
  });

  it('answers at once on acme.localhost with its branding, policy pages and modules', async () => {
    const detected = await acme().call(detectSite, { domain: ACME });
    expect(detected.status).toBe(200);
    expect(detected.body.result).toMatchObject({
      companyName: 'Acme Travels',
      domain: ACME,
      status: 'active',
      brandingSettings: { theme: { palette: { primary: '#b91c1c', secondary: '#0f766e' } } },
    });
    expect(detected.body.result.modules).toEqual(expect.arrayContaining(['flights', 'packages', 'VisaEnquiry']));
    const policy = await acme().call(getPolicyPage, { page: 'terms_and_conditions' });
    expect(policy.status).toBe(200);
    expect(policy.body.result.html).toContain('Acme Travels');
  });
});

describe("Acme's first super admin", () => {
  it('is invited by mail; the link sets the password once; the admin signs in on acme.localhost', async () => {
    const invited = await operator.call(inviteResellerAdmin, { siteId, ...admin });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.result.admin).toMatchObject({ email: admin.email, state: 'invited' });
    const second = await operator.call(inviteResellerAdmin, { siteId, email: uniqueEmail('x'), name: 'Second' });
    expect(second.status).toBe(409);

    // Resent: a new mail; the first link stops working.
    const first = linkToken((await waitForMail(admin.email, /invited to Acme Travels/)).body.text, 'token');
    expect((await operator.call(resendResellerAdminInvite, { siteId })).status).toBe(200);
    let token = first;
    const until = Date.now() + 15_000;
    while (token === first && Date.now() < until)
      token = linkToken((await waitForMail(admin.email, /invited to Acme Travels/)).body.text, 'token');
    expect(token).not.toBe(first);
    const stale = await acme().call(generatePassword, { token: first, password: PASSWORD, confirmPassword: PASSWORD });
    expect(stale.status).not.toBe(200);

    const set = await acme().call(generatePassword, { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const again = await acme().call(generatePassword, { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(again.status).not.toBe(200);

    const signedIn = acme();
    const res = await signedIn.call(login, { email: admin.email, password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ userType: 'staff', isUserSuperAdmin: true });
    const view = await operator.call(getReseller, { siteId });
    expect(view.body.result.admin).toMatchObject({ email: admin.email, state: 'active' });
    // Accepted: nothing left to resend or revoke.
    expect((await operator.call(revokeResellerAdminInvite, { siteId })).status).toBe(409);
  });
});

describe("Acme's own team", () => {
  it('the new super admin invites a staff member, who signs in with the staff rights of spec 000 §6', async () => {
    const superAdmin = acme();
    expect((await superAdmin.call(login, { email: admin.email, password: PASSWORD })).status).toBe(200);
    const email = uniqueEmail('acme-staff');
    const invited = await superAdmin.call(inviteStaff, { email, name: 'Sara Staff' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);

    const token = linkToken((await waitForMail(email, /invited to Acme Travels/)).body.text, 'token');
    const set = await acme().call(generatePassword, { token, password: PASSWORD, confirmPassword: PASSWORD });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const member = acme();
    const signIn = await member.call(login, { email, password: PASSWORD });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body.result).toMatchObject({ userType: 'staff', isUserSuperAdmin: false });

    // A site onboarded without the permission menu: its staff hold the spec's staff rights, no more.
    const { permissions } = (await member.call(getPermissionsFromSession, {})).body.result as { permissions: string[] };
    expect(permissions).toEqual(
      expect.arrayContaining([
        'customers.flightSwitches',
        'consumers.decideRequests',
        'flights.ticketQueue',
        'flights.exportExcel',
        'flights.manageMarkup',
        'flights.settings',
        'wallet.addMoney',
        'packages.manage',
        'settings.seo',
        'settings.other',
        'wallet.verifyPan',
        'suppliers.manageConsumers',
        'dmc.importData',
        'activities.markup',
      ]),
    );
    // Beyond the spec's staff rights (money and access), granted through a group only.
    for (const key of ['users.manage', 'wallet.debitMoney', 'wallet.creditLines', 'flights.supplierDeposits'])
      expect(permissions).not.toContain(key);
    expect((await member.call(inviteStaff, { email: uniqueEmail('x'), name: 'X' })).status).toBe(403);
  });
});

describe('suspending and reactivating Acme', () => {
  it('refuses sign-in and booking while suspended, detects the site as suspended, and restores it all', async () => {
    const staff = acme();
    expect((await staff.call(login, { email: admin.email, password: PASSWORD })).status).toBe(200);
    await oneWay(staff); // counted in this month's searches

    const suspended = await operator.call(suspendReseller, { siteId, reason: 'Unpaid platform fees' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body.result).toMatchObject({
      status: 'suspended',
      suspension: { reason: 'Unpaid platform fees' },
    });
    expect((await operator.call(suspendReseller, { siteId, reason: 'Again' })).status).toBe(409);

    const detected = await acme().call(detectSite, { domain: ACME });
    expect(detected.body.result.status).toBe('suspended');
    const refused = await acme().call(login, { email: admin.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.siteSuspended);
    // The session made before is worth nothing meanwhile: no booking, no reading.
    const booking = await staff.call(setFlightDetails, {});
    expect(booking.status).toBe(403);
    expect(booking.body.message).toBe(MSG.siteSuspended);
    expect((await staff.call(getUserBySessionId)).status).toBe(403);
    // Signing out still works (it ends the session).
    expect((await acme().call(logout, {})).status).toBe(200);
    // Other sites carry on.
    expect(
      (await new Client('flightdeals.localhost').call(detectSite, { domain: 'flightdeals.localhost' })).body.result
        .status,
    ).toBeUndefined();

    const back = await operator.call(reactivateReseller, { siteId });
    expect(back.status).toBe(200);
    expect(back.body.result).toMatchObject({ status: 'active', suspension: null, admin: { state: 'active' } });
    expect((await staff.call(getUserBySessionId)).status).toBe(200);
    const again = await acme().call(login, { email: admin.email, password: PASSWORD });
    expect(again.status).toBe(200);
  });

  it("lists Acme with this month's counters, and audits every step with before and after", async () => {
    const page = await operator.call(listResellers, {});
    const row = page.body.result.records.find((r: { siteId: string }) => r.siteId === siteId);
    expect(row).toMatchObject({ status: 'active', domains: [ACME, 'acme-travels.localhost'], goLive: 'pending' });
    expect(row.month.searches).toBeGreaterThanOrEqual(1);
    expect(row.month.bookings).toBe(0);
    expect(row.month.lookToBook).toBeNull();

    const log = await operator.call(consoleAuditLog, { siteId });
    expect(log.status).toBe(200);
    const actions = log.body.result.records.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['reactivate', 'suspend', 'resendAdminInvite', 'inviteAdmin', 'onboard']);
    const suspend = log.body.result.records[1];
    expect(suspend).toMatchObject({
      operator: { email: DEMO_OPERATOR.email },
      siteId,
      before: { status: 'active' },
      after: { status: 'suspended' },
    });
    const all = await operator.call(consoleAuditLog, {});
    expect(all.body.result.records.map((e: { action: string }) => e.action)).toContain('signIn');
  });
});

describe('operators and site users never pass each other', () => {
  it("a site super admin's session reaches no console call, even on the console's host", async () => {
    const siteAdmin = new Client('flightdeals.localhost');
    expect(
      (await siteAdmin.call(login, { email: 'admin@flightdeals.localhost', password: DEMO_PASSWORD })).status,
    ).toBe(200);
    const onSite = await siteAdmin.call(listResellers, {});
    expect(onSite.status).toBe(403);
    const onConsole = new Client(CONSOLE.localHost);
    onConsole.cookie = siteAdmin.cookie;
    expect((await onConsole.call(listResellers, {})).status).toBe(401);
    expect((await onConsole.call(onboardReseller, acmeRequest(`x-${randomUUID()}`))).status).toBe(401);
  });

  it("the operator's session reaches no site call", async () => {
    const onSite = new Client('flightdeals.localhost');
    onSite.consoleCookie = operator.consoleCookie;
    expect((await onSite.call(getUserBySessionId)).status).toBe(401);
    // Even named as the site's own cookie, an operator's token is no site session.
    onSite.cookie = operator.consoleCookie;
    expect((await onSite.call(getUserBySessionId)).status).toBe(401);
  });

  it('a revoked invite leaves no account behind', async () => {
    const key = `beta-${randomUUID()}`;
    const made = await operator.call(onboardReseller, {
      ...acmeRequest(key),
      companyName: 'Beta Holidays',
      domains: ['beta.localhost'],
    });
    expect(made.status).toBe(200);
    const beta = made.body.result.siteId;
    const email = uniqueEmail('beta-admin');
    expect((await operator.call(inviteResellerAdmin, { siteId: beta, email, name: 'Bina Beta' })).status).toBe(200);
    const token = linkToken((await waitForMail(email, /invited to Beta Holidays/)).body.text, 'token');
    const revoked = await operator.call(revokeResellerAdminInvite, { siteId: beta });
    expect(revoked.body.result.admin).toMatchObject({ state: 'revoked' });
    const dead = await new Client('beta.localhost').call(generatePassword, {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(dead.status).not.toBe(200);
    // A new invite may go out after a revoke.
    expect(
      (await operator.call(inviteResellerAdmin, { siteId: beta, email: uniqueEmail('beta2'), name: 'Bob Beta' }))
        .status,
    ).toBe(200);
  });
});
