/** White-label sites through the local gateway: branding by domain, per-site content, isolation. */
import { describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { detectSite, getPolicyPage, ZSiteDetails } from '@tp/contracts/endpoints/site';
import * as MSG from '@tp/contracts/messages';
import { db, tableName } from '../../functions/src/lib/db.ts';
import { asSiteId, keys, type SiteId } from '../../functions/src/lib/keys.ts';
import { putSite } from '../../functions/src/site/index.ts';
import { DEMO_SITES } from '../../scripts/seed/sites.ts';
import { Client } from '../support/api.ts';
import { useStackTable } from './users-helpers.ts';

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

describe('header and footer html, sanitised on the server (the boot script paints it as it is)', () => {
  const EVIL_HEADER =
    '<div class="wl-header">Hello<img src="/x.png" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a></div>';
  const EVIL_FOOTER = '<div class="wl-footer" onmouseover="window.__pwned=4">Footer</div>';
  const site = (id: SiteId) => {
    const { extraDomains: _unused, ...base } = DEMO_SITES[0]!;
    return {
      ...base,
      siteId: id,
      _id: id,
      domain: `${id}.localhost`,
      headerHtml: EVIL_HEADER,
      footerHtml: EVIL_FOOTER,
    };
  };
  const expectClean = (r: { headerHtml: string; footerHtml: string }) => {
    expect(r.headerHtml).toBe('<div class="wl-header">Hello<img src="/x.png"><a href>x</a></div>');
    expect(r.footerHtml).toBe('<div class="wl-footer">Footer</div>');
  };

  it('stores it cleaned when a site is saved (script and onerror stripped)', async () => {
    useStackTable();
    const id = asSiteId(`html-save-${Date.now().toString(36)}`);
    await putSite(site(id));
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.site(id) }));
    expectClean(Item as { headerHtml: string; footerHtml: string });
  });

  it('answers whitelabel/detetct cleaned for a record saved before (written around putSite)', async () => {
    useStackTable();
    const old = site(asSiteId(`html-old-${Date.now().toString(36)}`));
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.site(old.siteId), type: 'Site', ...old } }),
    );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.domain(old.domain), type: 'Domain', siteId: old.siteId },
      }),
    );
    const res = await new Client(old.domain).call(detectSite, { domain: old.domain });
    expect(res.status).toBe(200);
    expectClean(res.body.result);
  });
});
