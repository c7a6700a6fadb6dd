import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { TIMING } from '@tp/contracts/platform';
import { Outlet, useLocation } from 'react-router-dom';
import { NavigationBridge } from '#api/navigation.ts';
import { menuFor } from '#app/menus.ts';
import { SessionCheck } from '#app/session.tsx';
import { SiteHtml, useSite } from '#shared/site.tsx';
import { PhoneCheck } from '#features/profile/PhoneCheck.tsx';
import { PushCheck } from '#features/push/PushCheck.tsx';
import { useAfterLoadIdle } from '#shared/idle.ts';
import { GlobalLoading } from '#shared/loading.tsx';
import { PageLoader } from '#shared/PageLoader.tsx';
import { usePermissionState, useUser } from '#lib/state.ts';
import { MainMenu } from './MainMenu.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { SiteHeader } from './SiteHeader.tsx';

const SitePopup = lazy(() => import('#features/shell/SitePopup.tsx'));
// Open credit alerts of customers who book from a wallet; its chunk holds the wallet contract.
const CreditBanner = lazy(() => import('#features/wallet/CreditBanner.tsx'));
// What happened lately to a customer's carts and quotations, until dismissed.
const NewsBanner = lazy(() => import('#features/push/NewsBanner.tsx'));

/** The app shell: header (logo, name, user menu), the role's side menu, the site's header/footer html. */
export function AppLayout() {
  const site = useSite();
  const user = useUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const permissions = usePermissionState();
  const menu = useMemo(() => menuFor(user, site, permissions), [user, site, permissions]);
  const hasMenu = menu.length > 0;
  // On small screens the menu is an overlay: close it once the user has picked a page.
  useEffect(() => close(), [pathname, close]);
  // There it is off-canvas behind the burger, so its links render once it is first opened, not on load.
  const small = useMediaQuery(`(max-width: ${TIMING.smallScreenPx / 16}em)`, false, { getInitialValueInEffect: false });
  const [menuOpenedOnce, setMenuOpenedOnce] = useState(false);
  if (opened && !menuOpenedOnce) setMenuOpenedOnce(true);
  // The banners (each its chunk, contract and call, and most loads nothing to show) wait until the opened
  // screen has loaded and the page is idle.
  const banners = useAfterLoadIdle();

  return (
    <>
      <NavigationBridge />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={hasMenu ? { width: 260, breakpoint: 'xs', collapsed: { mobile: !opened } } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <SiteHeader site={site} user={user} burger={hasMenu ? { opened, toggle } : null} />
        </AppShell.Header>
        {hasMenu && (
          <AppShell.Navbar p="xs" component="nav" aria-label="Main menu">
            {(!small || menuOpenedOnce) && <MainMenu items={menu} onNavigate={close} />}
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main" tabIndex={-1} style={{ display: 'flex', flexDirection: 'column' }}>
          {/* Where index.html's boot shell painted it, from the first render on. */}
          {site?.headerHtml && <SiteHtml html={site.headerHtml} mb="md" />}
          {banners && user && user.userType !== 'staff' && user.userType !== 'retail' && (
            <Suspense fallback={null}>
              <CreditBanner />
            </Suspense>
          )}
          {banners && user && user.userType !== 'staff' && (
            <Suspense fallback={null}>
              <NewsBanner />
            </Suspense>
          )}
          <Suspense fallback={<PageLoader />}>
            <Box style={{ flex: 1 }}>
              <RouteErrorBoundary key={pathname}>
                <Outlet />
              </RouteErrorBoundary>
            </Box>
            {site?.footerHtml && (
              <SiteHtml html={site.footerHtml} component="footer" mt="xl" pt="md" c="dimmed" fz="sm" />
            )}
          </Suspense>
        </AppShell.Main>
      </AppShell>
      <GlobalLoading />
      <SessionCheck />
      {site?.brandingSettings.popupSettings.enabled && (
        <Suspense fallback={null}>
          <SitePopup site={site} />
        </Suspense>
      )}
      <PhoneCheck user={user} />
      <PushCheck user={user} />
    </>
  );
}
