// Every route of the app, code-split per page. Guards follow the spec's access table (section 2).
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Role } from '../shared/constants';
import { RequireRole } from './auth/require-role';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './components/route-error';

type PageModule = { default: ComponentType };

/** A lazily loaded page, optionally behind a role guard. */
function page(load: () => Promise<PageModule>, roles?: Role[]): Pick<RouteObject, 'lazy'> {
  return {
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
    children: [
      { path: '/', ...page(() => import('./pages/public/home-page')) },
      { path: '/services', ...page(() => import('./pages/public/services-page')) },
      { path: '/sharks', ...page(() => import('./pages/public/sharks-page')) },
      { path: '/sharks/:id', ...page(() => import('./pages/public/shark-profile-page')) },
      { path: '/freelancers', ...page(() => import('./pages/public/freelancers-page')) },
      { path: '/contact', ...page(() => import('./pages/public/contact-page')) },
      { path: '/unauthorized', ...page(() => import('./pages/public/unauthorized-page')) },

      { path: '/login', ...page(() => import('./pages/auth/login-chooser-page')) },
      { path: '/login/:portal', ...page(() => import('./pages/auth/login-page')) },
      { path: '/signup/user', ...page(() => import('./pages/auth/signup-user-page')) },
      { path: '/signup/freelancer', ...page(() => import('./pages/auth/signup-freelancer-page')) },
      { path: '/signup/shark', ...page(() => import('./pages/apply/shark-application-page')) },
      { path: '/forgotpassword', ...page(() => import('./pages/auth/forgot-password-page')) },
      { path: '/update-password', ...page(() => import('./pages/auth/update-password-page')) },
      { path: '/verify-email', ...page(() => import('./pages/auth/verify-email-page')) },

      { path: '/user/dashboard', ...page(() => import('./pages/user/dashboard-page'), ['user', 'shark', 'freelancer']) },
      { path: '/user/edit-profile', ...page(() => import('./pages/user/edit-profile-page'), ['user', 'shark', 'freelancer']) },
      { path: '/user/bookings', ...page(() => import('./pages/user/bookings-page'), ['user', 'shark', 'freelancer']) },
      { path: '/user/favorites', ...page(() => import('./pages/user/favorites-page'), ['user', 'shark', 'freelancer']) },

      { path: '/freelancer/dashboard', ...page(() => import('./pages/freelancer/dashboard-page'), ['freelancer']) },
      { path: '/freelancer/edit-profile', ...page(() => import('./pages/freelancer/edit-profile-page'), ['freelancer']) },
      { path: '/freelancer/client-requests', ...page(() => import('./pages/freelancer/client-requests-page'), ['freelancer']) },

      { path: '/shark/dashboard', ...page(() => import('./pages/shark/dashboard-page'), ['shark']) },
      { path: '/shark/edit-profile', ...page(() => import('./pages/shark/edit-profile-page'), ['shark', 'admin']) },
      { path: '/shark/enrollments', ...page(() => import('./pages/shark/enrollments-page'), ['shark', 'admin']) },

      { path: '/subscriptions', ...page(() => import('./pages/subscriptions-page')) },
      { path: '/admin', ...page(() => import('./pages/admin/admin-page'), ['admin']) },

      // Any other path (including /privacy, /terms, /cookies and /cart) goes home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
