import {
  GTM_SCRIPT_URL,
  gtmContainerId,
  siteScriptUrls,
  type SiteScriptSettings,
} from '@tp/contracts/security-headers';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const added = new Set<string>();

/**
 * Loads the site's Tag Manager container and script URLs, once each per page. The same rules
 * (`@tp/contracts/security-headers`) build the Content-Security-Policy, which names exactly these
 * scripts; a URL the deployed policy does not list is refused by the browser, not run.
 */
export function runSiteScripts(site: SiteScriptSettings): void {
  const gtm = gtmContainerId(site);
  const sources = siteScriptUrls(site).map((url) => url.href);
  if (gtm) {
    const src = `${GTM_SCRIPT_URL}?id=${gtm}`;
    // Google's snippet, as code: the start event first, then the container.
    if (!added.has(src)) (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    sources.unshift(src);
  }
  for (const src of sources) {
    if (added.has(src)) continue;
    added.add(src);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    document.head.appendChild(script);
  }
}
