// The avatar menu of a signed-in visitor (#user-menu): a greeting, the links of their primary (first) role, Logout.
// The avatar button renders at once; the menu (user-menu-dropdown.tsx, with Radix's dropdown and positioning,
// about 15 KB gzipped) loads when the visitor points at, focuses or opens it, and replaces the button.
import { useState } from 'react';
import type { Role } from '#shared/constants.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { paths } from '#shared/routes.ts';

export type MenuLink = { label: string; to: string };

/**
 * The spec's menus (section 2) in order; admin gets its console and the shark pages it may open. Two changes
 * from the spec's words: a learner's "Shark Login" reads "Shark portal" (it is the sharks' login, not the
 * learner's), and every menu links the privacy notice after the terms (decision 013).
 */
export const MENU_BY_ROLE: Record<Role, MenuLink[]> = {
  user: [
    { label: 'Dashboard', to: paths.user.dashboard },
    { label: 'Edit profile', to: paths.user.editProfile },
    { label: 'Bookings', to: paths.user.bookings },
    { label: 'Liked Sharks', to: paths.user.favorites },
    // Any signed-in account can be a client (issue 27): its requests are one click away.
    { label: 'My requests', to: paths.requests.mine },
    { label: 'Be a Freelancer', to: paths.signup.freelancer },
    { label: 'Be a Shark', to: paths.signup.shark },
    { label: 'Shark portal', to: paths.login.portal('shark') },
    { label: 'Account settings', to: paths.account },
    { label: 'Terms', to: paths.terms },
    { label: 'Privacy', to: paths.privacy },
  ],
  shark: [
    { label: 'Dashboard', to: paths.shark.dashboard },
    { label: 'Edit profile', to: paths.shark.editProfile },
    { label: 'Availability', to: paths.shark.availability },
    { label: 'Student Enrollments', to: paths.shark.enrollments },
    { label: 'Credentials', to: paths.shark.credentials },
    { label: 'Reviews', to: paths.shark.reviews },
    { label: 'Earnings', to: paths.shark.earnings },
    { label: 'Payout details', to: paths.shark.payouts },
    { label: 'My requests', to: paths.requests.mine },
    { label: 'Freelancer signup', to: paths.signup.freelancer },
    { label: 'Subscriptions', to: paths.subscriptions },
    { label: 'Account settings', to: paths.account },
    { label: 'Terms', to: paths.terms },
    { label: 'Privacy', to: paths.privacy },
  ],
  freelancer: [
    { label: 'Dashboard', to: paths.freelancer.dashboard },
    { label: 'Edit profile', to: paths.freelancer.editProfile },
    { label: 'Client requests', to: paths.freelancer.clientRequests },
    { label: 'Earnings', to: paths.freelancer.earnings },
    { label: 'My requests', to: paths.requests.mine },
    { label: 'Become a Shark', to: paths.signup.shark },
    { label: 'Subscriptions', to: paths.subscriptions },
    { label: 'Account settings', to: paths.account },
    { label: 'Terms', to: paths.terms },
    { label: 'Privacy', to: paths.privacy },
  ],
  admin: [
    { label: 'Admin console', to: paths.admin },
    { label: 'Shark profiles', to: paths.shark.editProfile },
    { label: 'Student Enrollments', to: paths.shark.enrollments },
    { label: 'Account settings', to: paths.account },
    { label: 'Terms', to: paths.terms },
    { label: 'Privacy', to: paths.privacy },
  ],
};

/** Up to two letters: the first of the first and last name, else of the email. */
export function initialsOf(fullName: string | null | undefined, email: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0)
    return (words[0]![0]! + (words.length > 1 ? words[words.length - 1]![0]! : '')).toUpperCase();
  const first = (email ?? '').trim()[0];
  return first ? first.toUpperCase() : 'U';
}

const triggerClass =
  'grid h-11 w-11 shrink-0 place-items-center overflow-hidden rounded-full border border-accent-400/50 bg-accent-400/15 text-sm font-bold text-accent-300 transition hover:border-accent-300 data-[state=open]:ring-2 data-[state=open]:ring-accent-400/60';

type Dropdown = typeof import('./user-menu-dropdown').UserMenuDropdown;
let dropdown: Promise<Dropdown> | null = null;
const loadDropdown = () =>
  (dropdown ??= import('./user-menu-dropdown').then(
    (m) => m.UserMenuDropdown,
    (err: unknown) => {
      dropdown = null;
      throw err;
    },
  ));
const preload = () => void loadDropdown().catch(() => undefined);

export function UserMenu() {
  const { user, primaryRole } = useSession();
  const [Dropdown, setDropdown] = useState<Dropdown | null>(null);
  const items = primaryRole ? MENU_BY_ROLE[primaryRole] : [];
  const greetingName = user?.email || 'User';
  const label = `Account menu for ${greetingName}`;
  const avatar = user?.avatarUrl ? (
    <img src={user.avatarUrl} alt="" className="h-full w-full object-cover" width={40} height={40} />
  ) : (
    <span aria-hidden="true">{initialsOf(user?.fullName, user?.email)}</span>
  );

  if (Dropdown)
    return (
      <Dropdown
        items={items}
        triggerClass={triggerClass}
        greetingName={greetingName}
        label={label}
        trigger={avatar}
      />
    );

  // Until first opened: the same button. Pointing at or focusing it fetches the menu; pressing it the way
  // Radix's trigger opens (pointer down; Enter, Space or ArrowDown) shows the menu, open, in its place, and the
  // open menu takes focus as Radix's does. A failed load (offline) leaves the button to try again.
  const open = () =>
    void loadDropdown().then(
      (loaded) => setDropdown(() => loaded),
      () => undefined,
    );
  return (
    <button
      type="button"
      id="user-menu"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerClass}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(e) => e.button === 0 && !e.ctrlKey && open()}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        open();
      }}
    >
      {avatar}
    </button>
  );
}
