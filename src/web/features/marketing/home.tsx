// Shown at /: the landing page: hero, four offerings, the fixed stats, the logo strip and the ways in.
import { Link } from 'react-router';
import { Icon, type IconName } from '#web/components/icon.tsx';
import { LogoCarousel, type Logo } from '#web/components/logo-carousel.tsx';
import { StatsSection } from '#web/components/stat-tile.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

const OFFERINGS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'target',
    title: 'Security Services',
    text: 'Penetration tests, red team exercises, cloud reviews and incident forensics for teams that need answers, not noise.',
  },
  {
    icon: 'fin',
    title: 'Mentorship with Sharks',
    text: 'Learn one to one from practitioners who break into systems for a living, at the pace that suits you.',
  },
  {
    icon: 'terminal',
    title: 'Hands-on Courses',
    text: 'Book hour-based sessions on real labs: from web exploitation to detection engineering and cloud hardening.',
  },
  {
    icon: 'network',
    title: 'Freelance Talent',
    text: 'Vetted security freelancers for short engagements. A curated marketplace is on its way.',
  },
];

const STATS = [
  { value: '500+', label: 'Tests Completed' },
  { value: '98%', label: 'Client Satisfaction' },
  { value: 'Freedom', label: 'Learn on your own schedule' },
  { value: 'Your Choice', label: 'Pick the mentor who fits you' },
];

const LOGOS: Logo[] = [
  { src: '/images/logos/owasp.svg', name: 'OWASP' },
  { src: '/images/logos/mitre-attack.svg', name: 'MITRE ATT&CK' },
  { src: '/images/logos/nist-csf.svg', name: 'NIST CSF' },
  { src: '/images/logos/iso-27001.svg', name: 'ISO 27001' },
  { src: '/images/logos/cis-controls.svg', name: 'CIS Controls' },
  { src: '/images/logos/kali-linux.svg', name: 'Kali Linux' },
  { src: '/images/logos/wireshark.svg', name: 'Wireshark' },
  { src: '/images/logos/metasploit.svg', name: 'Metasploit' },
];

export function Home() {
  // The head title the server writes, so the tab's title does not change once the page loads.
  useDocumentTitle(ROUTES.home.seo.title);
  return (
    <div className="flex flex-col gap-20 pb-10">
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[linear-gradient(rgb(34_211_238/0.06)_1px,transparent_1px),linear-gradient(90deg,rgb(34_211_238/0.06)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
        />
        <div className="container-page relative flex flex-col items-center gap-6 py-20 text-center sm:py-28">
          <p className="rounded-full border border-accent-400/40 bg-accent-400/10 px-4 py-1 font-mono text-xs tracking-widest text-accent-300 uppercase">
            Offensive security · Mentoring · Services
          </p>
          <h1 className="heading-1 max-w-4xl">
            Learn security from the{' '}
            <span className="bg-gradient-to-r from-accent-300 to-accent-500 bg-clip-text text-transparent">
              sharks
            </span>{' '}
            who hunt for a living
          </h1>
          <p className="muted max-w-2xl text-lg">
            Hire our experts to test your systems, or book sessions with a mentor who has done it in the
            field. Real skills, real labs, your pace.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={paths.services} className="btn-primary px-6 py-3 text-base">
              Explore Services
            </Link>
            <Link to={paths.sharks.list} className="btn-ghost px-6 py-3 text-base">
              Meet the Sharks
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="offerings-heading" className="container-page">
        <h2 id="offerings-heading" className="heading-2 mb-8 text-center">
          What we offer
        </h2>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {OFFERINGS.map((o) => (
            <li key={o.title} className="glass flex flex-col gap-3 p-6 transition hover:border-accent-400/40">
              <span
                aria-hidden="true"
                className="grid h-11 w-11 place-items-center rounded-xl bg-accent-400/10 text-accent-300"
              >
                <Icon name={o.icon} />
              </span>
              <h3 className="text-lg font-semibold text-ink-100">{o.title}</h3>
              <p className="text-sm text-ink-300">{o.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <StatsSection id="stats-heading" stats={STATS} className="container-page" />

      <div className="container-page">
        <p className="mb-2 text-center font-mono text-xs tracking-widest text-ink-400 uppercase">
          Frameworks and tools our sharks work with
        </p>
        <LogoCarousel label="Frameworks and tools" logos={LOGOS} />
      </div>

      <section className="container-page">
        <div className="glass flex flex-col items-center gap-5 px-6 py-12 text-center">
          <h2 className="heading-2">Ready to level up your defences?</h2>
          <p className="muted max-w-xl">
            Tell us what you need tested, or find the mentor who will teach you to do it yourself.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={paths.services} className="btn-primary">
              View Services
            </Link>
            <Link to={paths.sharks.list} className="btn-ghost">
              Browse Sharks
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
