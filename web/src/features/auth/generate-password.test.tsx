import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetPassword, generatePassword, verifyEmail } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { renderApp } from '#test/render.tsx';

describe('/generate_password', { timeout: 30_000 }, () => {
  it('sets a password from the emailed token, checking the confirmation first', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, location } = renderApp('/generate_password?token=tok-1');
    api.on(generatePassword, { ok: true });
    await user.type(await screen.findByLabelText(/^New password/), 'Tr4vel-Desk-42');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret124');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(MSG.passwordsDiffer)).toBeTruthy();
    expect(api.calls(generatePassword)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tr4vel-Desk-42');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.calls(generatePassword)[0]?.input).toEqual({
      token: 'tok-1',
      password: 'Tr4vel-Desk-42',
      confirmPassword: 'Tr4vel-Desk-42',
    });
  });

  it('verifies an email address from ?verify=', async () => {
    const api = fakeApi().on(verifyEmail, { ok: true });
    renderApp('/generate_password?verify=v-1', { api });
    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(api.calls(verifyEmail)).toHaveLength(1);
    expect(api.calls(verifyEmail)[0]?.input).toEqual({ token: 'v-1' });
  });

  it('says when a verification link is no longer valid', async () => {
    const api = fakeApi().on(verifyEmail, failure(410, MSG.resetLinkInvalid));
    renderApp('/generate_password?verify=old', { api });
    expect((await screen.findAllByText(MSG.resetLinkInvalid)).length).toBeGreaterThan(0);
  });

  it('explains a link without a token', async () => {
    renderApp('/generate_password');
    expect(await screen.findByText(MSG.resetLinkInvalid)).toBeTruthy();
  });

  it('says plainly when the link is dead and offers a new one instead of the form', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderApp('/generate_password?token=old');
    api.on(generatePassword, failure(400, MSG.resetLinkInvalid, { shortError: { token: MSG.resetLinkInvalid } }));
    api.on(forgetPassword, { ok: true });
    await user.type(await screen.findByLabelText(/^New password/), 'Tr4vel-Desk-42');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Tr4vel-Desk-42');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    const alert = await screen.findByRole('alert', { name: 'This link no longer works' });
    expect(alert.textContent).toContain(MSG.resetLinkInvalid);
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password?' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'asha@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(api.calls(forgetPassword)[0]?.input).toEqual({ email: 'asha@example.com' }));
  });
});
