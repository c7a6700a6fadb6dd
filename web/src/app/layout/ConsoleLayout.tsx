import { Suspense, useEffect } from 'react';
import { AppShell, Box, Burger, Button, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { consoleLogout, consoleSession } from '@tp/contracts/endpoints/console';
import { CONSOLE_BRAND, CONSOLE_HOME_PATH, CONSOLE_LOGIN_PATH } from '@tp/contracts/spa-routes';
import { useAction } from '#api/action.ts';
import { call } from '#api/client.ts';
import { NavigationBridge } from '#api/navigation.ts';
import { clearUserData } from '#lib/storage.ts';
import { operatorStore, useOperator } from '#lib/state.ts';
import { loginPath } from '#lib/redirects.ts';
import { GlobalLoading } from '#shared/loading.tsx';
import { PageLoader } from '#shared/PageLoader.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

/** The console's side menu: its own screens, nothing of a site's. */
const CONSOLE_MENU = [
  { to: CONSOLE_HOME_PATH, label: 'Resellers' },
  { to: '/console/resellers/new', label: 'Onboard a reseller' },
  { to: '/console/audit', label: 'Audit log' },
] as const;

/**
 * Once per page load a stored operator is checked against the console's session cookie: a fresh copy replaces
 * it; any answer but "no network" means the session is gone, and the console's sign-in follows.
 */
function ConsoleSessionCheck() {
  const operator = useOperator();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useSWR(operator ? 'console-session' : null, () => call(consoleSession, {}, { handling: 'none' }), {
    revalidateOnMount: true,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
    onSuccess: (fresh) => operatorStore.set(fresh),
    onError: (error: { status?: number }) => {
      if (error.status === 0) return;
      clearUserData();
      navigate(loginPath({ pathname, search }, CONSOLE_LOGIN_PATH), { replace: true });
    },
  });
  return null;
}

/**
 * The platform console's shell (its host only): its own header ("Platform console", the operator, Sign out) and
 * menu. It shows no site's branding, html, menus or banners.
 */
export function ConsoleLayout() {
  const operator = useOperator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  useEffect(() => close(), [pathname, close]);
  const signedOut = () => {
    clearUserData();
    navigate(CONSOLE_LOGIN_PATH, { replace: true });
  };
  const signOut = useAction(consoleLogout, {
    call: { handling: 'navigation' },
    // Signed out either way: a failed call (a session already gone) leaves nothing to keep.
    onSuccess: () => signedOut(),
    onError: () => signedOut(),
  });
  const samePath = (to: string) => pathname.replace(/\/+$/, '') === to;

  return (
    <>
      <NavigationBridge />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={operator ? { width: 240, breakpoint: 'xs', collapsed: { mobile: !opened } } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {operator && (
                <Burger opened={opened} onClick={toggle} hiddenFrom="xs" size="sm" aria-label="Toggle navigation" />
              )}
              <UnstyledButton component={Link} to={CONSOLE_HOME_PATH} aria-label={`${CONSOLE_BRAND} home`}>
                <Text fw={700} size="lg" c="brand" truncate>
                  {CONSOLE_BRAND}
                </Text>
              </UnstyledButton>
            </Group>
            {operator && (
              <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
                <Text size="sm" c="dimmed" visibleFrom="sm" truncate maw={220}>
                  {operator.name}
                </Text>
                <Button variant="default" size="xs" loading={signOut.busy} onClick={() => void signOut.run({})}>
                  Sign out
                </Button>
              </Group>
            )}
          </Group>
        </AppShell.Header>
        {operator && (
          <AppShell.Navbar p="xs" component="nav" aria-label="Console menu">
            {CONSOLE_MENU.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={samePath(item.to)}
                aria-current={samePath(item.to) ? 'page' : undefined}
                onClick={close}
              />
            ))}
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main" tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Box>
              <RouteErrorBoundary key={pathname}>
                <Outlet />
              </RouteErrorBoundary>
            </Box>
          </Suspense>
        </AppShell.Main>
      </AppShell>
      <GlobalLoading />
      <ConsoleSessionCheck />
    </>
  );
}
