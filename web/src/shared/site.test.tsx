import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { detectSite } from '@tp/contracts/endpoints/site';
import { testSite } from '#test/fixtures.ts';
import { fakeApi } from '#test/fake-api.ts';
import { renderApp } from '#test/render.tsx';
import { siteStore } from '#lib/state.ts';

/** What web/boot/branding.js leaves on the page: the answer to the call it started in <head>. */
const earlyCall = (answer: unknown) =>
  Object.assign(window as { __tpBranding?: Promise<unknown> }, { __tpBranding: Promise.resolve(answer) });

describe('site branding on a first visit', () => {
  it('takes the answer index.html asked for: no second call, the header html as the server sent it', async () => {
    const site = testSite({ companyName: 'Early Co', headerHtml: '<div class="wl-header">Early header</div>' });
    earlyCall({ success: true, result: site });
    const { api } = renderApp('/login', { site: null });
    expect((await screen.findByText('Early header')).className).toBe('wl-header');
    expect(api.calls(detectSite)).toHaveLength(0);
    expect(siteStore.get()?.companyName).toBe('Early Co');
  });

  it('asks itself when the early call failed', async () => {
    earlyCall(null);
    const api = fakeApi().on(detectSite, testSite({ headerHtml: '<p>Asked again</p>' }));
    renderApp('/login', { site: null, api });
    await screen.findByText('Asked again');
    expect(api.calls(detectSite)).toHaveLength(1);
  });
});
