import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signedOut } from '#web/testing/test-utils.tsx';
import { ROUTES } from '#shared/routes.ts';
import { fullTitle } from '#web/lib/use-document-title.ts';
import TermsPage from './terms-page';
import PrivacyPage from './privacy-page';
import CookiesPage from './cookies-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/terms', element: <TermsPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/cookies', element: <CookiesPage /> },
];

describe('legal pages', () => {
  it('the privacy notice says what is collected, why, for how long, the DPDP rights and who to contact', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(document.title).toBe('Privacy notice | Shark Security');
    for (const h of [
      'What we collect',
      'Why we use it',
      'How long we keep it',
      'Your rights',
      'Who to contact',
    ])
      expect(screen.getByRole('heading', { level: 2, name: h })).toBeInTheDocument();
    expect(document.body).toHaveTextContent('Digital Personal Data Protection Act, 2023');
    expect(document.body).toHaveTextContent('contact@sharksecurity.in');
    const others = screen.getByRole('navigation', { name: 'Other legal pages' });
    expect(within(others).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(others).getByRole('link', { name: 'Cookies' })).toHaveAttribute('href', '/cookies');
  });

  it('the terms and the cookie notice are pages of their own', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    // Learners pay through the site (issue 23): the terms say so, and what each kind of cancellation refunds.
    expect(document.body).toHaveTextContent('You pay through this site when you send the request');
    expect(document.body).toHaveTextContent('platform fee already included');
    expect(document.body).toHaveTextContent(
      'If the shark declines your request or lets it expire, or cancels the session, you get the full amount back to the original payment method.',
    );
    expect(document.body).toHaveTextContent('nothing if you do not show up');
    expect(document.body).not.toHaveTextContent(/arranged directly with the shark/);
    cleanup();
    renderScreen(routes, '/cookies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie notice' })).toBeInTheDocument();
    expect(document.title).toBe('Cookie notice | Shark Security');
  });

  it('are public and indexable in the route table; /cart still goes home', () => {
    for (const r of [ROUTES.terms, ROUTES.privacy, ROUTES.cookies]) {
      expect(r).not.toHaveProperty('roles');
      expect(r).not.toHaveProperty('redirectTo');
      expect(typeof r.seo).toBe('object');
    }
    expect(ROUTES.cart.redirectTo).toBe('/');
  });

  it('the home page titles itself as the server head does, so the title does not change after load', () => {
    expect(fullTitle(ROUTES.home.seo.title)).toBe('Shark Security | Cybersecurity services and mentors');
  });
});
