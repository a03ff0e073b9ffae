// Every route of the web app, once: its path, who may open it, its document title, whether crawlers index
// it, and the page module the router lazily loads (a path under src/web, which is also the key of the Vite
// build manifest the server preloads from). The web router, the login portals, the server's SEO head,
// robots.txt, sitemap and first-paint code, and every link (`paths`) read this table (decision 075).
import { SITE_NAME, type Role } from './constants';
// Type-only import: this file ships with every page (links), so it must not pull zod into the entry chunk.
import type { LoginPortal } from './accounts';

/** Where a public, indexable page is described to crawlers and link previews. */
export interface RouteSeo {
  /** The <title> written into the HTML; absent: "<title> | Shark Security". */
  title?: string;
  description: string;
}

export interface RouteDef {
  readonly path: string;
  /** The page module under src/web, loaded lazily; absent for a redirect. */
  readonly page?: string;
  /** A route without a page goes to this path (links exist; the pages do not yet). */
  readonly redirectTo?: string;
  /** Roles allowed to open the page; absent: anyone. A guarded page is never crawled. */
  readonly roles?: readonly Role[];
  /** The document title the page sets; absent where the page titles itself from its data. */
  readonly title?: string;
  /** Indexable: written into the sitemap and given its own head. 'dynamic': the server builds the head from data. */
  readonly seo?: RouteSeo | 'dynamic';
  /** robots.txt asks crawlers to skip it (always so for a guarded page). */
  readonly noCrawl?: true;
}

interface RouteTree {
  readonly [name: string]: RouteDef | RouteTree;
}

const SIGNED_IN = ['user', 'shark', 'freelancer'] as const;

