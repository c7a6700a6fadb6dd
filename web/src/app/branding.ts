import { useEffect } from 'react';
import type { TSiteDetails } from '@tp/contracts/site';
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

/** "<page> | <company>" (default brand 'Flight Deals'). */
export function useDocumentTitle(title: string, site: Pick<TSiteDetails, 'companyName'> | null): void {
  const brand = brandName(site);
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
}
