import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { detectSite, getPolicyPage } from '@tp/contracts/endpoints/site';
import { changeMyPhoneDetails, getUserBySessionId, login } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi, NetworkDown, reply } from '#test/fake-api.ts';
import { testSite, testUser } from '#test/fixtures.ts';
import { renderWithProviders } from '#test/render.tsx';
import { userStore } from '#lib/state.ts';
import { ApiError, buildRequest, call, send } from './client.ts';

/** A flight-API call as the flight work will declare them (the catalogue reads api, method and auth). */
const flightSearch = {
  ...getUserBySessionId,
  id: 'flights.search',
  api: 'flight',
  path: 'api/search',
  domain: 'flights',
} as const;

const toast = (text: string) => screen.findByText(text);

describe('buildRequest', () => {
  it('sends GET input as a query string and the site headers, with credentials', () => {
    localStorage.setItem('tp.site', JSON.stringify(testSite({ _id: 'site-9' })));
    const { url, init } = buildRequest(getPolicyPage, { page: 'privacy_policy' });
    expect(url).toBe('/api/whitelabel/getPolicyPage?page=privacy_policy');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({ 'domain-name': window.location.hostname, 'site-id': 'site-9' });
  });

  it('leaves the site id out of the branding call, which is how the id is found', () => {
    localStorage.setItem('tp.site', JSON.stringify(testSite({ _id: 'site-9' })));
    const { init } = buildRequest(detectSite, { domain: 'x' }, { siteId: false });
    expect(init.headers).not.toHaveProperty('site-id');
  });

  it('sends POST input as a JSON body', () => {
    const { url, init } = buildRequest(detectSite, { domain: 'skyway.localhost' });
    expect(url).toBe('/api/whitelabel/detetct');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ domain: 'skyway.localhost' });
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('fills {path} parameters from the input and leaves them out of the body', () => {
    const { url, init } = buildRequest({ api: 'site', method: 'DELETE', path: 'x/{id}/y' }, { id: 'a b', keep: 1 });
    expect(url).toBe('/api/x/a%20b/y');
    expect(JSON.parse(String(init.body))).toEqual({ keep: 1 });
  });
});

describe('call and the error catalogue', () => {
  it('returns the result payload of a success envelope', async () => {
    const api = fakeApi().on(login, testUser()).install();
    await expect(call(login, { email: 'a@b.co', password: 'x' })).resolves.toMatchObject({ email: 'asha@example.com' });
    expect(api.calls(login)).toHaveLength(1);
  });

  it('401 clears the stored user and goes to /login with redirectTo', async () => {
    const user = testUser();
    const { api, location } = renderWithProviders(<div />, { route: '/user/dashboard', user });
    api.on(changeMyPhoneDetails, failure(401, MSG.sessionExpired));
    await expect(call(changeMyPhoneDetails, { phoneNumbers: [] })).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(location()).toBe('/login?redirectTo=%2Fuser%2Fdashboard'));
    expect(userStore.get()).toBeNull();
  });

  it('401 during a flight call goes to flight search', async () => {
    const { api, location } = renderWithProviders(<div />, { route: '/flight/results/1', user: testUser() });
    api.on(flightSearch, failure(401, MSG.sessionExpired));
    await expect(call(flightSearch, {})).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(location()).toBe('/flight'));
  });

  it('402 on a flight call goes to booking review', async () => {
    const { api, location } = renderWithProviders(<div />, { route: '/flight/passengers/1', user: testUser() });
    api.on(flightSearch, failure(402, 'Price changed'));
    await expect(call(flightSearch, {})).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(location()).toBe('/flight/review'));
  });

  it('502 shows the request-timeout toast', async () => {
    const { api } = renderWithProviders(<div />);
    api.on(flightSearch, failure(502, 'upstream'));
    await expect(call(flightSearch, {})).rejects.toBeInstanceOf(ApiError);
    expect(await toast(MSG.requestTimeout)).toBeTruthy();
  });

  it('400 toasts the errorMessage and keeps the field errors for the form', async () => {
    const { api } = renderWithProviders(<div />);
    api.on(login, failure(400, 'Please enter a valid email', { shortError: { email: 'Please enter a valid email' } }));
    const error = await call(login, { email: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Please enter a valid email' });
    expect(await toast('Please enter a valid email')).toBeTruthy();
  });

  it('success false with an errorMessage toasts it and send() returns the response', async () => {
    const { api } = renderWithProviders(<div />);
    api.on(
      login,
      reply(200, { success: false, message: 'Group exists', errorMessage: 'Group exists', code: 'CONFLICT' }),
    );
    const res = await send(login, { email: 'a@b.co', password: 'x' });
    expect(res).toMatchObject({ success: false, errorMessage: 'Group exists' });
    expect(await toast('Group exists')).toBeTruthy();
  });

  it("stays silent for 'No SSR details'", async () => {
    const { api } = renderWithProviders(<div />);
    api.on(flightSearch, failure(400, 'No SSR details available'));
    await call(flightSearch, {}).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/No SSR details/)).toBeNull();
  });

  it('only logs when no response arrives', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = renderWithProviders(<div />);
    api.on(getUserBySessionId, () => {
      throw new NetworkDown('offline');
    });
    await expect(call(getUserBySessionId, {})).rejects.toMatchObject({ status: 0 });
    expect(errors).toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('falls back to the HTTP failure text for a response that is not an envelope', async () => {
    const { api } = renderWithProviders(<div />);
    api.fetch.mockResolvedValueOnce(new Response('<html>oops</html>', { status: 500 }));
    await expect(call(getPolicyPage, { page: 'privacy_policy' })).rejects.toMatchObject({ status: 500 });
    expect(await toast(MSG.httpFailed('GET'))).toBeTruthy();
  });

  it("handling 'navigation' skips the toast; 'none' skips everything", async () => {
    const { api, location } = renderWithProviders(<div />, { route: '/somewhere', user: testUser() });
    api.on(changeMyPhoneDetails, failure(400, 'Bad phone'));
    await call(changeMyPhoneDetails, { phoneNumbers: [] }, { handling: 'navigation' }).catch(() => undefined);
    api.on(changeMyPhoneDetails, failure(401, 'gone'));
    await call(changeMyPhoneDetails, { phoneNumbers: [] }, { handling: 'none' }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Bad phone')).toBeNull();
    expect(location()).toBe('/somewhere');
    expect(userStore.get()).not.toBeNull();
  });
});
