import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { TIMING } from '@tp/contracts/platform';
import type { TUser } from '@tp/contracts/endpoints/users';
import { getPushKey } from '@tp/contracts/endpoints/notifications';
import { fakeApi, type FakeApi } from '#test/fake-api.ts';
import { staffUser, testUser } from '#test/fixtures.ts';
import { renderWithProviders } from '#test/render.tsx';
import { PushCheck } from './PushCheck.tsx';

function browserWithPush(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn() });
  vi.stubGlobal('PushManager', class {});
  if (!('serviceWorker' in navigator))
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}

/** The stage's key as the server answers it at run time (null: the stage has none). */
function serverKey(publicKey: string | null): FakeApi {
  const api = fakeApi();
  api.on(getPushKey, { publicKey });
  return api;
}

async function loadAfterDelay(user: TUser, api: FakeApi, ms: number = TIMING.pushPromptDelayMs) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  renderWithProviders(<PushCheck user={user} />, { user, api });
  await act(() => vi.advanceTimersByTimeAsync(ms));
  vi.useRealTimers();
}

const prompt = () => screen.queryByText('Enable notifications?');

describe('push prompt', () => {
  it('is offered to staff 3 s after load when the browser can push and has not been asked, with no build variable', async () => {
    browserWithPush('default');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<PushCheck user={staffUser()} />, { user: staffUser(), api: serverKey('BElq') });
    await act(() => vi.advanceTimersByTimeAsync(TIMING.pushPromptDelayMs - 1));
    expect(prompt()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(await screen.findByText('Enable notifications?')).toBeTruthy();
  });

  it('is never offered to other users', async () => {
    browserWithPush('default');
    await loadAfterDelay(testUser({ userType: 'travelAgent' }), serverKey('BElq'));
    await new Promise((r) => setTimeout(r, 200));
    expect(prompt()).toBeNull();
  });

  it('is skipped where the stage has no VAPID key or once the permission was decided', async () => {
    browserWithPush('default');
    const keyless = serverKey(null);
    await loadAfterDelay(staffUser(), keyless);
    await vi.waitFor(() => expect(keyless.calls(getPushKey)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(prompt()).toBeNull();
    browserWithPush('denied');
    await loadAfterDelay(staffUser(), serverKey('BElq'));
    await new Promise((r) => setTimeout(r, 200));
    expect(prompt()).toBeNull();
  });
});
