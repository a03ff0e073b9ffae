// Shown at /services: six services, each with a detail modal (Book a Meeting by email, Close), and the stats.
import { Link } from 'react-router';
import { COMPANY } from '#shared/constants.ts';
import { Icon, type IconName } from '#web/components/icon.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { StatsSection } from '#web/components/stat-tile.tsx';
import { paths } from '#shared/routes.ts';
import { SECURITY_SERVICE_LABELS, type SecurityService } from '#shared/security-services.ts';

interface Service {
  id: SecurityService;
  icon: IconName;
  title: string;
  summary: string;
  details: string;
  includes: string[];
}

const SERVICES: Service[] = [
  {
    id: 'pentesting',
    icon: 'target',
    title: SECURITY_SERVICE_LABELS.pentesting,
    summary: 'Find the holes in your web apps, APIs and networks before attackers do.',
    details:
      'Certified testers attack your applications and infrastructure the way a real adversary would, then show you exactly how to fix what they found.',
    includes: [
      'Web, mobile and API testing (OWASP based)',
      'Internal and external network tests',
      'A prioritised report with proof and fixes',
      'A free retest of the fixed findings',
    ],
  },
  {
    id: 'red-teaming',
    icon: 'swords',
    title: SECURITY_SERVICE_LABELS['red-teaming'],
    summary: 'A full adversary simulation that tests people, process and technology together.',
    details:
      'Goal-driven campaigns mapped to MITRE ATT&CK that measure how well your team detects and responds to a determined attacker.',
    includes: [
      'Threat-led scenario planning',
      'Phishing and social engineering',
      'Lateral movement and persistence',
      'Purple-team debrief with your defenders',
    ],
  },
  {
    id: 'cloud-security',
    icon: 'cloud',
    title: SECURITY_SERVICE_LABELS['cloud-security'],
    summary: 'Review and harden AWS, Azure and GCP set-ups against misconfiguration.',
    details:
      'We audit identities, networks, storage and pipelines in your cloud accounts and help you fix the risky defaults that cause most breaches.',
    includes: [
      'IAM and privilege review',
      'CIS benchmark configuration audit',
      'Container and Kubernetes checks',
      'Infrastructure-as-code review',
    ],
  },
  {
    id: 'forensics',
    icon: 'search',
    title: SECURITY_SERVICE_LABELS.forensics,
    summary: 'Find out what happened, how, and what was taken after an incident.',
    details:
      'Our examiners collect and analyse evidence from disks, memory, logs and cloud services, preserving the chain of custody for legal use.',
    includes: [
      'Disk and memory analysis',
      'Log and timeline reconstruction',
      'Malware triage',
      'Court-ready evidence handling',
    ],
  },
  {
    id: 'incident-response',
    icon: 'bolt',
    title: SECURITY_SERVICE_LABELS['incident-response'],
    summary: 'Contain an active attack fast and get back to business safely.',
    details:
      'A responder joins your team to scope the incident, contain it, remove the attacker and plan the recovery, then helps you prevent a repeat.',
    includes: [
      'Rapid scoping and containment',
      'Threat eradication',
      'Recovery planning',
      'Lessons-learned report',
    ],
  },
  {
    id: 'training',
    icon: 'cap',
    title: SECURITY_SERVICE_LABELS.training,
    summary: 'Hands-on workshops that turn developers and IT staff into defenders.',
    details:
      'Practical sessions on secure coding, threat modelling and awareness, taught by our sharks on real labs and tailored to your stack.',
    includes: [
      'Secure coding workshops',
      'Threat modelling sessions',
      'Phishing awareness for all staff',
      'Capture-the-flag team events',
    ],
  },
];

const STATS = [
  { value: '500+', label: 'Tests Completed' },
  { value: '98%', label: 'Client Satisfaction' },
  { value: '50+', label: 'Certified Experts' },
  { value: '24/7', label: 'Support' },
];

const meetingLink = (service: Service) =>
  `mailto:${COMPANY.email}?subject=${encodeURIComponent(`Meeting request: ${service.title}`)}&body=${encodeURIComponent(
    `Hello Shark Security,\n\nI would like to book a meeting about ${service.title}.\n\nThank you.`,
  )}`;

export function Services() {
  return (
    <div className="container-page flex flex-col gap-14 py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Services</p>
        <h1 className="heading-1 mt-2">Security services that find what others miss</h1>
        <p className="muted mt-3 text-lg">
          From a single web app test to a full red team campaign, delivered by certified experts.
        </p>
      </header>

      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {SERVICES.map((s) => (
          <li key={s.id} className="glass flex flex-col gap-3 p-6 transition hover:border-accent-400/40">
            <span
              aria-hidden="true"
              className="grid h-11 w-11 place-items-center rounded-xl bg-accent-400/10 text-accent-300"
            >
              <Icon name={s.icon} />
            </span>
            <h2 className="text-lg font-semibold text-ink-100">{s.title}</h2>
            <p className="flex-1 text-sm text-ink-300">{s.summary}</p>
            <ServiceModal service={s} />
          </li>
        ))}
      </ul>

      <StatsSection id="services-stats" stats={STATS} />

      <section className="glass flex flex-col items-center gap-4 px-6 py-10 text-center">
        <h2 className="heading-2">Not sure what you need?</h2>
        <p className="muted max-w-xl">
          Tell us about your systems and we will suggest the right engagement. We reply within 24 hours.
        </p>
        <Link to={paths.contact} className="btn-primary">
          Contact Us
        </Link>
      </section>
    </div>
  );
}

function ServiceModal({ service }: { service: Service }) {
  return (
    <Modal
      trigger={
        <button
          type="button"
          className="btn-ghost mt-2 w-fit"
          aria-label={`Learn more about ${service.title}`}
        >
          Learn More
        </button>
      }
      title={service.title}
      description={service.details}
      footer={
        <>
          <ModalClose />
          {/* A freelancer of the marketplace instead of the company (issue 27); visitors log in first and come back. */}
          <Link to={`${paths.requests.new}?service=${service.id}`} className="btn-ghost">
            Post a request
          </Link>
          <a href={meetingLink(service)} className="btn-primary">
            Book a Meeting
          </a>
        </>
      }
    >
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-100">What is included</h3>
        <ul className="flex flex-col gap-2 text-sm text-ink-300">
          {service.includes.map((item) => (
            <li key={item} className="flex gap-2">
              <Icon name="check" size={18} className="mt-0.5 shrink-0 text-accent-400" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
