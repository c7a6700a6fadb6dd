import { Suspense, useEffect } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { CONSOLE_BRAND, CONSOLE_HOME_PATH, CONSOLE_ROUTES, type SpaRoute } from '@tp/contracts/spa-routes';
import { PageLoader } from '#shared/PageLoader.tsx';
import { useOperator } from '#lib/state.ts';
import { CurrentRouteContext } from '#shared/route-context.ts';
import { decideConsoleAccess } from './access.ts';
import { ConsoleLayout } from './layout/ConsoleLayout.tsx';
import { SCREENS, screenFor } from './router.tsx';

/**
 * The console host's router: the console's screens (CONSOLE_ROUTES) and nothing else. A site's path here is not
 * found, as a console path is on a site (its router never registers one).
 */
type Screen = ReturnType<typeof screenFor>;
const NotFound = SCREENS.get('shell/not-found')!;

function ConsoleRouteGate({ route, screen: Screen }: { route: SpaRoute; screen: Screen }) {
  const operator = useOperator();
  const { pathname, search } = useLocation();
  const access = decideConsoleAccess(route, { pathname, search, operator });
  useEffect(() => {
    document.title = `${route.title} | ${CONSOLE_BRAND}`;
  }, [route.title]);
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  return (
    <CurrentRouteContext value={route}>
      <Suspense fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    </CurrentRouteContext>
  );
}

function ConsoleNotFound() {
  useEffect(() => {
    document.title = `Not found | ${CONSOLE_BRAND}`;
  }, []);
  return <NotFound />;
}

export const consoleRoutes: RouteObject[] = [
  {
    element: <ConsoleLayout />,
    children: [
      ...CONSOLE_ROUTES.map((route) => ({
        path: route.path,
        element: <ConsoleRouteGate route={route} screen={screenFor(route)} />,
      })),
      { path: '/', element: <Navigate to={CONSOLE_HOME_PATH} replace /> },
      { path: '*', element: <ConsoleNotFound /> },
    ],
  },
];

/** The console's route tree under a declarative router (BrowserRouter on the console host, MemoryRouter in tests). */
export function ConsoleRoutes() {
  return useRoutes(consoleRoutes);
}
