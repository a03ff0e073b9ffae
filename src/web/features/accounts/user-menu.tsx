// The avatar menu of a signed-in visitor (#user-menu): a greeting, the links of their primary (first) role, Logout.
// Radix DropdownMenu gives keyboard use, focus handling and closing on Escape or a click outside.
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { useLogout, useSession } from './api';
import { errorMessage } from '#web/lib/api-client.ts';
import { useToast } from '#web/components/toast.tsx';
import { paths } from '#shared/routes.ts';

type MenuLink = { label: string; to: string };

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

const itemClass =
  'flex min-h-11 w-full cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-ink-300 outline-none select-none data-[highlighted]:bg-white/10 data-[highlighted]:text-ink-100';

export function UserMenu() {
  const { user, primaryRole } = useSession();
  const navigate = useNavigate();
  const logout = useLogout(() => navigate(paths.login.chooser));
  const toast = useToast();
  const items = primaryRole ? MENU_BY_ROLE[primaryRole] : [];
  const greetingName = user?.email || 'User';

  const onLogout = () => {
    logout.mutate(undefined, {
      onError: (err) => {
        // The session may still be alive on the server: keep showing it as signed in (spec section 4).
        console.warn('Logout failed', err);
        toast(`Logout failed: ${errorMessage(err)}`, 'error');
      },
    });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        id="user-menu"
        aria-label={`Account menu for ${greetingName}`}
        className="grid h-10 w-10 shrink-0 place-items-center overflow-hidden rounded-full border border-accent-400/50 bg-accent-400/15 text-sm font-bold text-accent-300 transition hover:border-accent-300 data-[state=open]:ring-2 data-[state=open]:ring-accent-400/60"
      >
        {user?.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="h-full w-full object-cover" width={40} height={40} />
        ) : (
          <span aria-hidden="true">{initialsOf(user?.fullName, user?.email)}</span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-[60] w-72 max-w-[calc(100vw-1rem)] rounded-2xl border border-white/10 bg-ink-900 p-2 text-ink-100 shadow-xl shadow-black/50"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-3">
            <span className="block text-xs text-ink-400">Signed in as</span>
            {/* A long email is cut with an ellipsis, never broken mid-word; the title shows it whole. */}
            <span title={greetingName} className="block truncate text-sm font-semibold text-ink-100">
              Hi, {greetingName}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mb-1 h-px bg-white/10" />
          {items.map((item) => (
            <DropdownMenu.Item key={item.label} asChild className={itemClass}>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-white/10" />
          <DropdownMenu.Item
            className={`${itemClass} text-danger-400 data-[highlighted]:text-danger-400`}
            disabled={logout.isPending}
            onSelect={onLogout}
          >
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
