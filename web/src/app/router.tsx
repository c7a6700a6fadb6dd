import { Suspense, type ComponentType } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { SPA_BASENAME, SPA_ROUTES, type SpaRoute } from '@tp/contracts/spa-routes';
import { PageLoader } from '#shared/PageLoader.tsx';
import { userStore, useUser } from '#lib/state.ts';
import { decideAccess } from './access.ts';
import { useDocumentTitle } from './branding.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { CurrentRouteContext } from '#shared/route-context.ts';
import { spaRouteOf } from '@tp/contracts/route-match';
// Screens are preloadable lazies (same call shape as React.lazy), so the opened URL's screen can load early.
import { preloadable as lazy, type Preloadable } from '#shared/lazy.ts';
import { useSite, useSiteScripts } from '#shared/site.tsx';

/**
 * The one router file. Every SPA_ROUTES entry is registered; its screen is the lazy `*.page.tsx` its
 * `screen` names (`auth/login` → features/auth/login.page.tsx), found by Vite's glob, so a route is
 * declared once, in the route table. Routes sharing a module share one lazy screen.
 */
type Screen = Preloadable<ComponentType>;

/**
 * Every page module of the features, loaded on first use (each its own chunk); the flight area's screens
 * belong to its own nested router (features/flights/flights.page.tsx), so only that one is the top router's.
 */
const PAGE_MODULES = {
  ...import.meta.glob<{ default: ComponentType }>(['./**/*.page.tsx', '!./flights/*.page.tsx'], {
    base: '../features',
  }),
  ...import.meta.glob<{ default: ComponentType }>('./flights/flights.page.tsx', { base: '../features' }),
};
const SCREEN_PREFIX = './';
const SCREEN_SUFFIX = '.page.tsx';

/** The screens by their name in the route table (`auth/login`), one lazy each. */
export const SCREENS: ReadonlyMap<string, Screen> = new Map(
  Object.entries(PAGE_MODULES).map(([file, load]) => [
    file.slice(SCREEN_PREFIX.length, -SCREEN_SUFFIX.length),
    lazy(load),
  ]),
);

const NotFound = SCREENS.get('shell/not-found')!;

/** Every route has its screen (router.test.tsx); a missing one is a programming error, not a page. */
export const screenFor = (route: SpaRoute): Screen => {
  const screen = SCREENS.get(route.screen);
  if (!screen) throw new Error(`no screen ${route.screen} for ${route.path}`);
  return screen;
};

function RouteGate({ route, screen: Screen }: { route: SpaRoute; screen: Screen }) {
  const site = useSite();
  const user = useUser();
  const { pathname, search } = useLocation();
  const access = decideAccess(route, { pathname, search, user, site });
  useDocumentTitle(access.kind === 'notFound' ? 'Not found' : route.title, site, pathname);
  useSiteScripts(site, pathname, user?.userType);
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  return (
    <CurrentRouteContext value={route}>
      <Suspense fallback={<PageLoader />}>{access.kind === 'notFound' ? <NotFound /> : <Screen />}</Suspense>
    </CurrentRouteContext>
  );
}

/**
 * Starts loading what the first render of this URL needs, before it (index.html has already asked for
 * the files): the screen (login for a guarded page opened signed out). A failed load is not reported
 * here: it shows at render, through the error boundary.
 */
export function preloadEntry(pathname: string): void {
  const ignore = () => undefined;
  const user = userStore.get();
  const path = pathname.startsWith(SPA_BASENAME) ? pathname.slice(SPA_BASENAME.length) || '/' : pathname;
  const route = spaRouteOf(path);
  (route.access !== 'public' && !user ? SCREENS.get('auth/login')! : screenFor(route)).preload().catch(ignore);
}

const routeObject = (route: SpaRoute): RouteObject => ({
  path: route.path,
  element: <RouteGate route={route} screen={screenFor(route)} />,
});

export const appRoutes: RouteObject[] = [{ element: <AppLayout />, children: SPA_ROUTES.map(routeObject) }];

/** A path's first segment as react-router compares it (decoded, case-insensitive); '' for `/`. */
const firstSegment = (path: string): string => {
  const segment = path.split('/').find(Boolean) ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
};

/** Routes whose first segment is a parameter or a splat (or `/` itself): candidates for every path. */
const anyFirst = (route: SpaRoute) => /^[:*]/.test(route.path.split('/').find(Boolean) ?? '*');

/**
 * The route tree for paths starting with one segment: the routes whose first segment is that one, plus those
 * that could match any path, in the route table's order; one tree per segment, built once. react-router's
 * `useRoutes` flattens and ranks every route it is given on each render (~100 routes: ~15 ms on a 4x-slowed
 * phone, for every render of the shell); a route with another fixed first segment can never match, so leaving
 * it out changes no match, and react-router still ranks the candidates itself.
 */
const treeBySegment = new Map<string, RouteObject[]>();
export function routesFor(pathname: string): RouteObject[] {
  const segment = firstSegment(pathname);
  let tree = treeBySegment.get(segment);
  if (!tree) {
    const candidates = SPA_ROUTES.filter((r) => anyFirst(r) || firstSegment(r.path) === segment);
    tree = [{ element: <AppLayout />, children: candidates.map((r) => routeObjects.get(r)!) }];
    treeBySegment.set(segment, tree);
  }
  return tree;
}
const routeObjects = new Map(SPA_ROUTES.map((r, i) => [r, appRoutes[0]!.children![i]!]));

/**
 * The route tree under a declarative router (BrowserRouter in the app, MemoryRouter in tests). The
 * data router (createBrowserRouter) would add about 16 KB gzipped to the initial bundle for loaders
 * and actions we do not use; SWR does the data loading.
 */
export function AppRoutes() {
  return useRoutes(routesFor(useLocation().pathname));
}
