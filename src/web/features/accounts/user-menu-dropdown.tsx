// The open avatar menu: Radix DropdownMenu gives keyboard use, focus handling and closing on Escape or a click
// outside. Loaded by user-menu.tsx when the menu is first opened (or about to be: hover, focus), so the
// dropdown, its positioning engine and its layers are not part of every signed-in page's download.
import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { useLogout } from './api';
import { errorMessage } from '#web/lib/api-client.ts';
import { useToast } from '#web/components/toast.tsx';
import { paths } from '#shared/routes.ts';

const itemClass =
  'flex min-h-11 w-full cursor-pointer items-center rounded-lg px-3 py-2 text-sm text-ink-300 outline-none select-none data-[highlighted]:bg-white/10 data-[highlighted]:text-ink-100';

/**
 * The menu with its trigger, open when it first renders: it replaces the button the visitor just pressed.
 * `trigger` is the avatar and `label` the trigger's accessible name, both as on that button.
 */
export function UserMenuDropdown({
  items,
  triggerClass,
  greetingName,
  label,
  trigger,
}: {
  items: Array<{ label: string; to: string }>;
  triggerClass: string;
  greetingName: string;
  label: string;
  trigger: ReactNode;
}) {
  const navigate = useNavigate();
  const logout = useLogout(() => navigate(paths.login.chooser));
  const toast = useToast();

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
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger id="user-menu" aria-label={label} className={triggerClass}>
        {trigger}
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
