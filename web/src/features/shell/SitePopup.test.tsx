import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { testSite } from '#test/fixtures.ts';
import { renderApp } from '#test/render.tsx';

const withPopup = (enabled: boolean) =>
  testSite({
    brandingSettings: {
      ...testSite().brandingSettings,
      popupSettings: { enabled, title: 'Monsoon sale', html: '<p>10% off</p>', delaySeconds: 0 },
    },
  });

describe('site popup', () => {
  it('opens when the site enables it', async () => {
    renderApp('/403', { site: withPopup(true) });
    expect(await screen.findByRole('dialog', { name: 'Monsoon sale' })).toBeTruthy();
  });

  it('stays away when disabled', async () => {
    renderApp('/403', { site: withPopup(false) });
    await screen.findByText('Access denied');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog', { name: 'Monsoon sale' })).toBeNull();
  });
});