export const ROUTES = {
  home: {
    path: '/',
    page: 'pages/public/home-page.tsx',
    title: SITE_NAME,
    seo: {
      title: `${SITE_NAME} | Cybersecurity services and mentors`,
      description:
        'Cybersecurity services and mentoring: penetration testing, red teaming, cloud security and forensics, with mentors we call sharks.',
    },
  },
  services: {
    path: '/services',
    page: 'pages/public/services-page.tsx',
    title: 'Services',
    seo: {
      description:
        'Penetration testing, red teaming, cloud security, forensics, incident response and training, delivered by certified experts.',
    },
  },
  sharks: {
    list: {
      path: '/sharks',
      page: 'pages/public/sharks-page.tsx',
      title: 'Sharks',
      seo: {
        description: 'Find a cybersecurity mentor: search sharks by name, specialization, rating and price.',
      },
    },
    profile: { path: '/sharks/:id', page: 'pages/public/shark-profile-page.tsx', seo: 'dynamic' },
  },
  freelancers: {
    list: {
      path: '/freelancers',
      page: 'pages/public/freelancers-page.tsx',
      title: 'Freelancers',
      seo: {
        description:
          'Hire vetted security freelancers in India for penetration tests, red teaming, cloud reviews and forensics.',
      },
    },
    profile: { path: '/freelancers/:id', page: 'pages/public/freelancer-profile-page.tsx', seo: 'dynamic' },
  },
  contact: {
    path: '/contact',
    page: 'pages/public/contact-page.tsx',
    title: 'Contact',
    seo: { description: 'Write to us: we reply within 24 hours.' },
  },
  unauthorized: {
    path: '/unauthorized',
    page: 'pages/public/unauthorized-page.tsx',
    title: '403 - Unauthorized',
    noCrawl: true,
  },

  login: {
    chooser: { path: '/login', page: 'pages/auth/login-chooser-page.tsx', title: 'Login', noCrawl: true },
    /** One login form per portal; the page titles itself ('User Login', ...). */
    portal: { path: '/login/:portal', page: 'pages/auth/login-page.tsx', noCrawl: true },
  },
  signup: {
    user: { path: '/signup/user', page: 'pages/auth/signup-user-page.tsx', title: 'Sign up', noCrawl: true },
    /** 'Freelancer sign up', or 'Become a freelancer' for a signed-in visitor: the page titles itself. */
    freelancer: { path: '/signup/freelancer', page: 'pages/auth/signup-freelancer-page.tsx', noCrawl: true },
    shark: {
      path: '/signup/shark',
      page: 'pages/apply/shark-application-page.tsx',
      title: 'Be a Shark',
      noCrawl: true,
    },
  },
  /** The link mailed when an approved applicant's email already had an account (decision 032). */
  confirmSharkRole: {
    path: '/shark-application/confirm',
    page: 'pages/apply/confirm-shark-role-page.tsx',
    title: 'Confirm your shark account',
    noCrawl: true,
  },
  forgotPassword: {
    path: '/forgotpassword',
    page: 'pages/auth/forgot-password-page.tsx',
    title: 'Forgot password',
    noCrawl: true,
  },
  updatePassword: {
    path: '/update-password',
    page: 'pages/auth/update-password-page.tsx',
    title: 'Choose a new password',
    noCrawl: true,
  },
  verifyEmail: {
    path: '/verify-email',
    page: 'pages/auth/verify-email-page.tsx',
    title: 'Verify your email',
    noCrawl: true,
  },

  /** One booking's page, for its learner, its shark and admins; the API answers 404 to anyone else. */
  sessions: {
    detail: {
      path: '/sessions/:id',
      page: 'pages/sessions/session-page.tsx',
      roles: ['user', 'shark', 'admin'],
      title: 'Session',
    },
    /** A paid course's checkout: the learner pays while the slot is held (issue 23). */
    checkout: {
      path: '/sessions/:id/checkout',
      page: 'pages/sessions/checkout-page.tsx',
      roles: ['user'],
      title: 'Checkout',
      noCrawl: true,
    },
  },

  /** Client requests (issue 27): any signed-in account posts one and follows its proposals; 404 for others. */
  requests: {
    new: {
      path: '/requests/new',
      page: 'pages/requests/new-request-page.tsx',
      roles: ['user', 'shark', 'freelancer', 'admin'],
      title: 'Post a request',
    },
    mine: {
      path: '/requests',
      page: 'pages/requests/my-requests-page.tsx',
      roles: ['user', 'shark', 'freelancer', 'admin'],
      title: 'My requests',
    },
    detail: {
      path: '/requests/:id',
      page: 'pages/requests/request-page.tsx',
      roles: ['user', 'shark', 'freelancer', 'admin'],
      title: 'Request',
    },
  },

  /** Engagements (issue 27): the hired work, for its client, its freelancer and admins; 404 for anyone else. */
  engagements: {
    detail: {
      path: '/engagements/:id',
      page: 'pages/engagements/engagement-page.tsx',
      roles: ['user', 'shark', 'freelancer', 'admin'],
      title: 'Engagement',
      noCrawl: true,
    },
  },

  payments: {
    /**
     * Test mode's checkout window (decision 133): the built-in test gateway's stand-in for Razorpay Checkout,
     * opened by the session's checkout step with ?session=<booking id>&amount=<paise>&description=...
     */
    testCheckout: {
      path: '/test-checkout/:orderId',
      page: 'pages/payments/test-checkout-page.tsx',
      roles: ['user'],
      title: 'Test checkout',
    },
  },

  user: {
    dashboard: {
      path: '/user/dashboard',
      page: 'pages/user/dashboard-page.tsx',
      roles: SIGNED_IN,
      title: 'Dashboard',
    },
    editProfile: {
      path: '/user/edit-profile',
      page: 'pages/user/edit-profile-page.tsx',
      roles: SIGNED_IN,
      title: 'Edit profile',
    },
    bookings: {
      path: '/user/bookings',
      page: 'pages/user/bookings-page.tsx',
      roles: SIGNED_IN,
      title: 'My bookings',
    },
    favorites: {
      path: '/user/favorites',
      page: 'pages/user/favorites-page.tsx',
      roles: SIGNED_IN,
      title: 'Liked Sharks',
    },
    /** The learner's review of one completed session (issue 14); the API answers 404 to anyone else. */
    review: {
      path: '/sessions/:id/review',
      page: 'pages/user/review-page.tsx',
      roles: SIGNED_IN,
      title: 'Review your session',
    },
  },
  freelancer: {
    /** 'Freelancer dashboard', or the 403 title for a visitor without the role: the page titles itself. */
    dashboard: {
      path: '/freelancer/dashboard',
      page: 'pages/freelancer/dashboard-page.tsx',
      roles: ['freelancer'],
    },
    editProfile: {
      path: '/freelancer/edit-profile',
      page: 'pages/freelancer/edit-profile-page.tsx',
      roles: ['freelancer'],
      title: 'Edit freelancer profile',
    },
    clientRequests: {
      path: '/freelancer/client-requests',
      page: 'pages/freelancer/client-requests-page.tsx',
      roles: ['freelancer'],
      title: 'Client requests',
    },
    /** The freelancer's money (issue 27): the balance, a line per paid milestone, payouts, payout details. */
    earnings: {
      path: '/freelancer/earnings',
      page: 'pages/freelancer/earnings-page.tsx',
      roles: ['freelancer'],
      title: 'Freelancer earnings',
    },
    /** One client request as a freelancer sees it: the NDA, the scope, its own proposal. */
    clientRequest: {
      path: '/freelancer/client-requests/:id',
      page: 'pages/freelancer/client-request-page.tsx',
      roles: ['freelancer'],
      title: 'Client request',
    },
  },
  shark: {
    dashboard: {
      path: '/shark/dashboard',
      page: 'pages/shark/dashboard-page.tsx',
      roles: ['shark'],
      title: 'Shark dashboard',
    },
    editProfile: {
      path: '/shark/edit-profile',
      page: 'pages/shark/edit-profile-page.tsx',
      roles: ['shark', 'admin'],
      title: 'Edit shark profile',
    },
    enrollments: {
      path: '/shark/enrollments',
      page: 'pages/shark/enrollments-page.tsx',
      roles: ['shark', 'admin'],
      title: 'Student enrollments',
    },
    credentials: {
      path: '/shark/credentials',
      page: 'pages/shark/credentials-page.tsx',
      roles: ['shark', 'admin'],
      title: 'Credentials',
    },
    availability: {
      path: '/shark/availability',
      page: 'pages/shark/availability-page.tsx',
      roles: ['shark', 'admin'],
      title: 'Availability',
    },
    reviews: {
      path: '/shark/reviews',
      page: 'pages/shark/reviews-page.tsx',
      roles: ['shark', 'admin'],
      title: 'Reviews',
    },
    /** Where the shark is paid (issue 24); an admin sees them masked and cannot change them. */
    payouts: {
      path: '/shark/payouts',
      page: 'pages/shark/payouts-page.tsx',
      roles: ['shark', 'admin'],
      title: 'Payout details',
    },
    /** The shark's balance (pending, available, paid out) and each paid session's money (issue 24). */
    earnings: {
      path: '/shark/earnings',
      page: 'pages/shark/earnings-page.tsx',
      roles: ['shark', 'admin'],
      title: 'Earnings',
    },
  },
  subscriptions: {
    path: '/subscriptions',
    page: 'pages/subscriptions-page.tsx',
    title: 'Subscriptions',
    noCrawl: true,
  },
  admin: { path: '/admin', page: 'pages/admin/admin-page.tsx', roles: ['admin'], title: 'Admin console' },
  /** Every account's own settings: password, sessions, email, its data, deleting it (issue 10). */
  account: {
    path: '/account',
    page: 'pages/account/account-page.tsx',
    roles: ['user', 'shark', 'freelancer', 'admin'],
    title: 'Account settings',
  },

  // The legal pages: real pages, public and indexable (decision 013 replaces the spec's redirect home).
  privacy: {
    path: '/privacy',
    page: 'pages/public/privacy-page.tsx',
    title: 'Privacy notice',
    seo: {
      description:
        'What personal data Shark Security collects, why, for how long, and your rights under the Digital Personal Data Protection Act, 2023.',
    },
  },
  terms: {
    path: '/terms',
    page: 'pages/public/terms-page.tsx',
    title: 'Terms of use',
    seo: { description: 'The rules for using Shark Security: accounts, bookings with sharks and payments.' },
  },
  cookies: {
    path: '/cookies',
    page: 'pages/public/cookies-page.tsx',
    title: 'Cookie notice',
    seo: { description: 'Shark Security uses one cookie, to keep you signed in, and no tracking cookies.' },
  },

  // Linked from the navbar; no page yet, so it goes home (as does any unknown path).
  cart: { path: '/cart', redirectTo: '/', noCrawl: true },
} as const satisfies RouteTree;

