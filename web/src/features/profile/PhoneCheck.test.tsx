import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeMyPhoneDetails } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { TIMING } from '@tp/contracts/platform';
import type { TUser } from '@tp/contracts/endpoints/users';
import { failure } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderWithProviders } from '#test/render.tsx';
import { userStore, useUser } from '#lib/state.ts';
import { needsPhoneUpdate } from './phone-check.ts';
import { PhoneCheck } from './PhoneCheck.tsx';

const withPrimary = (phoneNumber: string, phoneCountryCode: string) =>
  testUser({ phoneNumbers: [{ label: 'Primary', phoneNumber, phoneCountryCode }] });

// As mounted by the app shell: it follows the stored (signed-in) user.
function Shell() {
  return <PhoneCheck user={useUser()} />;
}

/**
 * Signs in (stored user) on a fake clock. Only setTimeout is faked and only until the delay has
 * passed: React's own Suspense timers must run for real when the lazy modal arrives.
 */
function signInOnFakeClock(user: TUser) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return renderWithProviders(<Shell />, { user });
}

async function afterDelay(user: TUser) {
  const view = signInOnFakeClock(user);
  await act(() => vi.advanceTimersByTimeAsync(TIMING.phoneModalDelayMs));
  vi.useRealTimers();
  return view;
}

describe('needsPhoneUpdate', () => {
  it('is due for a missing primary phone or one without a valid country code', () => {
    expect(needsPhoneUpdate(withPrimary('9876543210', 'INVALID'))).toBe(true);
    expect(needsPhoneUpdate(withPrimary('9876543210', ''))).toBe(true);
    expect(needsPhoneUpdate(withPrimary('9876543210', 'pk'))).toBe(true);
    expect(needsPhoneUpdate(testUser({ phoneNumbers: [] }))).toBe(true);
    expect(needsPhoneUpdate(withPrimary('9876543210', 'in'))).toBe(false);
  });
});

describe('phone verification modal', { timeout: 30_000 }, () => {
  it('appears 5 s after login when the primary phone has an INVALID country code', async () => {
    signInOnFakeClock(withPrimary('9876543210', 'INVALID'));
    await act(() => vi.advanceTimersByTimeAsync(TIMING.phoneModalDelayMs - 1));
    expect(screen.queryByRole('dialog', { name: 'Verify your phone number' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Verify your phone number' })).toBeTruthy();
  });

  it('does not appear for a primary phone with a valid country code', async () => {
    await afterDelay(withPrimary('9876543210', 'in'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('dialog', { name: 'Verify your phone number' })).toBeNull();
  });

  it('saves a valid phone, replaces the stored user and confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await afterDelay(withPrimary('9876543210', 'INVALID'));
    api.on(changeMyPhoneDetails, ({ phoneNumbers }) => testUser({ phoneNumbers }));
    await screen.findByRole('dialog', { name: 'Verify your phone number' });
    await user.click(screen.getByRole('button', { name: 'Save phone number' }));
    expect(await screen.findByText(MSG.phoneUpdated)).toBeTruthy();
    expect(api.calls(changeMyPhoneDetails)[0]?.input).toEqual({
      phoneNumbers: [{ label: 'Primary', phoneNumber: '9876543210', phoneCountryCode: 'in' }],
    });
    expect(userStore.get()?.phoneNumbers[0]?.phoneCountryCode).toBe('in');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verify your phone number' })).toBeNull());
  });

  it('requires a valid number and reports a failed update', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await afterDelay(testUser({ phoneNumbers: [] }));
    api.on(changeMyPhoneDetails, failure(500, 'boom'));
    await screen.findByRole('dialog', { name: 'Verify your phone number' });
    await user.type(screen.getByRole('textbox', { name: 'Primary phone' }), '123');
    await user.click(screen.getByRole('button', { name: 'Save phone number' }));
    expect(await screen.findByText(MSG.invalidPhone)).toBeTruthy();
    expect(api.calls(changeMyPhoneDetails)).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Primary phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Primary phone' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save phone number' }));
    expect(await screen.findByText(MSG.phoneUpdateFailed)).toBeTruthy();
  });
});
