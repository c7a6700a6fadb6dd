import { describe, expect, it } from 'vitest';
import {
  API_SECURITY_HEADERS,
  gtmContainerId,
  httpSecurityHeaders,
  siteScriptUrls,
  spaContentSecurityPolicy,
  spaSecurityHeaders,
} from './security-headers.ts';

const HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";
const directives = (csp: string) =>
  new Map(csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)] as const));

describe('site scripts', () => {
  it('takes a Tag Manager container id only', () => {
    expect(gtmContainerId({ gtm_tag: ' gtm-ab12cd ' })).toBe('GTM-AB12CD');
    for (const gtm_tag of ['', 'UA-123456-1', '<script>alert(1)</script>', 'GTM-AB12CD; script-src *'])
      expect(gtmContainerId({ gtm_tag })).toBeNull();
  });

  it('keeps https URLs (http on loopback hosts only) and drops everything else', () => {
    const urls = siteScriptUrls({
      scriptUrls: [
        'https://cdn.example.com/a.js?v=1',
        'https://cdn.example.com/a.js?v=1',
        'http://widgets.localhost:5999/w.js',
        'http://cdn.example.com/plain.js',
        'javascript:alert(1)',
        'data:text/javascript,alert(1)',
        'https://user:pass@cdn.example.com/x.js',
        '//cdn.example.com/relative.js',
        'not a url',
      ],
    });
    expect(urls.map((u) => u.href)).toEqual(['https://cdn.example.com/a.js?v=1', 'http://widgets.localhost:5999/w.js']);
  });
});

describe('the SPA policy', () => {
  it('allows scripts from the origin and the given hashes only, with no inline or eval', () => {
    const csp = directives(spaContentSecurityPolicy({ scriptHashes: [HASH] }));
    expect(csp.get('script-src')).toEqual(["'self'", HASH, 'https://accounts.google.com/gsi/client']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Styles keep inline (Mantine's run-time theme variables); scripts never do.
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
  });

  it("names the site's container and script URLs exactly (no query), and nothing for a site without", () => {
    const site = { gtm_tag: 'GTM-AB12CD', scriptUrls: ['https://cdn.example.com/widgets/chat.js?key=1'] };
    const csp = directives(spaContentSecurityPolicy({ scriptHashes: [HASH], site }));
    expect(csp.get('script-src')).toContain('https://*.googletagmanager.com');
    expect(csp.get('script-src')).toContain('https://cdn.example.com/widgets/chat.js');
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com');
    const none = spaContentSecurityPolicy({ scriptHashes: [HASH], site: { gtm_tag: '', scriptUrls: [] } });
    expect(none).toBe(spaContentSecurityPolicy({ scriptHashes: [HASH] }));
  });

  it('cannot be extended by a crafted script URL', () => {
    const site = { scriptUrls: ["https://cdn.example.com/a.js;script-src 'unsafe-inline',x"] };
    const csp = spaContentSecurityPolicy({ scriptHashes: [HASH], site });
    const parsed = directives(csp);
    expect(parsed.get('script-src')).toContain("https://cdn.example.com/a.js%3Bscript-src%20'unsafe-inline'%2Cx");
    expect(csp.split('; ').filter((d) => d.startsWith('script-src'))).toHaveLength(1);
    expect(csp).not.toContain(',');
  });
});

describe('the header sets', () => {
  it('sends CSP, HSTS, nosniff, no framing, referrer and permissions policies', () => {
    const spa = httpSecurityHeaders(spaSecurityHeaders({ scriptHashes: [HASH] }));
    for (const headers of [spa, API_SECURITY_HEADERS]) {
      expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toMatch(/(^|, )camera=\(\)/);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    expect(API_SECURITY_HEADERS['content-security-policy']).toMatch(/^default-src 'none'/);
  });
});
