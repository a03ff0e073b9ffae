// Shown at /login: pick how to sign in (shark, user or freelancer). A `next` target from a guard is carried to the portal.
import { Link, useSearchParams } from 'react-router';
import { PORTALS, safeNext, withNext } from '#web/features/accounts/portals.ts';
import { paths } from '#shared/routes.ts';

// Line icons drawn inline: emoji fonts are missing on many Linux desktops.
const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    width="24"
    height="24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);
const CHOICES = [
  {
    portal: PORTALS.shark,
    label: 'Shark',
    icon: icon('M2 16c4-1 7-5 9-11 1 4 4 8 11 9-4 3-9 4-13 3l-3 3v-4c-2 0-3 0-4 0z'),
    blurb: 'Mentors: your profile, courses and enrolled students.',
  },
  {
    portal: PORTALS.user,
    label: 'User',
    icon: icon('M12 3 2 8l10 5 10-5-10-5zM6 10.5V16c3 2.5 9 2.5 12 0v-5.5'),
    blurb: 'Learners: book sessions, follow sharks, see your bookings.',
  },
  {
    portal: PORTALS.freelancer,
    label: 'Freelancer',
    icon: icon('M4 8h16v11H4zM9 8V5h6v3M4 13h16'),
    blurb: 'Freelancers: your skills profile and client requests.',
  },
];

export function LoginChooser() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  return (
    <div className="container-page py-10 sm:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Sign in</p>
        <h1 className="heading-2 mt-2">Choose how you log in</h1>
        <p className="muted mt-3">Each account type has its own portal.</p>
      </header>
      <ul className="mx-auto mt-10 grid max-w-5xl gap-5 md:grid-cols-3">
        {CHOICES.map(({ portal, label, icon, blurb }) => (
          <li key={portal.portal} className="flex">
            <Link
              to={withNext(paths.login.portal(portal.portal), next)}
              className="glass group flex w-full flex-col gap-3 p-6 transition hover:-translate-y-0.5 hover:border-accent-400/60"
              aria-label={`Log in as ${label}`}
            >
              <span
                aria-hidden="true"
                className="grid h-12 w-12 place-items-center rounded-xl border border-accent-400/30 bg-accent-400/10 text-accent-300"
              >
                {icon}
              </span>
              <span className="text-xl font-semibold text-ink-100">{label}</span>
              <span className="muted text-sm">{blurb}</span>
              <span className="mt-auto text-sm font-semibold text-accent-400 group-hover:underline">
                {portal.title} →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="muted mx-auto mt-10 max-w-2xl text-center text-sm">
        New here?{' '}
        <Link to={paths.signup.user} className="text-accent-400 hover:underline">
          Sign up as a learner
        </Link>{' '}
        or{' '}
        <Link to={paths.signup.freelancer} className="text-accent-400 hover:underline">
          as a freelancer
        </Link>
        . Sharks are invited by the company:{' '}
        <Link to={paths.signup.shark} className="text-accent-400 hover:underline">
          apply to become one
        </Link>
        .
      </p>
    </div>
  );
}
