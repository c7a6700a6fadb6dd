import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import { PageLoader } from '#shared/PageLoader.tsx';
import { FLIGHT_ROUTES } from './paths.ts';

const Search = lazy(() => import('./search.page.tsx'));
const Results = lazy(() => import('./results.page.tsx'));
const Review = lazy(() => import('./review.page.tsx'));
const Passengers = lazy(() => import('./passengers.page.tsx'));
const BookingDetails = lazy(() => import('./booking-details.page.tsx'));
const Transaction = lazy(() => import('./transaction.page.tsx'));
const NotFound = lazy(() => import('#features/shell/not-found.page.tsx'));

/**
 * `/flight/*` (access: login): the booking flow's screens, nested under the one SPA route, each its
 * own lazy chunk. Paths come from paths.ts.
 */
export default function FlightsPage() {
  const element = useRoutes([
    { path: FLIGHT_ROUTES.home, element: <Search /> },
    { path: FLIGHT_ROUTES.search, element: <Search /> },
    { path: FLIGHT_ROUTES.results, element: <Results /> },
    { path: FLIGHT_ROUTES.review, element: <Review /> },
    { path: FLIGHT_ROUTES.passengers, element: <Passengers /> },
    { path: FLIGHT_ROUTES.bookingDetails, element: <BookingDetails /> },
    { path: FLIGHT_ROUTES.transaction, element: <Transaction /> },
    { path: '*', element: <NotFound /> },
  ]);
  return <Suspense fallback={<PageLoader />}>{element}</Suspense>;
}
