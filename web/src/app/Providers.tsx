import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { SWR_DEFAULTS } from '#api/hooks.ts';
import { SiteProvider, useSite, useSiteReady } from '#shared/site.tsx';
import { readableColors, siteTheme } from '#shared/theme.ts';
import { useBrandingHead } from './branding.ts';
import { BootShell } from './layout/BootShell.tsx';

const Toasts = lazy(() => import('./toasts.tsx'));
// Only a suspended site shows it (its text lives in the console's contract, off the boot path).
const SuspendedNotice = lazy(() => import('#features/shell/SuspendedNotice.tsx'));

/**
 * The toasts' container mounts with the first toast (notifications.show fills the store without it):
 * most page loads show none, so its code and markup stay off the first render.
 */
function LazyToasts() {
  const [wanted, setWanted] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => (wanted ? undefined : notificationsStore.subscribe(() => setWanted(true))), [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

function ThemedShell({ children }: { children: ReactNode }) {
  const site = useSite();
  const ready = useSiteReady();
  const theme = useMemo(() => siteTheme(site), [site]);
  useBrandingHead(site);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColors}>
      <LazyToasts />
      {!ready ? (
        <BootShell />
      ) : site?.status === 'suspended' ? (
        // A suspended reseller's pages: the notice only, no screen, no sign-in (the server refuses them too).
        <Suspense fallback={<BootShell />}>
          <SuspendedNotice site={site} />
        </Suspense>
      ) : (
        children
      )}
    </MantineProvider>
  );
}

/** Everything above the router: SWR defaults, the site's branding and its Mantine theme, toasts. */
export function Providers({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  const value = useMemo(() => ({ ...SWR_DEFAULTS, ...swr }), [swr]);
  return (
    <SWRConfig value={value}>
      <SiteProvider>
        <ThemedShell>{children}</ThemedShell>
      </SiteProvider>
    </SWRConfig>
  );
}

/**
 * Everything above the console's router (its host only): SWR defaults, the platform's own theme, toasts; no
 * site, so no site's branding, scripts or data.
 */
export function ConsoleProviders({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  const value = useMemo(() => ({ ...SWR_DEFAULTS, ...swr }), [swr]);
  const theme = useMemo(() => siteTheme(null), []);
  return (
    <SWRConfig value={value}>
      <MantineProvider theme={theme} cssVariablesResolver={readableColors}>
        <LazyToasts />
        {children}
      </MantineProvider>
    </SWRConfig>
  );
}
