import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  polyfillRadix,
  renderScreen,
  sessionFor,
  signedOut,
  standIn,
} from '#web/testing/test-utils.tsx';
import { RootLayout } from './root-layout';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const routes = [
  {
    element: <RootLayout />,
    children: [standIn('/', 'Home page'), standIn('/sharks', 'Sharks page'), standIn('/cart', 'Cart')],
  },
];

describe('navbar', () => {
  it('links Home, Services, Sharks, Freelancers, Contact in order, with a cart showing 0 and Login when signed out', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const desktop = within(nav).getAllByRole('list')[0];
    expect(
      within(desktop)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
      ['Sharks', '/sharks'],
      ['Freelancers', '/freelancers'],
      ['Contact', '/contact'],
    ]);
    const cart = within(nav).getByRole('link', { name: 'Cart, 0 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent('0');
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows a neutral placeholder, neither Login nor a menu, while the session loads', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    mockApi({ 'GET /api/auth/session': () => new Promise((resolve) => (answer = resolve)) });
    renderScreen(routes, '/');
    expect(screen.getByTestId('session-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    answer({ status: 200, body: sessionFor('learner@example.com', ['user']) });
    await waitFor(() => expect(document.getElementById('user-menu')).toBeInTheDocument());
    expect(screen.queryByTestId('session-placeholder')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('gives the menu button, cart, Login and footer links tap targets of at least 44 px', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Open menu' })).toHaveClass('h-11', 'w-11', 'shrink-0');
    expect(within(nav).getByRole('link', { name: 'Cart, 0 items' })).toHaveClass('min-h-11', 'min-w-11');
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveClass('min-h-11');
    for (const link of within(screen.getByRole('navigation', { name: 'Legal' })).getAllByRole('link'))
      expect(link).toHaveClass('min-h-11');
    for (const link of within(screen.getByRole('navigation', { name: 'Footer' })).getAllByRole('link'))
      expect(link).toHaveClass('min-h-11');
  });

  it('shows the user menu instead of Login when signed in', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor('learner@example.com', ['user']) } });
    renderScreen(routes, '/');
    await waitFor(() => expect(document.getElementById('user-menu')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('sends the search to /sharks?search=...', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/');
    await user.type(
      screen.getByRole('searchbox', { name: 'Search sharks', hidden: false }),
      'cloud & forensics{Enter}',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/sharks'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('cloud & forensics');
  });

  it('enters the scrolled state past 10 pixels', () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 10;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
    act(() => {
      window.scrollY = 11;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'true');
    act(() => {
      window.scrollY = 0;
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('opens and closes the phone menu with a labelled button', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    const user = userEvent.setup();
    renderScreen(routes, '/');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(menu).not.toBeVisible();
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    await user.click(within(menu).getByRole('link', { name: 'Sharks' }));
    await waitFor(() => expect(menu).not.toBeVisible());
    expect(screen.getByRole('heading', { name: 'Sharks page' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('copies the email on click and shows a notice for 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    // After setup: user-event installs its own clipboard stub.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(routes, '/');
    await user.click(screen.getByRole('button', { name: 'Copy email address contact@sharksecurity.in' }));
    expect(writeText).toHaveBeenCalledWith('contact@sharksecurity.in');
    expect(await screen.findByText('Email copied to clipboard')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_900));
    expect(screen.getByText('Email copied to clipboard')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText('Email copied to clipboard')).not.toBeInTheDocument());
  });

  it('shows the newsletter as coming soon with nothing to submit, the contact details, social and legal links', () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/');
    const footer = screen.getByRole('contentinfo');
    const f = within(footer);
    const newsletter = f.getByRole('region', { name: /Newsletter/ });
    expect(newsletter).toHaveTextContent('Coming soon');
    expect(within(newsletter).getByLabelText('Newsletter email (coming soon)')).toBeDisabled();
    expect(within(newsletter).getByRole('button', { name: 'Coming soon' })).toBeDisabled();
    expect(f.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(f.getByText('Bengaluru, Karnataka, India')).toBeInTheDocument();
    const social = f.getByRole('list', { name: 'Social media' });
    for (const link of within(social).getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const legal = f.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/privacy', '/terms', '/cookies']);
  });
});

describe('moving between pages', () => {
  it("puts focus on the new page's content, not on the old link or <body>", async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    const user = userEvent.setup();
    renderScreen(routes, '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const sharks = within(within(nav).getAllByRole('list')[0]!).getByRole('link', { name: 'Sharks' });
    sharks.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Sharks page')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
