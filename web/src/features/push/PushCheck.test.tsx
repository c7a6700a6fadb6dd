import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { TIMING } from '@tp/contracts/platform';
import type { TUser } from '@tp/contracts/endpoints/users';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderWithProviders } from '#test/render.tsx';
import { PushCheck } from './PushCheck.tsx';

function browserWithPush(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn() });
  vi.stubGlobal('PushManager', class {});
  if (!('serviceWorker' in navigator))
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}

async function loadAfterDelay(user: TUser, ms: number = TIMING.pushPromptDelayMs) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  renderWithProviders(<PushCheck user={user} />, { user });
  await act(() => vi.advanceTimersByTimeAsync(ms));
  vi.useRealTimers();
}

const prompt = () => screen.queryByText('Enable notifications?');

describe('push prompt', () => {
  it('is offered to staff 3 s after load when the browser can push and has not been asked', async () => {
    vi.stubEnv('VITE_VAPID_PUBLIC_KEY', 'BElq');
    browserWithPush('default');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<PushCheck user={staffUser()} />, { user: staffUser() });
    await act(() => vi.advanceTimersByTimeAsync(TIMING.pushPromptDelayMs - 1));
    expect(prompt()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(await screen.findByText('Enable notifications?')).toBeTruthy();
    vi.unstubAllEnvs();
  });

  it('is never offered to other users', async () => {
    vi.stubEnv('VITE_VAPID_PUBLIC_KEY', 'BElq');
    browserWithPush('default');
    await loadAfterDelay(testUser({ userType: 'travelAgent' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(prompt()).toBeNull();
    vi.unstubAllEnvs();
  });

  it('is skipped without a VAPID key or once the permission was decided', async () => {
    browserWithPush('default');
    await loadAfterDelay(staffUser());
    await new Promise((r) => setTimeout(r, 200));
    expect(prompt()).toBeNull();
    vi.stubEnv('VITE_VAPID_PUBLIC_KEY', 'BElq');
    browserWithPush('denied');
    await loadAfterDelay(staffUser());
    await new Promise((r) => setTimeout(r, 200));
    expect(prompt()).toBeNull();
    vi.unstubAllEnvs();
  });
});
