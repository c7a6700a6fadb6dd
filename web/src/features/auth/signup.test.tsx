import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signup } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { failure } from '#test/fake-api.ts';
import { renderApp } from '#test/render.tsx';

async function openSignup() {
  const view = renderApp('/signup');
  await screen.findByRole('tab', { name: 'Retail' });
  return view;
}

async function fillRetail(user: ReturnType<typeof userEvent.setup>, phone: string) {
  const form = screen.getByRole('form', { name: 'Retail registration' });
  await user.click(within(form).getByRole('radio', { name: 'Female' }));
  await user.type(within(form).getByRole('textbox', { name: 'First name' }), 'Asha');
  await user.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Rao');
  await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'asha@example.com');
  await user.type(within(form).getByRole('textbox', { name: 'Phone' }), phone);
  await user.type(within(form).getByLabelText(/^Password/), 'Tr4vel-Desk-42');
  return form;
}

// Typing every field through user-event is slow on a busy machine.
describe('signup', { timeout: 30_000 }, () => {
  it('has Retail and Travel Agent tabs', async () => {
    await openSignup();
    expect(screen.getByRole('tab', { name: 'Retail' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Travel Agent' })).toBeTruthy();
  });

  it('requires the retail fields with the spec message', async () => {
    const user = userEvent.setup({ delay: null });
    await openSignup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const form = screen.getByRole('form', { name: 'Retail registration' });
    // gender, first name, last name at least; the phone rules run once the other fields are well formed
    expect((await within(form).findAllByText(MSG.required)).length).toBeGreaterThanOrEqual(3);
    for (const name of ['First name', 'Last name', 'Email']) {
      expect(within(form).getByRole('textbox', { name }).getAttribute('aria-invalid'), name).toBe('true');
    }
    expect(within(form).getByText(MSG.passwordRules)).toBeTruthy();
  });

  it("rejects an invalid phone with 'Please enter a valid phone number' before calling the server", async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await openSignup();
    await fillRetail(user, '12345');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(MSG.invalidPhone)).toBeTruthy();
    expect(api.calls(signup)).toHaveLength(0);
  });

  it('offers India first and no excluded countries in the country code select', async () => {
    const user = userEvent.setup({ delay: null });
    await openSignup();
    const select = screen.getByRole('combobox', { name: /^Phone country code/ });
    expect((select as HTMLInputElement).value).toBe('India (+91)');
    await user.click(select);
    // The dropdown animates in; its options are in the document (hidden) meanwhile.
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options[0]?.textContent).toBe('India (+91)');
    const names = options.map((o) => o.textContent ?? '');
    expect(names.some((n) => /Pakistan|Afghanistan|Iraq|Iran|North Korea|Palestin/.test(n))).toBe(false);
  });

  it('registers a retail user and goes to /signup_success', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, location } = await openSignup();
    api.on(signup, { userId: 'u-1', email: 'asha@example.com' });
    await fillRetail(user, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/signup_success'));
    expect(api.calls(signup)[0]?.input).toMatchObject({
      userType: 'retail',
      gender: 2,
      phone: '9876543210',
      phoneCode: 'in',
    });
  });

  it('puts server field errors (shortError) on the fields', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await openSignup();
    api.on(signup, failure(409, MSG.emailTaken, { shortError: { email: MSG.emailTaken } }));
    const form = await fillRetail(user, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = within(form).getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(MSG.emailTaken)).toBeTruthy();
  });

  it('requires the travel agent fields, with the last name and address line 2 optional', async () => {
    const user = userEvent.setup({ delay: null });
    await openSignup();
    await user.click(screen.getByRole('tab', { name: 'Travel Agent' }));
    const form = await screen.findByRole('form', { name: 'Travel agent registration' });
    await user.click(within(form).getByRole('button', { name: 'Register agency' }));
    await screen.findAllByText(MSG.required);
    const invalid = (name: string | RegExp) =>
      within(form).getByRole('textbox', { name }).getAttribute('aria-invalid') === 'true';
    for (const name of [
      'Company name',
      'Primary email',
      'Primary phone',
      'Secondary phone',
      'First name',
      'State',
      'City',
      'Pincode',
      'Address line 1',
    ]) {
      expect(invalid(name), name).toBe(true);
    }
    expect(invalid('Last name')).toBe(false);
    expect(invalid('Address line 2')).toBe(false);
  });
});
