// The frame of every page: navbar, the page, footer.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router';
import { Navbar } from './navbar';
import { Spinner } from '#web/components/spinner.tsx';

// The footer is below the fold of every page: its code (links, icons, the copy button) is fetched from here, as this
// module loads, beside the first page's chunk, instead of riding in the entry every page waits for (decision 199).
const footerModule = import('#web/components/layout/footer.tsx');
const Footer = lazy(() => footerModule.then((m) => ({ default: m.Footer })));

/**
 * Where ScrollRestoration files a page's scroll position. Every page loaded as a new document starts with the
 * key "default", so with the default key a link opened in the same tab (or a typed URL) landed at the scroll
 * position of the previous document. Such pages are filed by their URL instead; a reload still restores.
 */
export const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/**
 * After moving to another page in the app, focus goes to the page's content, as a new document would start
 * there: otherwise it stays on a link of the old page or, that element gone (a form that logged in), on
 * <body>, and the next Tab leaves the page. Only the path counts: a search typed into the URL keeps its focus,
 * and a page that placed focus itself (inside <main>) keeps it.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    const main = document.getElementById('main');
    if (!main || main.contains(document.activeElement)) return;
    main.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  useFocusOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-accent-400 focus:px-3 focus:py-2 focus:text-ink-950"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-offset-[-2px]">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
