// Shown at /subscriptions: the plans we intend to offer, clearly marked coming soon. Nothing can be bought here.
import { Link } from 'react-router';
import { Icon } from '#web/components/icon.tsx';
import { paths } from '#shared/routes.ts';

const PLANS = [
  {
    name: 'Starter',
    audience: 'For learners starting out',
    features: [
      'Follow any number of sharks',
      'Book sessions course by course',
      'Email reminders before sessions',
    ],
  },
  {
    name: 'Pro',
    audience: 'For regular learners',
    features: [
      'Everything in Starter',
      'Priority booking with popular sharks',
      'Session notes and lab guides',
    ],
  },
  {
    name: 'Team',
    audience: 'For security teams',
    features: ['Everything in Pro', 'One invoice for the whole team', 'Private workshops on request'],
  },
] as const;

export function Subscriptions() {
  return (
    <div className="container-page flex flex-col gap-10 py-10 sm:py-14">
      <header className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
        <span className="rounded-full border border-accent-400/40 bg-accent-400/10 px-3 py-1 font-mono text-xs tracking-widest text-accent-300 uppercase">
          Coming soon
        </span>
        <h1 className="heading-1">Subscriptions</h1>
        <p className="muted text-lg">
          Subscription plans are coming soon. Nothing is sold on this page yet, and no payment is taken: until
          plans open, you book and pay each session with your shark.
        </p>
      </header>
      <ul className="grid gap-5 md:grid-cols-3" aria-label="Planned subscription plans">
        {PLANS.map((plan) => (
          <li key={plan.name} className="glass flex flex-col gap-4 p-6">
            <div>
              <h2 className="text-xl font-semibold">{plan.name}</h2>
              <p className="muted text-sm">{plan.audience}</p>
            </div>
            <p className="font-mono text-sm text-accent-300">Pricing to be announced</p>
            <ul className="flex flex-col gap-2 text-sm text-ink-300">
              {plan.features.map((f) => (
                <li key={f} className="flex items-start gap-2">
                  <Icon name="check" size={16} className="mt-0.5 shrink-0 text-accent-400" />
                  {f}
                </li>
              ))}
            </ul>
            <span aria-disabled="true" className="btn-ghost mt-auto cursor-not-allowed opacity-60">
              Coming soon
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.sharks.list} className="btn-primary">
          Book a session instead
        </Link>
        <Link to={paths.contact} className="btn-ghost">
          Tell us what you need
        </Link>
      </div>
    </div>
  );
}
