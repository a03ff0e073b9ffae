// The frame of every page: navbar, the page, footer.
import { Suspense } from 'react';
import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { Navbar } from './navbar';
import { Footer } from '#web/components/layout/footer.tsx';
import { Spinner } from '#web/components/spinner.tsx';

/**
 * Where ScrollRestoration files a page's scroll position. Every page loaded as a new document starts with the
 * key "default", so with the default key a link opened in the same tab (or a typed URL) landed at the scroll
 * position of the previous document. Such pages are filed by their URL instead; a reload still restores.
 */
export const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[60] focus:rounded-lg focus:bg-accent-400 focus:px-3 focus:py-2 focus:text-ink-950"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1 pt-16">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
