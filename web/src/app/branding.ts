import { useEffect } from 'react';
import type { TSeoEntry, TSiteDetails } from '@tp/contracts/site';
import { safeUrl } from '#shared/redirects.ts';
import { brandName } from './site.tsx';
import { DEFAULT_PALETTE } from './theme.ts';

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

/** The site's head tags for one page (staff SEO settings), or null. */
export const seoEntry = (site: Pick<TSiteDetails, 'seo'> | null, path: string | undefined): TSeoEntry | null =>
  (path && site?.seo?.find((e) => e.page === path)) || null;

/** Meta tags a page's SEO entry sets; each is removed again on a page without one (no stale description). */
const SEO_META: { attr: 'name' | 'property'; key: string; value: (e: TSeoEntry, title: string) => string }[] = [
  { attr: 'name', key: 'description', value: (e) => e.description },
  { attr: 'name', key: 'keywords', value: (e) => e.keywords },
  { attr: 'property', key: 'og:title', value: (_e, title) => title },
  { attr: 'property', key: 'og:description', value: (e) => e.description },
  { attr: 'property', key: 'og:image', value: (e) => (e.image ? new URL(e.image, window.location.origin).href : '') },
  { attr: 'name', key: 'twitter:card', value: (e) => (e.image ? 'summary_large_image' : '') },
];

/**
 * "<page> | <company>" (default brand 'Flight Deals'); the page's SEO title replaces the route title, and
 * its description, keywords and social image go into the head's meta tags.
 */
export function useDocumentTitle(
  title: string,
  site: Pick<TSiteDetails, 'companyName' | 'seo'> | null,
  path?: string,
): void {
  const brand = brandName(site);
  const seo = seoEntry(site, path);
  const shown = seo?.title || title;
  const full = shown ? `${shown} | ${brand}` : brand;
  useEffect(() => {
    document.title = full;
  }, [full]);
  const key = seo ? JSON.stringify(seo) : '';
  useEffect(() => {
    for (const m of SEO_META) {
      const selector = `meta[${m.attr}="${m.key}"]`;
      const value = seo ? m.value(seo, full) : '';
      if (!value) {
        document.head.querySelector(selector)?.remove();
        continue;
      }
      headElement('meta', selector, (el) => el.setAttribute(m.attr, m.key)).content = value;
    }
    // `key` stands for `seo` (a new object on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, full]);
}
