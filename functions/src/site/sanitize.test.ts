import { describe, expect, it } from 'vitest';
import { sanitizeSiteHtml, withCleanSiteHtml } from './sanitize.ts';

describe('site header/footer html, cleaned on the server', () => {
  it('keeps the markup resellers use: text, links, images, classes', () => {
    const html =
      '<div class="wl-header"><strong>Flight Deals</strong> &middot; <a href="tel:+919876543210">call</a> <img src="/app/brand/x.svg" alt="x"></div>';
    expect(sanitizeSiteHtml(html)).toBe(html);
  });

  it('drops script (with its text), event handlers and javascript: URLs', () => {
    const clean = sanitizeSiteHtml(
      '<div>Hi<img src="/a.png" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a><a href="jav&#x09;ascript:alert(1)">y</a></div>',
    );
    expect(clean).toBe('<div>Hi<img src="/a.png"><a href>x</a><a href>y</a></div>');
  });

  it('drops what could restyle or impersonate the app: style sheets, forms, frames, meta, base, comments', () => {
    const clean = sanitizeSiteHtml(
      '<style>body{display:none}</style><form action="/x"><input name="a"><button>Go</button></form><iframe src="/x"></iframe><meta http-equiv="refresh" content="0;url=https://e.example"><base href="https://e.example/"><!-- note -->text',
    );
    expect(clean).toBe('Go' + 'text');
  });

  it('filters inline style to harmless properties', () => {
    expect(sanitizeSiteHtml('<p style="color:red; position:fixed; top:0">x</p>')).toBe('<p style="color:red;">x</p>');
    expect(sanitizeSiteHtml('<p style="background:url(javascript:alert(1))">x</p>')).toBe('<p style>x</p>');
  });

  it('lets a link open a new tab only with rel="noopener noreferrer"', () => {
    expect(sanitizeSiteHtml('<a href="/t" target="_blank" rel="opener">t</a><a href="/u" target="top">u</a>')).toBe(
      '<a href="/t" target="_blank" rel="noopener noreferrer">t</a><a href="/u">u</a>',
    );
  });

  it('cleans header and footer of a record and leaves the rest', () => {
    const site = { companyName: '<b>Co</b>', headerHtml: '<p onclick="x()">h</p>', footerHtml: '' };
    expect(withCleanSiteHtml(site)).toEqual({ companyName: '<b>Co</b>', headerHtml: '<p>h</p>', footerHtml: '' });
  });

  it('answers the same cleaning for the same html, however many different ones came in between', () => {
    const dirty = '<p onclick="x()">same</p><script>alert(1)</script>';
    expect(sanitizeSiteHtml(dirty)).toBe('<p>same</p>');
    for (let i = 0; i < 100; i++) expect(sanitizeSiteHtml(`<b onmouseover="y()">${i}</b>`)).toBe(`<b>${i}</b>`);
    expect(sanitizeSiteHtml(dirty)).toBe('<p>same</p>');
    expect(sanitizeSiteHtml(dirty)).toBe('<p>same</p>');
  });
});
