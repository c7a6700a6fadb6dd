import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCustomer } from '@tp/contracts/endpoints/customers';
import { updateDetails } from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import { failure, fakeApi } from '#test/fake-api.ts';
import { staffUser } from '#test/fixtures.ts';
import { renderWithProviders } from '#test/render.tsx';
import { ChangeDetailsForm } from './ChangeDetailsForm.tsx';
import { agent, customer } from './test-fixtures.ts';

function openForm(c: TCustomer = customer(), api = fakeApi()) {
  const onDone = vi.fn();
  renderWithProviders(<ChangeDetailsForm customer={c} onDone={onDone} onCancel={() => undefined} />, {
    user: staffUser(),
    api,
  });
  return { api, onDone, user: userEvent.setup({ delay: null }) };
}

const field = (name: string) => screen.getByRole('textbox', { name });
/** One change event instead of a keystroke each: every change runs the whole form's rules. */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.click(field(name));
  await user.paste(text);
}
const save = () => screen.getByRole('button', { name: 'Save details' }) as HTMLButtonElement;

describe('Change Details', { timeout: 20_000 }, () => {
  it('asks for an email or a primary phone, and keeps Save disabled meanwhile', async () => {
    const { user, api } = openForm();
    await user.clear(field('Email'));
    await user.clear(field('Primary phone'));
    expect(await screen.findByText(MSG.emailOrPrimaryPhoneRequired)).toBeTruthy();
    expect(save().disabled).toBe(true);
    await fill(user, 'Email', 'asha@example.com');
    await waitFor(() => expect(save().disabled).toBe(false));
    expect(screen.queryByText(MSG.emailOrPrimaryPhoneRequired)).toBeNull();
    expect(api.calls(updateDetails)).toHaveLength(0);
  });

  it("rejects an invalid phone with 'Please enter a valid phone number'", async () => {
    const { user } = openForm();
    await user.clear(field('Secondary phone'));
    await fill(user, 'Secondary phone', '12345');
    expect(await screen.findByText(MSG.invalidPhone)).toBeTruthy();
    expect(field('Secondary phone').getAttribute('aria-invalid')).toBe('true');
    expect(save().disabled).toBe(true);
    await user.clear(field('Secondary phone'));
    await fill(user, 'Secondary phone', '9810000011');
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('requires a company name only for a travel agent', async () => {
    const first = openForm(agent());
    await first.user.clear(field('Company name'));
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('lets a retail customer go without a company name and sends only the filled phones', async () => {
    const api = fakeApi().on(updateDetails, (input) => customer({ lastName: String(input.lastName) }));
    const { user, onDone } = openForm(customer({ companyName: 'Old Co' }), api);
    await user.clear(field('Company name'));
    await user.clear(field('Last name'));
    await fill(user, 'Last name', 'Iyer');
    await user.click(save());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls(updateDetails)[0]?.input).toEqual({
      customerId: 101,
      userType: 'retail',
      firstName: 'Asha',
      lastName: 'Iyer',
      email: 'asha@example.com',
      panNumber: '',
      gstNumber: '',
      companyName: '',
      phoneNumbers: [{ label: 'Primary', phoneNumber: '9810000005', phoneCountryCode: 'in' }],
    });
    expect(await screen.findByText(MSG.settingSaved)).toBeTruthy();
  });

  it("puts the server's field errors (shortError) on the fields", async () => {
    const api = fakeApi().on(
      updateDetails,
      failure(409, MSG.phoneTaken, { shortError: { 'phoneNumbers.0.phoneNumber': MSG.phoneTaken } }),
    );
    const { user } = openForm(customer(), api);
    await user.click(save());
    await waitFor(() => expect(field('Primary phone').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(MSG.phoneTaken).length).toBeGreaterThanOrEqual(1);
    expect(save().disabled).toBe(true);
  });
});
