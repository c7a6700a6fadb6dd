import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAgent } from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi, reply } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';
import { agent } from './test-fixtures.ts';

async function openPage(api = fakeApi()) {
  const view = renderApp('/createNewUser', { user: staffUser(), api });
  const form = await screen.findByRole('form', { name: 'Create agent' });
  return { ...view, form: within(form), user: userEvent.setup({ delay: null }) };
}

describe('agent quick create', { timeout: 20_000 }, () => {
  it("asks for a phone or an email ('Either phone or email is required.') and a travel agent's company", async () => {
    const { form, user, api } = await openPage();
    await user.click(form.getByRole('button', { name: 'Create agent' }));
    expect(await form.findAllByText(MSG.phoneOrEmailRequired)).toHaveLength(2);
    expect(form.getByRole('textbox', { name: 'Company name' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls(createAgent)).toHaveLength(0);
  });

  it("rejects an invalid number with 'Invalid Phone Number...'", async () => {
    const { form, user } = await openPage();
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '12345');
    await user.click(form.getByRole('button', { name: 'Create agent' }));
    expect(await form.findByText(MSG.invalidPhoneNumber)).toBeTruthy();
  });

  it("says 'Phone number is required!' when the phone holds only its country code", async () => {
    const { form, user } = await openPage();
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '+91');
    await user.click(form.getByRole('button', { name: 'Create agent' }));
    expect(await form.findByText(MSG.phoneRequired)).toBeTruthy();
  });

  it('creates a B2C user from a phone alone, India first, and says so', async () => {
    const api = fakeApi().on(createAgent, reply(200, { success: true, message: MSG.agentCreated, result: agent() }));
    const { form, user } = await openPage(api);
    expect((form.getByRole('combobox', { name: /^Phone country code/ }) as HTMLInputElement).value).toBe('India (+91)');
    await user.click(form.getByRole('radio', { name: 'B2C (Retail)' }));
    expect(form.queryByRole('textbox', { name: 'Company name' })).toBeNull();
    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Ravi');
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '9810000012');
    await user.click(form.getByRole('button', { name: 'Create agent' }));
    expect(await screen.findByText(MSG.agentCreated)).toBeTruthy();
    expect(api.calls(createAgent)[0]?.input).toEqual({
      userData: {
        userType: 'retail',
        customer: { firstName: 'Ravi', lastName: '', email: '', phone: '9810000012', phoneCode: 'in', companyName: '' },
      },
    });
    // Ready for the next one.
    await waitFor(() => expect((form.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe(''));
  });

  it("puts the server's field errors on the fields", async () => {
    const api = fakeApi().on(
      createAgent,
      failure(409, MSG.emailTaken, { shortError: { 'userData.customer.email': MSG.emailTaken } }),
    );
    const { form, user } = await openPage(api);
    await user.type(form.getByRole('textbox', { name: 'Company name' }), 'Coastal Holidays');
    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Priya');
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'priya@example.com');
    await user.click(form.getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(form.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true'));
    expect(form.getByText(MSG.emailTaken)).toBeTruthy();
  });
});

describe('/createNewUser', () => {
  it('sends signed-out visitors to sign up', async () => {
    const { location } = renderApp('/createNewUser');
    await waitFor(() => expect(location()).toBe('/signup'));
  });

  it('sends users who are not staff to /403', async () => {
    const { location } = renderApp('/createNewUser', { user: testUser({ userType: 'travelAgent' }) });
    await waitFor(() => expect(location()).toBe('/403'));
  });

  it('shows staff the quick-create form', async () => {
    renderApp('/createNewUser', { user: staffUser() });
    expect(await screen.findByRole('heading', { name: 'Create user' })).toBeTruthy();
  });
});
