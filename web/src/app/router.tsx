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
 * The one router file. Every SPA_ROUTES entry is registered; its screen is a lazy `*.page.tsx`
 * from a feature folder.
 */
type Screen = Preloadable<ComponentType>;

const login = lazy(() => import('#features/auth/login.page.tsx'));
const policy = lazy(() => import('#features/policy/policy.page.tsx'));
const NotFound = lazy(() => import('#features/shell/not-found.page.tsx'));
const profile = lazy(() => import('#features/profile/profile.page.tsx'));
const customers = lazy(() => import('#features/customers/customers.page.tsx'));
const ticketQueue = lazy(() => import('#features/tickets/queue.page.tsx'));

/** Screens by SPA_ROUTES path: every route has one. */
export const SCREENS: Record<string, Screen> = {
  '/': lazy(() => import('#features/shell/home.page.tsx')),
  '/login': login,
  '/flight/login': login,
  '/signup': lazy(() => import('#features/auth/signup.page.tsx')),
  '/signup_success': lazy(() => import('#features/auth/signup-success.page.tsx')),
  '/logout': lazy(() => import('#features/auth/logout.page.tsx')),
  '/generate_password': lazy(() => import('#features/auth/generate-password.page.tsx')),
  '/403': lazy(() => import('#features/shell/forbidden.page.tsx')),
  '/terms_and_conditions': policy,
  '/privacy_policy': policy,
  '/cancellation_return_refund_policy': policy,
  '/api-partner-program': policy,
  '/crm': lazy(() => import('#features/enquiries/crm.page.tsx')),
  '/staff/link_supplier': lazy(() => import('#features/suppliers/link-supplier.page.tsx')),
  '/user/supplier/becomeSupplier': lazy(() => import('#features/suppliers/become-supplier.page.tsx')),
  '/user/dashboard': profile,
  '/user/dashboard/userProfile': profile,
  '/user/dashboard/referral': lazy(() => import('#features/profile/referral.page.tsx')),
  '/user/billing-details': lazy(() => import('#features/profile/billing-details.page.tsx')),
  '/invoice/:invoiceId': lazy(() => import('#features/invoices/invoice.page.tsx')),
  '/invoice/:source/:sourceId': lazy(() => import('#features/invoices/invoice.page.tsx')),
  '/staff': customers,
  '/staff/customers': customers,
  '/staff/setting/permission-groups': lazy(() => import('#features/permissions/permission-groups.page.tsx')),
  '/createNewUser': lazy(() => import('#features/customers/create-user.page.tsx')),
  '/flight/*': lazy(() => import('#features/flights/flights.page.tsx')),
  '/flights/manage-markup': lazy(() => import('#features/markup/manage-markup.page.tsx')),
  '/1/success': lazy(() => import('#features/wallet/success.page.tsx')),
  '/sandbox-gateway/:paymentId': lazy(() => import('#features/wallet/sandbox-gateway.page.tsx')),
  '/phonepe/verify/:orderId?': lazy(() => import('#features/wallet/verify.page.tsx')),
  '/payments': lazy(() => import('#features/wallet/payments.page.tsx')),
  '/fixed-departures': lazy(() => import('#features/fixed-departures/fixed-departures.page.tsx')),
  '/flight/fixedDeparture/print/:fdSlug': lazy(() => import('#features/fixed-departures/print.page.tsx')),
  '/staff/fixed-departures': lazy(() => import('#features/fixed-departures/staff.page.tsx')),
  '/user/payments/:orderId?': lazy(() => import('#features/wallet/user-payments.page.tsx')),
  '/staff/paymentGatewayTransactions': lazy(() => import('#features/wallet/gateway-transactions.page.tsx')),
  '/staff/myPendingPaymentGatewayEntries': lazy(() => import('#features/wallet/pending-entries.page.tsx')),
  '/user/transactionHistory': lazy(() => import('#features/wallet/transaction-history.page.tsx')),
  '/staff/walletReport': lazy(() => import('#features/wallet/wallet-report.page.tsx')),
  '/staff/downloadBalances': lazy(() => import('#features/wallet/download-balances.page.tsx')),
  '/staff/flightSettings': lazy(() => import('#features/flight-admin/flight-settings.page.tsx')),
  '/staff/verifyPanCard': lazy(() => import('#features/settings/verify-pan.page.tsx')),
  '/staff/invoices': lazy(() => import('#features/invoices/invoices.page.tsx')),
  '/staff/audit': lazy(() => import('#features/audit/audit-log.page.tsx')),
  '/staff/setting/seo-settings': lazy(() => import('#features/settings/seo-settings.page.tsx')),
  '/staff/setting/other-settings': lazy(() => import('#features/settings/other-settings.page.tsx')),
  '/staff/supplierWallets': lazy(() => import('#features/flight-admin/supplier-wallets.page.tsx')),
  '/staff/supplierProfitLoss': lazy(() => import('#features/flight-admin/supplier-profit-loss.page.tsx')),
  '/staff/infozealExcelDataExport': lazy(() => import('#features/flight-admin/infozeal-export.page.tsx')),
  '/staff/tboRefundExcelImport': lazy(() => import('#features/flight-admin/tbo-refund-import.page.tsx')),
  '/flight/ticketQueue': ticketQueue,
  '/flights/ticketQueue': ticketQueue,
  '/flights/holdQueue': ticketQueue,
  '/flights/changeRequestQueue': ticketQueue,
  '/flight/eTicket/:bookingSlug': lazy(() => import('#features/tickets/eticket.page.tsx')),
  '/staff/dmc_master': lazy(() => import('#features/dmc/masters/dmc-master.page.tsx')),
  '/staff/dmc_rate_management': lazy(() => import('#features/dmc/rates/rate-management.page.tsx')),
  '/staff/dmc-data-management': lazy(() => import('#features/dmc/data/data-management.page.tsx')),
  '/staff/dmc-activities': lazy(() => import('#features/dmc/activities/dmc-activities.page.tsx')),
  '/staff/dmc-combos': lazy(() => import('#features/dmc/combos/dmc-combos.page.tsx')),
  '/staff/areas': lazy(() => import('#features/dmc/areas/areas.page.tsx')),
  '/staff/area-transfer': lazy(() => import('#features/dmc/areas/area-transfer.page.tsx')),
  '/staff/kart': lazy(() => import('#features/dmc/kart/kart.page.tsx')),
  '/activities': lazy(() => import('#features/activities/activities.page.tsx')),
  '/activities/search': lazy(() => import('#features/activities/search.page.tsx')),
  '/activities/queue': lazy(() => import('#features/activities/queue.page.tsx')),
  '/activities/markup': lazy(() => import('#features/activities/markup.page.tsx')),
  '/staff/kart/:id/print': lazy(() => import('#features/dmc/kart/print.page.tsx')),
  '/quotation/:slug': lazy(() => import('#features/dmc/kart/shared.page.tsx')),
  '/staff/dmc_job_sheet': lazy(() => import('#features/dmc/operations/job-sheet.page.tsx')),
  '/staff/dmc-datewise-itineraries': lazy(() => import('#features/dmc/operations/datewise-itineraries.page.tsx')),
  '/dmc/driver/:driverAccessToken': lazy(() => import('#features/dmc/operations/driver.page.tsx')),
  '/visa': lazy(() => import('#features/visa/landing.page.tsx')),
  '/visa/:country': lazy(() => import('#features/visa/categories.page.tsx')),
  '/visa/:country/:category/:categoryId': lazy(() => import('#features/visa/checklist.page.tsx')),
  '/staff/visa': lazy(() => import('#features/visa/staff-visa.page.tsx')),
  '/packages': lazy(() => import('#features/packages/packages.page.tsx')),
  '/packages/:packageName/:_id': lazy(() => import('#features/packages/detail.page.tsx')),
  '/package/enquiry/submitted/:enquiryId': lazy(() => import('#features/packages/enquiry-submitted.page.tsx')),
  '/user/package/manage_package_images/:_id': lazy(() => import('#features/packages/images.page.tsx')),
  '/staff/tour_package/list_all_packages': lazy(() => import('#features/packages/staff-list.page.tsx')),
  '/staff/tour_package/create_or_edit_tour_package': lazy(() => import('#features/packages/editor.page.tsx')),
  '*': NotFound,
};

/** Every route has its screen (router.test.tsx); a missing one is a programming error, not a page. */
export const screenFor = (route: SpaRoute): Screen => {
  const screen = SCREENS[route.path];
  if (!screen) throw new Error(`no screen for ${route.path}`);
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
  (route.access !== 'public' && !user ? SCREENS['/login']! : screenFor(route)).preload().catch(ignore);
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: SPA_ROUTES.map((route) => ({
      path: route.path,
      element: <RouteGate route={route} screen={screenFor(route)} />,
    })),
  },
];

/**
 * The route tree under a declarative router (BrowserRouter in the app, MemoryRouter in tests). The
 * data router (createBrowserRouter) would add about 16 KB gzipped to the initial bundle for loaders
 * and actions we do not use; SWR does the data loading.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
