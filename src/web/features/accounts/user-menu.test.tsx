import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#shared/constants.ts';
import { RequireRole } from './require-role';
import { mockApi, polyfillRadix, renderScreen, sessionFor, standIn } from '#web/testing/test-utils.tsx';
import { UserMenu } from './user-menu';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  {
    path: '/',
    element: (
      <div>
        <h1>Home</h1>
        <p>Outside the menu</p>
        <UserMenu />
      </div>
    ),
  },
  {
    path: '/user/dashboard',
    element: (
      <RequireRole roles={['user']}>
        <h1>User dashboard</h1>
        <UserMenu />
      </RequireRole>
    ),
  },
  standIn('/login', 'Login chooser'),
];

const EXPECTED: Record<Role, Array<[string, string]>> = {
  user: [
    ['Dashboard', '/user/dashboard'],
    ['Edit profile', '/user/edit-profile'],
    ['Bookings', '/user/bookings'],
    ['Liked Sharks', '/user/favorites'],
    ['My requests', '/requests'],
    ['Be a Freelancer', '/signup/freelancer'],
    ['Be a Shark', '/signup/shark'],
    ['Shark portal', '/login/shark'],
    ['Account settings', '/account'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
  ],
  shark: [
    ['Dashboard', '/shark/dashboard'],
    ['Edit profile', '/shark/edit-profile'],
    ['Availability', '/shark/availability'],
    ['Student Enrollments', '/shark/enrollments'],
    ['Credentials', '/shark/credentials'],
    ['Reviews', '/shark/reviews'],
    ['Earnings', '/shark/earnings'],
    ['Payout details', '/shark/payouts'],
    ['My requests', '/requests'],
    ['Freelancer signup', '/signup/freelancer'],
    ['Subscriptions', '/subscriptions'],
    ['Account settings', '/account'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
  ],
  freelancer: [
    ['Dashboard', '/freelancer/dashboard'],
    ['Edit profile', '/freelancer/edit-profile'],
    ['Client requests', '/freelancer/client-requests'],
    ['Earnings', '/freelancer/earnings'],
    ['My requests', '/requests'],
    ['Become a Shark', '/signup/shark'],
    ['Subscriptions', '/subscriptions'],
    ['Account settings', '/account'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
  ],
  admin: [
    ['Admin console', '/admin'],
    ['Shark profiles', '/shark/edit-profile'],
    ['Student Enrollments', '/shark/enrollments'],
    ['Account settings', '/account'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
  ],
};

/** Opens the menu once the session has loaded (the trigger then names whose menu it is). */
async function openMenu(
  loaded: () => void = () =>
    expect(document.getElementById('user-menu')).toHaveAccessibleName(/Account menu for .+@/),
) {
  const user = userEvent.setup();
  await waitFor(loaded);
  await user.click(document.getElementById('user-menu')!);
  return { user, menu: await screen.findByRole('menu') };
}

describe('user menu', () => {
  it.each(Object.keys(EXPECTED) as Role[])(
    'lists the %s items of the primary role, then Logout',
    async (role) => {
      // Freelancers also hold the user role; the first role decides the menu.
      const roles: Role[] = role === 'freelancer' ? ['freelancer', 'user'] : [role];
      mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor(`${role}@example.com`, roles) } });
      renderScreen(routes, '/');
      const { menu } = await openMenu();
      expect(menu).toHaveTextContent(`Hi, ${role}@example.com`);
      const items = screen.getAllByRole('menuitem');
      expect(items.map((i) => i.textContent)).toEqual([...EXPECTED[role].map(([label]) => label), 'Logout']);
      for (const [label, href] of EXPECTED[role])
        expect(screen.getByRole('menuitem', { name: label })).toHaveAttribute('href', href);
    },
  );

  it("shows initials, or the avatar image when there is one, and 'User' when there is no email", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('', ['user'], { fullName: 'Priya Raman' }) },
    });
    renderScreen(routes, '/');
    const { menu } = await openMenu(() =>
      expect(document.getElementById('user-menu')).toHaveTextContent('PR'),
    );
    expect(menu).toHaveTextContent('Hi, User');
    expect(document.getElementById('user-menu')).toHaveTextContent('PR');
    cleanup();

    mockApi({
      'GET /api/auth/session': {
        status: 200,
        body: sessionFor('a@example.com', ['shark'], { avatarUrl: '/storage/avatars/a.webp' }),
      },
    });
    renderScreen(routes, '/');
    await waitFor(() =>
      expect(document.querySelector('#user-menu img')).toHaveAttribute('src', '/storage/avatars/a.webp'),
    );
  });

  it('opens from the keyboard before its menu has loaded, and gives focus back to its button on Escape', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) } });
    renderScreen(routes, '/');
    const user = userEvent.setup();
    await waitFor(() => expect(document.getElementById('user-menu')).toHaveAccessibleName(/priya@/));
    expect(document.getElementById('user-menu')).toHaveAttribute('aria-haspopup', 'menu');
    document.getElementById('user-menu')!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toHaveTextContent('Hi, priya@example.com');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(document.getElementById('user-menu'));
  });

  it('closes on Escape', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) } });
    renderScreen(routes, '/');
    const { user } = await openMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('closes on a click outside it', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) } });
    renderScreen(routes, '/');
    const { user } = await openMenu();
    await user.click(screen.getByText('Outside the menu'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('logs out on the server, forgets the session and goes to /login', async () => {
    let signedIn = true;
    const { calls } = mockApi({
      'GET /api/auth/session': () => ({
        status: 200,
        body: signedIn ? sessionFor('priya@example.com', ['user']) : { user: null, roles: [] },
      }),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const { queryClient } = renderScreen(routes, '/');
    queryClient.setQueryData(['user', 'bookings'], [{ id: 'b1' }]);
    const { user } = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login chooser' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['session'])).toEqual({ user: null, roles: [] });
    expect(queryClient.getQueryData(['user', 'bookings'])).toBeUndefined();
  });

  it('from a guarded page, logout lands on /login itself (not on a "log in to come back" redirect)', async () => {
    let signedIn = true;
    mockApi({
      'GET /api/auth/session': () => ({
        status: 200,
        body: signedIn ? sessionFor('priya@example.com', ['user']) : { user: null, roles: [] },
      }),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    renderScreen(routes, '/user/dashboard');
    await screen.findByRole('heading', { name: 'User dashboard' });
    const { user } = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login chooser' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('keeps the session, warns in the console and says so when logout fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'POST /api/auth/logout': {
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
      },
    });
    const { queryClient } = renderScreen(routes, '/');
    const { user } = await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(
      await screen.findByText('Logout failed: Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['session'])).toMatchObject({ user: { email: 'priya@example.com' } });
  });
});