type Tree = typeof ROUTES;

/** The page modules the table names: the router's map of lazy imports must have exactly these keys. */
type PagesOf<T> = T extends { readonly page: infer M extends string }
  ? M
  : T extends { readonly path: string }
    ? never
    : { [K in keyof T]: PagesOf<T[K]> }[keyof T];
export type PageModule = PagesOf<Tree>;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<`/${Rest}`>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** A route's link: its path, or a builder taking its parameters in order (`paths.sharks.profile(id)`). */
type AsStrings<T extends readonly unknown[]> = { [K in keyof T]: string };
type Href<P extends string> =
  ParamNames<P> extends [] ? string : (...values: AsStrings<ParamNames<P>>) => string;
type Paths<T> = {
  readonly [K in keyof T]: T[K] extends { readonly path: infer P extends string } ? Href<P> : Paths<T[K]>;
};

const isRoute = (node: RouteDef | RouteTree): node is RouteDef => typeof node.path === 'string';

/** Fills a path's `:name` parameters in order, each URL-encoded. */
export function fillPath(path: string, values: readonly string[]): string {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[i++] ?? ''));
}

function buildPaths(tree: RouteTree): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]) => [
      name,
      isRoute(node)
        ? node.path.includes(':')
          ? (...values: string[]) => fillPath(node.path, values)
          : node.path
        : buildPaths(node),
    ]),
  );
}

