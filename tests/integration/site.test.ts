/** White-label sites through the local gateway: branding by domain, per-site content, isolation. */
import { describe, expect, it } from 'vitest';
import { detectSite, getPolicyPage } from '@tp/contracts/endpoints/site';
import { ZSiteDetails } from '@tp/contracts/site';
import { MSG } from '@tp/contracts/messages';
import { Client } from '../support/api.ts';

describe('whitelabel/detetct', () => {
  it('returns each reseller its own branding', async () => {
    const a = await new Client('flightdeals.localhost').call(detectSite, { domain: 'flightdeals.localhost' });
    const b = await new Client('skyway.localhost').call(detectSite, { domain: 'skyway.localhost' });
    expect(a.status).toBe(200);
    expect(ZSiteDetails.parse(a.body.result).companyName).toBe('Flight Deals');
    expect(b.body.result.companyName).toBe('SkyWay Travels');
    expect(a.body.result.brandingSettings.theme.palette.primary).not.toBe(
      b.body.result.brandingSettings.theme.palette.primary,
    );
    expect(b.body.result.brandingSettings.lockMode.enabled).toBe(true);
  });

  it('normalises the domain it is given (case, port, www)', async () => {
    const res = await new Client('flightdeals.localhost').call(detectSite, { domain: 'WWW.SkyWay.localhost:4000' });
    expect(res.body.result._id).toBe('site-skyway');
  });

  it('answers an unknown domain with 404 and a clear message', async () => {
    const res = await new Client('flightdeals.localhost').call(detectSite, { domain: 'nobody.example' });
    expect(res.status).toBe(404);
    expect(res.body.errorMessage).toBe(MSG.siteNotFound);
  });

  it('never sends server-only fields to the browser', async () => {
    const res = await new Client('flightdeals.localhost').call(detectSite, { domain: 'flightdeals.localhost' });
    expect(Object.keys(res.body.result)).not.toContain('ownerLegalEntityId');
    expect(Object.keys(res.body.result)).not.toContain('siteId');
    expect(JSON.stringify(res.body.result)).not.toMatch(/secret|password|apiKey/i);
  });
});

describe('per-site content and tenant resolution', () => {
  it('serves the calling site its own policy page', async () => {
    const a = await new Client('flightdeals.localhost').call(getPolicyPage, { page: 'privacy_policy' });
    const b = await new Client('skyway.localhost').call(getPolicyPage, { page: 'privacy_policy' });
    expect(a.body.result.html).toContain('Flight Deals');
    expect(b.body.result.html).toContain('SkyWay Travels');
  });

  it('refuses a site-id header that contradicts the domain-name header', async () => {
    const res = await new Client('flightdeals.localhost').call(
      getPolicyPage,
      { page: 'privacy_policy' },
      { 'site-id': 'site-skyway' },
    );
    expect(res.status).toBe(403);
  });

  it('answers a request from an unknown host with 404', async () => {
    const res = await new Client('unknown.localhost').call(getPolicyPage, { page: 'privacy_policy' });
    expect(res.status).toBe(404);
  });

  it('rejects an unknown policy page with 400', async () => {
    const res = await new Client('flightdeals.localhost').call(getPolicyPage, { page: 'secrets' } as never);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('Unknown page');
  });
});
