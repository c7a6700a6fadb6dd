import { describe, expect, it } from 'vitest';
import { runSiteScripts } from './site-scripts.ts';

const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));

describe('site scripts', () => {
  it('adds the Tag Manager container and the valid script URLs once each, async', () => {
    const site = {
      gtm_tag: 'GTM-AB12CD',
      scriptUrls: ['https://cdn.example.com/chat.js?v=2', 'javascript:alert(1)', 'http://cdn.example.com/x.js'],
    };
    runSiteScripts(site);
    runSiteScripts(site);
    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
      'https://cdn.example.com/chat.js?v=2',
    ]);
    expect([...document.head.querySelectorAll('script')].every((s) => s.async)).toBe(true);
    expect(window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
  });
});
