import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMyLegalEntity } from '@tp/contracts/endpoints/customers';
import {
  getNotificationPreferences,
  getPushKey,
  NOTIFICATION_MSG,
  saveNotificationPreferences,
} from '@tp/contracts/endpoints/notifications';
import { fakeApi } from '#test/fake-api.ts';
import { testUser } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const agentPrefs = [
  { kind: 'cartConfirmed', mail: true, push: true },
  { kind: 'quotationConfirmed', mail: true, push: true },
  { kind: 'refundCredited', mail: true, push: true },
  { kind: 'holdLapsing', mail: true, push: false },
] as const;

const user = () => userEvent.setup({ delay: null });

describe('notification preferences on the profile', { timeout: 30_000 }, () => {
  it('lets the user choose mail, push, both or neither per event and saves only on request', async () => {
    const api = fakeApi()
      .on(getMyLegalEntity)
      .on(getPushKey, { publicKey: null })
      .on(getNotificationPreferences, { preferences: [...agentPrefs] })
      .on(saveNotificationPreferences, (input) => ({ preferences: input.preferences as never }));
    renderApp('/user/dashboard', { user: testUser({ userType: 'travelAgent' }), api });
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const refundMail = await within(panel).findByRole('checkbox', { name: 'A refund credited: mail' });
    const save = within(panel).getByRole('button', { name: 'Save preferences' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(
      (within(panel).getByRole('checkbox', { name: 'A held booking about to lapse: push' }) as HTMLInputElement)
        .checked,
    ).toBe(false);

    await user().click(refundMail);
    await user().click(within(panel).getByRole('checkbox', { name: 'A refund credited: push' }));
    await user().click(save);
    await waitFor(() => expect(api.calls(saveNotificationPreferences)).toHaveLength(1));
    expect(api.calls(saveNotificationPreferences)[0]!.input.preferences).toContainEqual({
      kind: 'refundCredited',
      mail: false,
      push: false,
    });
    expect(await screen.findByText(NOTIFICATION_MSG.preferencesSaved)).toBeTruthy();
    // Push chosen for other events, but this site has no push key: it says so instead of offering a button.
    expect(within(panel).getByText('Push notifications are not available on this site.')).toBeTruthy();
  });

  it('offers to turn push on in this browser when the site has a key and the browser was not asked', async () => {
    const api = fakeApi()
      .on(getMyLegalEntity)
      .on(getPushKey, { publicKey: 'BElq' })
      .on(getNotificationPreferences, { preferences: [...agentPrefs] });
    // A browser that can push, not asked yet, whose user declines when asked.
    const notification = {
      permission: 'default' as NotificationPermission,
      requestPermission: async () => (notification.permission = 'denied'),
    };
    vi.stubGlobal('Notification', notification);
    vi.stubGlobal('PushManager', class {});
    if (!('serviceWorker' in navigator))
      Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    renderApp('/user/dashboard', { user: testUser({ userType: 'travelAgent' }), api });
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await user().click(await within(panel).findByRole('button', { name: 'Turn on push in this browser' }));
    expect(await within(panel).findByText('Push is blocked in this browser')).toBeTruthy();
    expect(screen.queryByText('Push notifications are on in this browser')).toBeNull();
    vi.unstubAllGlobals();
  });
});
