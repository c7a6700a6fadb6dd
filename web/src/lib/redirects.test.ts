import { describe, expect, it } from 'vitest';
import { testSite } from '#test/fixtures.ts';
import { crmHref } from './redirects.ts';

describe('crmHref', () => {
  it('points at the core site, or nowhere without one (or with an unsafe url)', () => {
    expect(crmHref(testSite({ coreSiteUrl: 'https://core.example.com/' }))).toBe('https://core.example.com/crm');
    expect(crmHref(testSite({ coreSiteUrl: '' }))).toBeNull();
    expect(crmHref(testSite({ coreSiteUrl: 'javascript:alert(1)' }))).toBeNull();
  });
});
