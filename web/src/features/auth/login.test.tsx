import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  forgetPassword,
  getUserBySessionId,
  login,
  loginBySessionId,
  logout,
  verifyEmail,
} from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { testSite, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { userStore } from '#lib/state.ts';
import { EMAIL_VERIFIED } from './login-links.ts';

describe('login', { timeout: 30_000 }, () => {
  it('signs in and lands on redirectTo', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, location } = renderApp('/login?redirectTo=%2Fuser%2Fdashboard');
    api.on(login, testUser()).on(getUserBySessionId, testUser());
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/user/dashboard'));
    expect(userStore.get()?.email).toBe('asha@example.com');
    expect(api.calls(login)[0]?.input).toEqual({ email: 'asha@example.com', password: 'secret123' });
  });

  it('returns to flight search from the flight login', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, location } = renderApp('/flight/login');
    api.on(login, testUser()).on(getUserBySessionId, testUser());
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/flight'));
  });

  it('shows the server message for wrong credentials and stays on the page', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, location } = renderApp('/login');
    api.on(login, failure(401, MSG.invalidCredentials));
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MSG.invalidCredentials)).toBeTruthy();
    expect(location()).toBe('/login');
  });

  it('validates with the contract schema before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect((await screen.findAllByText(MSG.required)).length).toBeGreaterThan(0);
    expect(api.calls(login)).toHaveLength(0);
  });

  it('mails a password link from "Forgot password?"', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderApp('/login');
    api.on(forgetPassword, { ok: true });
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password?' });
    await user.type(dialog.querySelector('input[type="email"]')!, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(MSG.resetMailSent)).toBeTruthy();
    expect(api.calls(forgetPassword)[0]?.input).toEqual({ email: 'asha@example.com' });
  });

  it('shows no social buttons (and loads no Google script) when the site has no provider ids', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('shows the Facebook button when the site has a Facebook app id', async () => {
    renderApp('/login', { site: testSite({ wlMeta: { canShowPermissionMenu: false, facebookAppId: '123' } }) });
    expect(await screen.findByRole('button', { name: 'Continue with Facebook' })).toBeTruthy();
  });
});

describe('one-time links on the login page', { timeout: 30_000 }, () => {
  it('signs in with a jump-login hand-off and continues to redirectTo, without the token in the URL', async () => {
    const partner = testUser({ email: 'partner@example.com' });
    const api = fakeApi().on(loginBySessionId, partner).on(getUserBySessionId, partner);
    const { location } = renderApp('/login?sessionId=handoff-1&redirectTo=%2Fuser%2Fdashboard', { api });
    await waitFor(() => expect(location()).toBe('/user/dashboard'));
    expect(api.calls(loginBySessionId)).toHaveLength(1);
    expect(api.calls(loginBySessionId)[0]?.input).toEqual({ sessionId: 'handoff-1' });
    expect(userStore.get()?.email).toBe('partner@example.com');
  });

  it('replaces a signed-in user with the hand-off account instead of skipping the link', async () => {
    const partner = testUser({ id: 'partner', email: 'partner@example.com' });
    // The session cookie follows the hand-off: before it the session is the old user's.
    let session = testUser();
    const api = fakeApi()
      .on(loginBySessionId, () => (session = partner))
      .on(getUserBySessionId, () => session);
    const { location } = renderApp('/login?sessionId=handoff-2', { user: testUser(), api });
    await waitFor(() => expect(userStore.get()?.email).toBe('partner@example.com'));
    await waitFor(() => expect(location()).toBe('/flight'));
    expect(api.calls(loginBySessionId)[0]?.input).toEqual({ sessionId: 'handoff-2' });
  });

  it('shows an expired hand-off through the error catalogue and stays on login without the token', async () => {
    const api = fakeApi().on(loginBySessionId, failure(401, MSG.sessionExpired));
    const { location } = renderApp('/login?sessionId=used-1&redirectTo=%2Fuser%2Fdashboard', { api });
    expect(await screen.findByText(MSG.sessionExpired)).toBeTruthy();
    expect(location()).toBe('/login?redirectTo=%2Fuser%2Fdashboard');
    expect(userStore.get()).toBeNull();
  });

  it('verifies the email address from the mailed link and says so', async () => {
    const api = fakeApi().on(verifyEmail, { ok: true });
    const { location } = renderApp('/login?verifyEmailToken=tok-1', { api });
    expect(await screen.findByText(EMAIL_VERIFIED)).toBeTruthy();
    expect(api.calls(verifyEmail)[0]?.input).toEqual({ token: 'tok-1' });
    expect(api.calls(verifyEmail)).toHaveLength(1);
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('shows an invalid verification link through the error catalogue', async () => {
    const api = fakeApi().on(verifyEmail, failure(400, MSG.verifyLinkInvalid));
    const { location } = renderApp('/login?verifyEmailToken=bad', { api });
    expect(await screen.findByText(MSG.verifyLinkInvalid)).toBeTruthy();
    expect(location()).toBe('/login');
    expect(screen.queryByText(EMAIL_VERIFIED)).toBeNull();
  });

  it('verifies for a signed-in user too, refreshing the stored user', async () => {
    const api = fakeApi()
      .on(verifyEmail, { ok: true })
      .on(getUserBySessionId, testUser({ status: 'verified' }));
    renderApp('/login?verifyEmailToken=tok-2', { user: testUser({ status: 'pending' }), api });
    expect(await screen.findByText(EMAIL_VERIFIED)).toBeTruthy();
    await waitFor(() => expect(userStore.get()?.status).toBe('verified'));
    expect(api.calls(verifyEmail)[0]?.input).toEqual({ token: 'tok-2' });
  });
});

describe('logout', () => {
  it('clears the stored user data, ends the session and goes to login keeping redirectTo and redirectType', async () => {
    localStorage.setItem('tp.search', JSON.stringify({ from: 'DEL' }));
    const api = fakeApi().on(logout, { ok: true });
    const { location } = renderApp('/logout?redirectTo=%2Fflight&redirectType=flight&other=1', {
      user: testUser(),
      api,
    });
    await waitFor(() => expect(location()).toBe('/login?redirectTo=%2Fflight&redirectType=flight'));
    expect(api.calls(logout)).toHaveLength(1);
    expect(userStore.get()).toBeNull();
    expect(localStorage.getItem('tp.search')).toBeNull();
    expect(localStorage.getItem('tp.site')).not.toBeNull();
  });
});

describe('session check', () => {
  it('sends the browser to logout (then login) when the user cannot be fetched by token', async () => {
    const api = fakeApi().on(getUserBySessionId, failure(401, MSG.sessionExpired)).on(logout, { ok: true });
    const { location } = renderApp('/403', { user: testUser(), api });
    await waitFor(() => expect(location()).toBe('/login?redirectTo=%2F403'));
    expect(userStore.get()).toBeNull();
  });

  it('refreshes the stored user when the session is alive', async () => {
    const api = fakeApi().on(getUserBySessionId, testUser({ firstName: 'New' }));
    renderApp('/403', { user: testUser({ firstName: 'Old' }), api });
    await waitFor(() => expect(userStore.get()?.firstName).toBe('New'));
  });
});
