import { describe, expect, it } from 'vitest';
import { renderSitePage, type PageSite } from './page-html.ts';

const TEMPLATE = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Template description" />
    <meta name="theme-color" content="#1c64f2" />
    <link rel="icon" type="image/svg+xml" href="/app/favicon.svg" />
    <title>Flight Deals</title>
  </head><body></body></html>`;

const site: PageSite = {
  companyName: 'Tom & "Jerry" <Tours>',
  faviconImage: '/app/brand/t.svg',
  logoUrl: '',
  brandingSettings: { theme: { palette: { primary: '#112233' } } },
  seo: [],
  gtm_tag: 'GTM-AB12CD',
  scriptUrls: ['https://cdn.example.com/tag.js'],
};
const render = (urlPath: string, s: PageSite | null = site) =>
  renderSitePage({
    template: TEMPLATE,
    site: s,
    urlPath,
    origin: 'https://t.example.com',
    scriptHashes: ["'sha256-x'"],
  });

describe('renderSitePage', () => {
  it("replaces the template's head with the site's, escaped, once", () => {
    const page = render('/app/login');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Flight Deals');
    expect(page.body).not.toContain('Template description');
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body.match(/rel="icon"/g)).toHaveLength(1);
    expect(page.body).toContain('<title>Login | Tom &amp; &quot;Jerry&quot; &lt;Tours&gt;</title>');
    expect(page.body).toContain('<link rel="canonical" href="https://t.example.com/app/login" />');
    expect(page.body).toContain('<meta name="theme-color" content="#112233" />');
    expect(page.body.indexOf('name="viewport"')).toBeLessThan(page.body.indexOf('<title>'));
  });

  it("lists the site's scripts in a public page's policy only", () => {
    expect(render('/app/visa').headers['content-security-policy']).toContain('https://cdn.example.com/tag.js');
    const staff = render('/app/staff/customers').headers['content-security-policy'];
    expect(staff).not.toContain('cdn.example.com');
    expect(staff).not.toContain('googletagmanager');
    expect(render('/app/staff/customers').body).not.toContain('cdn.example.com');
  });

  it('redirects the root, 404s file paths and paths outside the base', () => {
    expect(render('/')).toMatchObject({ status: 301, headers: { location: '/app/' } });
    expect(render('/app')).toMatchObject({ status: 301, headers: { location: '/app/' } });
    expect(render('/app/assets/gone.js').status).toBe(404);
    expect(render('/elsewhere').status).toBe(404);
    expect(render('/app/visa', null).status).toBe(200);
  });
});

describe('renderSitePage on the console host', () => {
  const consolePage = (urlPath: string) =>
    renderSitePage({
      template: `${TEMPLATE.replace('<body></body>', '<body><span class="tp-boot-name"></span></body>')}`,
      site,
      urlPath,
      origin: 'https://console.example.com',
      scriptHashes: ["'sha256-x'"],
      console: true,
    });

  it("marks the page as the console's, with its own name and no site's head or scripts", () => {
    const page = consolePage('/app/console');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html data-app="console">');
    expect(page.body).toContain('<title>Platform console</title>');
    expect(page.body).toContain('<span class="tp-boot-name">Platform console</span>');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.body).not.toContain('Jerry');
    expect(page.body).not.toContain('Template description');
    expect(page.headers['content-security-policy']).not.toContain('cdn.example.com');
    expect(page.headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('redirects and 404s as on a site', () => {
    expect(consolePage('/')).toMatchObject({ status: 301, headers: { location: '/app/' } });
    expect(consolePage('/app/assets/gone.js').status).toBe(404);
  });
});
