import { Suspense } from 'react';
import { matchRoutes, useRoutes } from 'react-router-dom';
import { SPA_BASENAME } from '@tp/contracts/spa-routes';
// Named `lazy` on purpose: the build's route-preload plugin (vite.config.ts) finds screens by it.
import { preloadable as lazy } from '#shared/lazy.ts';
import { PageLoader } from '#shared/PageLoader.tsx';
import { FLIGHT_BASE, FLIGHT_ROUTES } from './paths.ts';

const Search = lazy(() => import('./search.page.tsx'));
const Results = lazy(() => import('./results.page.tsx'));
const Review = lazy(() => import('./review.page.tsx'));
const Passengers = lazy(() => import('./passengers.page.tsx'));
const BookingDetails = lazy(() => import('./booking-details.page.tsx'));
const Transaction = lazy(() => import('./transaction.page.tsx'));
const Trip = lazy(() => import('./trip.page.tsx'));
const NotFound = lazy(() => import('#features/shell/not-found.page.tsx'));

const SCREENS = [
  { path: FLIGHT_ROUTES.home, Screen: Search },
  { path: FLIGHT_ROUTES.search, Screen: Search },
  { path: FLIGHT_ROUTES.results, Screen: Results },
  { path: FLIGHT_ROUTES.review, Screen: Review },
  { path: FLIGHT_ROUTES.passengers, Screen: Passengers },
  { path: FLIGHT_ROUTES.bookingDetails, Screen: BookingDetails },
  { path: FLIGHT_ROUTES.transaction, Screen: Transaction },
  { path: FLIGHT_ROUTES.trip, Screen: Trip },
  { path: '*', Screen: NotFound },
];
const ROUTES = SCREENS.map(({ path, Screen }) => ({ path, element: <Screen /> }));

// The nested screen of the URL being opened starts loading with this chunk, not a render later.
const opened = matchRoutes(
  SCREENS.map(({ path, Screen }) => ({ path: `${FLIGHT_BASE}/${path}`, Screen })),
  window.location.pathname.slice(window.location.pathname.startsWith(SPA_BASENAME) ? SPA_BASENAME.length : 0),
);
void opened?.[0]?.route.Screen.preload();

/**
 * `/flight/*` (access: login): the booking flow's screens, nested under the one SPA route, each its
 * own lazy chunk. Paths come from paths.ts.
 */
export default function FlightsPage() {
  const element = useRoutes(ROUTES);
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}
