// The top bar on every page: links in the spec's order, search (lands on /sharks?search=...), cart (fixed 0),
// login or the user menu; a solid background once scrolled past 10 px; a menu button on phones and tablets.
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { NAV_SCROLLED_THRESHOLD_PX } from '#shared/constants.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { paths } from '#shared/routes.ts';

// The avatar menu (Radix dropdown and its positioning engine) loads only for signed-in visitors, which keeps
// it out of the JavaScript every visitor downloads for the home page (budget: 170 KB gzipped).
const UserMenu = lazy(() =>
  import('#web/features/accounts/user-menu.tsx').then((m) => ({ default: m.UserMenu })),
);

const LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.services, label: 'Services' },
  { to: paths.sharks.list, label: 'Sharks' },
  { to: paths.freelancers.list, label: 'Freelancers' },
  { to: paths.contact, label: 'Contact' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium transition ${isActive ? 'text-accent-300' : 'text-ink-300 hover:text-ink-100'}`;

function SearchForm({ id, className, onDone }: { id: string; className?: string; onDone?: () => void }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    navigate(q ? `${paths.sharks.list}?search=${encodeURIComponent(q)}` : paths.sharks.list);
    setText('');
    onDone?.();
  };
  return (
    <form role="search" aria-label="Search sharks" className={className} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Search sharks
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-400"
        >
          ⌕
        </span>
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search sharks..."
          className="input py-2 pl-8"
        />
      </div>
    </form>
  );
}

export function Navbar() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { isSignedIn, isPending: sessionLoading } = useSession();
  const location = useLocation();
  const menuId = useId();

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_SCROLLED_THRESHOLD_PX);
    // The first reading waits for the next frame: reading scrollY while the page is being hydrated forces a
    // layout of the whole page inside that task (52 ms of a profile's start-up on a throttled phone).
    const first = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  // A link followed from the phone menu closes it.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  // Escape closes the phone menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const solid = scrolled || menuOpen;
  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-50 transition-colors ${solid ? 'border-b border-white/10 bg-ink-950/90 backdrop-blur' : 'border-b border-transparent bg-transparent'}`}
    >
      <nav aria-label="Main" className="container-page flex h-16 items-center gap-3">
        <Link
          to={paths.home}
          className="flex min-h-11 min-w-11 shrink-0 items-center gap-2 font-bold text-ink-100"
        >
          <img src="/images/logo.svg" alt="" width={28} height={28} />
          <span className="hidden min-[430px]:inline">Shark Security</span>
          <span className="sr-only min-[430px]:hidden">Shark Security home</span>
        </Link>
        <ul className="ml-4 hidden items-center gap-1 lg:flex">
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.to === paths.home} className={linkClass}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <SearchForm id="nav-search" className="ml-auto hidden w-44 lg:block xl:w-56" />
        <Link
          to={paths.cart}
          className="ml-auto flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 py-2 text-sm text-ink-300 hover:text-ink-100 lg:ml-0"
          aria-label="Cart, 0 items"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path
              d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="9" cy="20" r="1.3" />
            <circle cx="17" cy="20" r="1.3" />
          </svg>
          <span className="rounded-full bg-accent-400 px-1.5 text-xs font-bold text-ink-950">0</span>
        </Link>
        {sessionLoading ? (
          // While the session loads, neither "Login" nor a menu: a neutral placeholder of the avatar's size.
          <span
            data-testid="session-placeholder"
            aria-hidden="true"
            className="h-11 w-11 shrink-0 animate-pulse rounded-full bg-white/10 motion-reduce:animate-none"
          />
        ) : isSignedIn ? (
          <Suspense
            fallback={<span aria-hidden="true" className="h-11 w-11 shrink-0 rounded-full bg-white/10" />}
          >
            <UserMenu />
          </Suspense>
        ) : (
          <Link to={paths.login.chooser} className="btn-primary min-h-11 shrink-0 py-2">
            Login
          </Link>
        )}
        <button
          type="button"
          className="grid h-11 w-11 shrink-0 place-items-center rounded-lg border border-white/15 text-ink-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      <div id={menuId} hidden={!menuOpen} className="border-t border-white/10 bg-ink-950/95 lg:hidden">
        <div className="container-page flex flex-col gap-3 py-4">
          <ul className="flex flex-col">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === paths.home} className={(s) => `block ${linkClass(s)}`}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <SearchForm id="nav-search-mobile" onDone={() => setMenuOpen(false)} />
        </div>
      </div>
    </header>
  );
}
