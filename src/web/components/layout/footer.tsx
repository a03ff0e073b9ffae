// The footer on every page: brand, the site's links, fixed contact details with click-to-copy email,
// social links, a newsletter box that is announced but not live, and the legal links.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { COMPANY, COPY_NOTICE_MS } from '#shared/constants.ts';
import { paths } from '#shared/routes.ts';

const SOCIAL = [
  {
    label: 'LinkedIn',
    href: 'https://www.linkedin.com/company/sharksecurity',
    icon: 'M4 9h4v11H4zM6 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.8v1.6c.6-1 1.9-1.9 3.7-1.9 3.6 0 4.5 2.2 4.5 5.3v6H18v-5.3c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-4z',
  },
  {
    label: 'GitHub',
    href: 'https://github.com/sharksecurity',
    icon: 'M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.5-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.4 1.1 2.9.8.1-.7.4-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.7 1a9.4 9.4 0 0 1 5 0c1.9-1.3 2.7-1 2.7-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2z',
  },
  {
    label: 'X (Twitter)',
    href: 'https://x.com/sharksecurity',
    icon: 'M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.4-6.1L6.3 20H3.6l6.7-7.7z',
  },
  {
    label: 'YouTube',
    href: 'https://www.youtube.com/@sharksecurity',
    icon: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  },
];

const SITE_LINKS = [
  { to: paths.services, label: 'Services' },
  { to: paths.sharks.list, label: 'Sharks' },
  { to: paths.freelancers.list, label: 'Freelancers' },
  { to: paths.contact, label: 'Contact' },
];

function CopyEmail() {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(COMPANY.email);
      setCopied('ok');
    } catch {
      // No clipboard permission (or an old browser): say so, the address is still on screen to select.
      setCopied('failed');
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md text-ink-100 hover:text-accent-300"
        aria-label={`Copy email address ${COMPANY.email}`}
      >
        {COMPANY.email}{' '}
        <span aria-hidden="true" className="text-xs text-ink-400">
          (copy)
        </span>
      </button>
      <span role="status" className="text-xs text-success-400">
        {copied === 'ok'
          ? 'Email copied to clipboard'
          : copied === 'failed'
            ? 'Copy failed: select the address instead'
            : ''}
      </span>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="mt-16 border-t border-white/10 bg-ink-950/80">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Link to={paths.home} className="flex min-h-11 w-fit items-center gap-2 font-bold text-ink-100">
            <img src="/images/logo.svg" alt="" width={28} height={28} />
            Shark Security
          </Link>
          <p className="text-sm text-ink-400">
            Offensive security services and mentoring by practitioners we call sharks.
          </p>
          <ul aria-label="Social media" className="flex gap-2">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Shark Security on ${s.label} (opens in a new tab)`}
                  className="grid h-11 w-11 place-items-center rounded-lg border border-white/10 text-ink-300 transition hover:border-accent-400/50 hover:text-accent-300"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
                    <path d={s.icon} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Footer" className="flex flex-col gap-3 text-sm">
          <h2 className="font-semibold text-ink-100">Explore</h2>
          <ul className="flex flex-col">
            {SITE_LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="inline-flex min-h-11 items-center text-ink-400 hover:text-accent-300"
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <address className="flex flex-col gap-3 text-sm not-italic">
          <h2 className="font-semibold text-ink-100">Contact</h2>
          <CopyEmail />
          <a
            href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}
            className="inline-flex min-h-11 w-fit items-center text-ink-300 hover:text-accent-300"
          >
            {COMPANY.phone}
          </a>
          <p className="text-ink-400">{COMPANY.location}</p>
        </address>

        <section aria-labelledby="newsletter-heading" className="flex flex-col gap-3 text-sm">
          <h2 id="newsletter-heading" className="flex items-center gap-2 font-semibold text-ink-100">
            Newsletter
            <span className="rounded-full border border-accent-400/40 px-2 py-0.5 font-mono text-[10px] tracking-widest text-accent-300 uppercase">
              Coming soon
            </span>
          </h2>
          <p className="text-ink-400">Monthly threat notes and new courses. Sign-ups open soon.</p>
          {/* Deliberately inert: there is no newsletter service yet, so nothing can be submitted. */}
          <div className="flex gap-2">
            <label htmlFor="newsletter-email" className="sr-only">
              Newsletter email (coming soon)
            </label>
            <input
              id="newsletter-email"
              type="email"
              disabled
              placeholder="you@example.com"
              className="input min-w-0 flex-1 py-2"
            />
            <button type="button" disabled className="btn-ghost py-2">
              Coming soon
            </button>
          </div>
        </section>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-3 py-5 text-sm text-ink-400 sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Shark Security. All rights reserved.</p>
          <nav aria-label="Legal" className="flex gap-3">
            <Link to={paths.privacy} className="inline-flex min-h-11 items-center px-1 hover:text-accent-300">
              Privacy
            </Link>
            <Link to={paths.terms} className="inline-flex min-h-11 items-center px-1 hover:text-accent-300">
              Terms
            </Link>
            <Link to={paths.cookies} className="inline-flex min-h-11 items-center px-1 hover:text-accent-300">
              Cookies
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
