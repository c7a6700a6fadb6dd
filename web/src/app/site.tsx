import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { MSG } from '@tp/contracts/messages';
import type { TSiteDetails } from '@tp/contracts/site';
import useSWR from 'swr';
import { detectSite } from '#api/boot.ts';
import { apiKey } from '#api/hooks.ts';
import { call } from '#api/client.ts';
import { siteStore, useStoredSite } from '#shared/state.ts';

interface SiteState {
  /** The site of this domain; null when none is configured (default branding then). */
  site: TSiteDetails | null;
  /** False only on a first visit while the branding call is under way. */
  ready: boolean;
}

const SiteContext = createContext<SiteState>({ site: null, ready: false });

export const useSite = (): TSiteDetails | null => use(SiteContext).site;
export const useSiteReady = (): boolean => use(SiteContext).ready;

export const brandName = (site: Pick<TSiteDetails, 'companyName'> | null): string =>
  site?.companyName || MSG.defaultBrand;

/**
 * Loads the branding of this domain once per page load (whitelabel/detetct) and keeps a copy in
 * localStorage: the next visit paints with the stored branding at once and refreshes it behind.
 * Only a first visit waits for the call.
 */
/** The answer index.html asked for while the code downloaded (first visits only), taken once. */
async function earlyBranding(): Promise<TSiteDetails | null> {
  const w = window as { __tpBranding?: Promise<{ success?: boolean; result?: TSiteDetails } | null> };
  const early = w.__tpBranding;
  delete w.__tpBranding;
  const answer = early ? await early : null;
  return answer?.success && answer.result ? answer.result : null;
}

export function SiteProvider({ children }: { children: ReactNode }) {
  const stored = useStoredSite();
  const input = { domain: window.location.hostname };
  const { error } = useSWR(
    apiKey(detectSite, input),
    // The early answer when there is one; otherwise (or if it failed) the ordinary call and its error handling.
    async () => (await earlyBranding()) ?? call(detectSite, input, { siteId: false }),
    {
      revalidateOnMount: true,
      revalidateIfStale: false,
      revalidateOnReconnect: false,
      onSuccess: (site) => siteStore.set(site),
    },
  );
  const ready = !!stored || !!error;
  const value = useMemo(() => ({ site: stored, ready }), [stored, ready]);
  // The site's own scripts (Tag Manager, script URLs), on demand: most sites have none.
  useEffect(() => {
    if (stored && (stored.gtm_tag || stored.scriptUrls?.length))
      void import('./site-scripts.ts').then((m) => m.runSiteScripts(stored));
  }, [stored]);
  return <SiteContext value={value}>{children}</SiteContext>;
}
