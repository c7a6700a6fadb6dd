import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { Box, type BoxProps } from '@mantine/core';
import * as MSG from '@tp/contracts/messages';
import { siteScriptsAllowedOn } from '@tp/contracts/security-headers';
import type { TSiteDetails } from '@tp/contracts/endpoints/site';
import type { UserType } from '@tp/contracts/endpoint';
import useSWR from 'swr';
import { detectSite } from '#api/boot.ts';
import { apiKey } from '#api/hooks.ts';
import { call } from '#api/client.ts';
import { siteStore, useStoredSite } from '#lib/state.ts';

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

type DetectAnswer = { success?: boolean; result?: TSiteDetails } | null;

/** The early answer: undefined until looked for (and again once used); null when the page started none. */
let early: Promise<TSiteDetails | null> | null | undefined;

/**
 * The answer to the branding call index.html started in <head> (web/boot/branding.js), stored as
 * soon as it arrives. Taken from the page once; the first fetch below uses it up.
 */
function earlyAnswer(): Promise<TSiteDetails | null> | null {
  if (early === undefined) {
    const w = window as { __tpBranding?: Promise<DetectAnswer> };
    early =
      w.__tpBranding?.then((answer) => {
        const site = answer?.success && answer.result ? answer.result : null;
        if (site) siteStore.set(site);
        return site;
      }) ?? null;
    delete w.__tpBranding;
  }
  return early;
}

/**
 * What a first visit waits for before React's first render (main.tsx), so that render is the branded
 * page, not a blank shell replacing the one index.html painted. Resolves at once without an early call.
 */
export const earlySite = async (): Promise<unknown> => earlyAnswer();

/**
 * Loads the branding of this domain once per page load (whitelabel/detetct) and keeps a copy in
 * localStorage: a returning visit paints with the stored branding at once and refreshes it behind.
 * The first answer is the early one when there is one; only if that failed is the call made here.
 */
export function SiteProvider({ children }: { children: ReactNode }) {
  const stored = useStoredSite();
  const input = { domain: window.location.hostname };
  const { error } = useSWR(
    apiKey(detectSite, input),
    async () => {
      const answer = await earlyAnswer();
      early = undefined;
      return answer ?? call(detectSite, input, { siteId: false });
    },
    {
      revalidateOnMount: true,
      revalidateIfStale: false,
      revalidateOnReconnect: false,
      onSuccess: (site) => siteStore.set(site),
    },
  );
  const ready = !!stored || !!error;
  const value = useMemo(() => ({ site: stored, ready }), [stored, ready]);
  return <SiteContext value={value}>{children}</SiteContext>;
}

/** Whether this document has run the site's scripts (they stay in it until it is replaced). */
let siteScriptsRan = false;

/**
 * The site's own scripts (Tag Manager, script URLs), on demand (most sites have none), where they may run
 *: on public pages (`siteScriptsAllowedOn`, the rule the served page's policy follows)
 * and never for a signed-in staff member. A document that ran them never shows a signed-in screen or a
 * staff session: moving there loads a new document, whose policy names no site script.
 */
export function useSiteScripts(site: TSiteDetails | null, pathname: string, userType: UserType | undefined): void {
  const has = !!site && (!!site.gtm_tag || !!site.scriptUrls?.length);
  const allowed = has && siteScriptsAllowedOn(pathname) && userType !== 'staff';
  useEffect(() => {
    if (allowed) {
      siteScriptsRan = true;
      void import('./site-scripts.ts').then((m) => m.runSiteScripts(site!));
    } else if (siteScriptsRan) {
      window.location.reload();
    }
  }, [allowed, site]);
}

/**
 * The site's header or footer html, set as it is: the server sanitised it when the site was saved and
 * again in every answer (functions/src/site/sanitize.ts), as for index.html's boot shell, which paints
 * the same html before the app runs. (Other server html — policies, popup — goes through SafeHtml.)
 */
export function SiteHtml({
  html,
  component = 'div',
  ...box
}: BoxProps & { html: string; component?: 'div' | 'footer' }) {
  return <Box component={component} className="safe-html" {...box} dangerouslySetInnerHTML={{ __html: html }} />;
}
