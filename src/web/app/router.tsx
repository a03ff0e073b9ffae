// The app's routes, built from the one route table (src/shared/routes.ts), code-split per page. Guards follow
// the spec's access table (section 2); the server enforces the same rules.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ROUTE_LIST, type PageModule, type RouteDef } from '#shared/routes.ts';
import { RequireRole } from '#web/features/accounts/require-role.tsx';
import { RootLayout } from '#web/app/root-layout.tsx';
import { RouteError } from '#web/components/route-error.tsx';

type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Each page module of the table and its lazy import. Vite needs a literal import() per chunk, so the modules
 * are listed here; the type makes a module the table names but this map lacks (or the reverse) a type error.
 */
const PAGES: Record<PageModule, PageLoader> = {
  'pages/public/home-page.tsx': () => import('#web/pages/public/home-page.tsx'),
  'pages/public/services-page.tsx': () => import('#web/pages/public/services-page.tsx'),
  'pages/public/sharks-page.tsx': () => import('#web/pages/public/sharks-page.tsx'),
  'pages/public/shark-profile-page.tsx': () => import('#web/pages/public/shark-profile-page.tsx'),
  'pages/public/freelancers-page.tsx': () => import('#web/pages/public/freelancers-page.tsx'),
  'pages/public/freelancer-profile-page.tsx': () => import('#web/pages/public/freelancer-profile-page.tsx'),
  'pages/public/contact-page.tsx': () => import('#web/pages/public/contact-page.tsx'),
  'pages/public/terms-page.tsx': () => import('#web/pages/public/terms-page.tsx'),
  'pages/public/privacy-page.tsx': () => import('#web/pages/public/privacy-page.tsx'),
  'pages/public/cookies-page.tsx': () => import('#web/pages/public/cookies-page.tsx'),
  'pages/public/unauthorized-page.tsx': () => import('#web/pages/public/unauthorized-page.tsx'),
  'pages/auth/login-chooser-page.tsx': () => import('#web/pages/auth/login-chooser-page.tsx'),
  'pages/auth/login-page.tsx': () => import('#web/pages/auth/login-page.tsx'),
  'pages/auth/signup-user-page.tsx': () => import('#web/pages/auth/signup-user-page.tsx'),
  'pages/auth/signup-freelancer-page.tsx': () => import('#web/pages/auth/signup-freelancer-page.tsx'),
  'pages/apply/shark-application-page.tsx': () => import('#web/pages/apply/shark-application-page.tsx'),
  'pages/apply/confirm-shark-role-page.tsx': () => import('#web/pages/apply/confirm-shark-role-page.tsx'),
  'pages/auth/forgot-password-page.tsx': () => import('#web/pages/auth/forgot-password-page.tsx'),
  'pages/auth/update-password-page.tsx': () => import('#web/pages/auth/update-password-page.tsx'),
  'pages/auth/verify-email-page.tsx': () => import('#web/pages/auth/verify-email-page.tsx'),
  'pages/user/dashboard-page.tsx': () => import('#web/pages/user/dashboard-page.tsx'),
  'pages/user/edit-profile-page.tsx': () => import('#web/pages/user/edit-profile-page.tsx'),
  'pages/sessions/session-page.tsx': () => import('#web/pages/sessions/session-page.tsx'),
  'pages/payments/test-checkout-page.tsx': () => import('#web/pages/payments/test-checkout-page.tsx'),
  'pages/sessions/checkout-page.tsx': () => import('#web/pages/sessions/checkout-page.tsx'),
  'pages/user/bookings-page.tsx': () => import('#web/pages/user/bookings-page.tsx'),
  'pages/user/favorites-page.tsx': () => import('#web/pages/user/favorites-page.tsx'),
  'pages/freelancer/dashboard-page.tsx': () => import('#web/pages/freelancer/dashboard-page.tsx'),
  'pages/freelancer/edit-profile-page.tsx': () => import('#web/pages/freelancer/edit-profile-page.tsx'),
  'pages/freelancer/client-requests-page.tsx': () => import('#web/pages/freelancer/client-requests-page.tsx'),
  'pages/freelancer/client-request-page.tsx': () => import('#web/pages/freelancer/client-request-page.tsx'),
  'pages/freelancer/earnings-page.tsx': () => import('#web/pages/freelancer/earnings-page.tsx'),
  'pages/requests/new-request-page.tsx': () => import('#web/pages/requests/new-request-page.tsx'),
  'pages/requests/my-requests-page.tsx': () => import('#web/pages/requests/my-requests-page.tsx'),
  'pages/requests/request-page.tsx': () => import('#web/pages/requests/request-page.tsx'),
  'pages/engagements/engagement-page.tsx': () => import('#web/pages/engagements/engagement-page.tsx'),
  'pages/shark/dashboard-page.tsx': () => import('#web/pages/shark/dashboard-page.tsx'),
  'pages/shark/edit-profile-page.tsx': () => import('#web/pages/shark/edit-profile-page.tsx'),
  'pages/shark/enrollments-page.tsx': () => import('#web/pages/shark/enrollments-page.tsx'),
  'pages/shark/credentials-page.tsx': () => import('#web/pages/shark/credentials-page.tsx'),
  'pages/shark/availability-page.tsx': () => import('#web/pages/shark/availability-page.tsx'),
  'pages/shark/reviews-page.tsx': () => import('#web/pages/shark/reviews-page.tsx'),
  'pages/shark/payouts-page.tsx': () => import('#web/pages/shark/payouts-page.tsx'),
  'pages/shark/earnings-page.tsx': () => import('#web/pages/shark/earnings-page.tsx'),
  'pages/user/review-page.tsx': () => import('#web/pages/user/review-page.tsx'),
  'pages/subscriptions-page.tsx': () => import('#web/pages/subscriptions-page.tsx'),
  'pages/admin/admin-page.tsx': () => import('#web/pages/admin/admin-page.tsx'),
  'pages/account/account-page.tsx': () => import('#web/pages/account/account-page.tsx'),
};

/** One entry of the table as a route: its page loaded lazily, behind a role guard when it has roles. */
function toRoute(route: RouteDef): RouteObject {
  if (!route.page) return { path: route.path, element: <Navigate to={route.redirectTo ?? '/'} replace /> };
  const load = PAGES[route.page as PageModule];
  const roles = route.roles ? [...route.roles] : null;
  return {
    path: route.path,
    lazy: async () => {
      const { default: Page } = await load();
      if (!roles) return { Component: Page };
      return {
        Component: () => (
          <RequireRole roles={roles}>
            <Page />
          </RequireRole>
        ),
      };
    },
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's code loads (before that, React Router warned "No `HydrateFallback`
    // element provided" on every load): an empty page of the app's background, so nothing flashes.
    hydrateFallbackElement: <div className="min-h-dvh" aria-hidden="true" />,
    children: [
      ...ROUTE_LIST.map(toRoute),
      // Any other path goes home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
