import { useEffect } from 'react';
import { pageHead, pageHeadMeta, type PageHeadSite } from '@tp/contracts/page-head';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import { safeUrl } from '#lib/redirects.ts';
import { DEFAULT_PALETTE } from '#shared/theme.ts';

function headElement<K extends 'link' | 'meta'>(
  tag: K,
  selector: string,
  init: (el: HTMLElementTagNameMap[K]) => void,
): HTMLElementTagNameMap[K] {
  let el = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (!el) {
    el = document.createElement(tag);
    init(el);
    document.head.appendChild(el);
  }
  return el;
}

/** Favicon and browser theme colour follow the site's branding. */
export function useBrandingHead(site: TSiteDetails | null): void {
  const favicon = safeUrl(site?.faviconImage);
  const color = site?.brandingSettings.theme.palette.primary ?? DEFAULT_PALETTE.primary;
  useEffect(() => {
    if (!favicon) return;
    const link = headElement('link', 'link[rel="icon"]', (l) => (l.rel = 'icon'));
    link.removeAttribute('type');
    link.href = favicon;
  }, [favicon]);
  useEffect(() => {
    headElement('meta', 'meta[name="theme-color"]', (m) => (m.name = 'theme-color')).content = color;
  }, [color]);
}

/** Every meta tag `pageHeadMeta` may write but the theme colour (useBrandingHead keeps that one). */
const PAGE_META: [attr: 'name' | 'property', key: string][] = [
  ['name', 'description'],
  ['name', 'keywords'],
  ['property', 'og:type'],
  ['property', 'og:site_name'],
  ['property', 'og:title'],
  ['property', 'og:description'],
  ['property', 'og:url'],
  ['property', 'og:image'],
  ['name', 'twitter:card'],
  ['name', 'twitter:title'],
  ['name', 'twitter:description'],
  ['name', 'twitter:image'],
];

/**
 * The page's head as the served index.html has it (`pageHead`), kept up to date as the
 * app moves between pages: "<page> | <company>" (the page's SEO title replaces the route title), the
 * description, canonical URL, Open Graph and Twitter tags. A tag the page has no value for is removed.
 */
export function useDocumentTitle(title: string, site: PageHeadSite | null, pathname: string): void {
  const head = pageHead(site, pathname, window.location.origin, title);
  const key = JSON.stringify(head);
  useEffect(() => {
    document.title = head.title;
    const values = new Map(pageHeadMeta(head).map(([attr, name, value]) => [`${attr}:${name}`, value]));
    for (const [attr, name] of PAGE_META) {
      const selector = `meta[${attr}="${name}"]`;
      const value = values.get(`${attr}:${name}`);
      if (!value) {
        document.head.querySelector(selector)?.remove();
        continue;
      }
      headElement('meta', selector, (el) => el.setAttribute(attr, name)).content = value;
    }
    if (head.canonical)
      headElement('link', 'link[rel="canonical"]', (l) => (l.rel = 'canonical')).href = head.canonical;
    else document.head.querySelector('link[rel="canonical"]')?.remove();
    // `key` stands for `head` (a new object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
