// Test helpers for the account screens: render a whole screen inside the app's providers and a memory router,
// and answer `fetch` at the network boundary with real-looking JSON responses.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '#web/components/toast.tsx';
import type { Session } from '#shared/accounts.ts';

// The test machines are shared and slow at times: give screens more than the default 1 s to settle.
configure({ asyncUtilTimeout: 5000 });

export type Reply = { status: number; body?: unknown };
export type Handler = (req: { method: string; url: URL; body: unknown }) => Reply | Promise<Reply>;

/**
 * Replaces `fetch` with a tiny fake server: keys are "METHOD /path". A request nobody answers gets a 404 in the
 * API's error shape, and is recorded so a test can see what was called.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const handler = handlers[`${method} ${url.pathname}`];
    const reply: Reply = !handler
      ? { status: 404, body: { error: { code: ERROR_CODE.notFound, message: 'Not found' } } }
      : typeof handler === 'function'
        ? await handler({ method, url, body })
        : handler;
    if (reply.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export const signedOut: Session = { user: null, roles: [] };
export const sessionFor = (
  email: string,
  roles: Session['roles'],
  extra: Partial<NonNullable<Session['user']>> = {},
): Session => ({
  user: { id: '7b0f3c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e', email, fullName: null, avatarUrl: null, ...extra },
  roles,
});

/** Where the router is now, shown on every stand-in page so tests can assert navigation. */
function Where({ name }: { name: string }) {
  const loc = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="location">{loc.pathname + loc.search}</p>
    </div>
  );
}
export const standIn = (path: string, name: string): RouteObject => ({
  path,
  element: <Where name={name} />,
});

export function renderScreen(routes: RouteObject[], initialPath: string, extraUi?: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        {extraUi}
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

/** jsdom lacks a few browser APIs that Radix menus use for positioning and pointer handling. */
export function polyfillRadix() {
  if (!('ResizeObserver' in globalThis)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', ResizeObserverStub);
  }
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
}