/** Every link of the app, typed: `paths.user.dashboard`, `paths.sharks.profile(id)`, `paths.login.portal('shark')`. */
export const paths = buildPaths(ROUTES) as Paths<Tree>;

function flatten(tree: RouteTree): RouteDef[] {
  return Object.values(tree).flatMap((node) => (isRoute(node) ? [node] : flatten(node)));
}

/** The table as a list, in its order (the router's order). */
export const ROUTE_LIST: readonly RouteDef[] = flatten(ROUTES);

/** Where each login portal (and each role) lands after logging in. */
export const PORTAL_HOME: Readonly<Record<LoginPortal, string>> = {
  user: paths.user.dashboard,
  shark: paths.shark.dashboard,
  freelancer: paths.freelancer.dashboard,
  admin: paths.admin,
};

/**
 * A RegExp matching a route's path, with or without a trailing slash; each parameter matches one segment and is
 * captured, in order ('/sharks/:id' -> match[1] is the id, still URL-encoded).
 */
export function routePattern(path: string): RegExp {
  if (path === '/') return /^\/$/;
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('\\/');
  return new RegExp(`^${body}\\/?$`);
}

/** The pages crawlers may index (the SEO head, the sitemap's static part, the first-paint preload). */
export const INDEXABLE_ROUTES = ROUTE_LIST.filter((r) => r.seo !== undefined);

/**
 * robots.txt's Disallow lines for the app's pages: a guarded or noCrawl route's first segment, with a
 * trailing slash when the route lies below it ('/shark/' must not cover the public '/sharks'), minus the
 * prefixes another one already covers.
 */
export function disallowedPrefixes(): string[] {
  const all = ROUTE_LIST.filter((r) => r.roles || r.noCrawl).map((r) => {
    const segments = r.path.split('/').filter(Boolean);
    return segments.length > 1 ? `/${segments[0]}/` : `/${segments[0]}`;
  });
  const unique = [...new Set(all)];
  return unique.filter((p) => !unique.some((q) => q !== p && !q.endsWith('/') && p.startsWith(`${q}/`)));
}
