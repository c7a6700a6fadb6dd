import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { TIMING } from '@tp/contracts/platform';
import { SWR_DEFAULTS } from '#api/hooks.ts';
import { SiteProvider, useSite, useSiteReady } from './site.tsx';
import { siteTheme } from './theme.ts';
import { useBrandingHead } from './branding.ts';
import { BootShell } from './layout/BootShell.tsx';

function ThemedShell({ children }: { children: ReactNode }) {
  const site = useSite();
  const ready = useSiteReady();
  const theme = useMemo(() => siteTheme(site), [site]);
  useBrandingHead(site);
  return (
    <MantineProvider theme={theme}>
      <Notifications autoClose={TIMING.toastMs} position="top-right" />
      {ready ? children : <BootShell />}
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
