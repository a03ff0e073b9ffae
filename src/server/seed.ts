// The demo catalogue loaded on first start of an empty embedded database in development (or with SEED_DEMO=true):
// four demo accounts (passwords in the README), 28 published sharks across the four specializations,
// their courses with prices, and some bookings and ratings so counts, ratings and earnings show real values.
import { now } from '#server/time.ts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Role, Specialization } from '#shared/constants.ts';
import type { SecurityService } from '#shared/security-services.ts';
import { createAccount as insertAccount } from '#server/modules/accounts/accounts/service.ts';
import { hashPassword } from '#server/modules/accounts/accounts/passwords.ts';
import { queryRows, type Db } from '#server/db/client.ts';
import type { FastifyInstance } from 'fastify';
import {
  insertRecordedSession,
  payRecordedSession,
  type RecordedSessionProvider,
} from '#server/modules/sessions/sessions/service.ts';
import {
  checkout as testGatewayCheckout,
  settleRefund as settleTestRefund,
} from '#server/modules/money/test-gateway/service.ts';
import {
  adminAuditLog,
  availabilityWeekly,
  courses,
  sharkAvailability,
  sharkCredentials,
  freelancers,
  sharkFollowers,
  reviews,
  sharks,
} from '#server/db/schema.ts';
import type { Config } from '#server/config.ts';
import { SPECIALIZATION_LABELS } from '#shared/constants.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import { DEFAULT_TIME_ZONE } from '#shared/availability.ts';
import { requestInputSchema, type RequestInput } from '#shared/client-requests.ts';
import { proposalInputSchema, type ProposalInput } from '#shared/proposals.ts';
import { createRequest } from '#server/modules/freelance/client-requests/service.ts';
import { propose } from '#server/modules/freelance/proposals/service.ts';
import { createStorage } from '#server/modules/platform/storage/service.ts';
import { type Storage } from '#server/modules/platform/storage/keys.ts';
import { replacePhoto } from '#server/modules/sessions/workspace/service.ts';
import { DEMO_CREDENTIALS, demoProfile, renderDemoPortrait } from './demo-profiles';

/** The demo sharks' time zones, in turn. */
const DEMO_ZONES = [
  'Asia/Kolkata',
  'Europe/London',
  'America/New_York',
  'Asia/Singapore',
  'Asia/Kolkata',
  'Europe/Berlin',
];

/** The demo learners besides Priya: reviews show them as "Aarav S.". */
const DEMO_LEARNER_NAMES = [
  'Aarav Sharma',
  'Neha Kulkarni',
  'Siddharth Bose',
  'Kavya Reddy',
  'Omar Farooq',
  'Tanvi Deshpande',
  'Rahul Menon',
  'Zoya Mirza',
  'Varun Chatterjee',
  'Lakshmi Narayan',
  'Jonas Weber',
];

/** What demo learners wrote, by overall rating. */
const DEMO_REVIEW_TEXTS: Record<number, string[]> = {
  3: [
    'Solid content, but we ran over time and the lab environment took a while to set up.',
    'Knows the subject well; I would have liked more hands-on time and fewer slides.',
  ],
  4: [
    'Clear explanations and a well-prepared lab. A few topics were rushed at the end, but I left with a plan.',
    'Very practical session: we walked through a real engagement and I got good feedback on my notes.',
  ],
  5: [
    'Excellent session. Every question got a precise answer and the exercises matched my exam prep exactly.',
    'The best mentoring hour I have had: patient, well prepared, and full of tips I used the next day.',
  ],
};

export const DEMO_ACCOUNTS = {
  learner: {
    email: 'learner@demo.sharksecurity.in',
    password: 'DemoLearner#2026',
    name: 'Priya Raman',
    roles: ['user'],
  },
  freelancer: {
    email: 'freelancer@demo.sharksecurity.in',
    password: 'DemoFreelancer#2026',
    name: 'Kabir Shah',
    roles: ['freelancer', 'user'],
  },
  shark: {
    email: 'shark@demo.sharksecurity.in',
    password: 'DemoShark#2026',
    name: 'Arjun Mehta',
    roles: ['shark'],
  },
  admin: {
    email: 'admin@demo.sharksecurity.in',
    password: 'DemoAdmin#2026',
    name: 'Site Admin',
    roles: ['admin'],
  },
} as const satisfies Record<string, { email: string; password: string; name: string; roles: Role[] }>;

/** The demo freelancers (issue 27); the first is the demo freelancer account. */
const DEMO_FREELANCERS: Array<{
  name: string;
  skills: string;
  headline: string;
  services: SecurityService[];
  dayRatePaise: number;
  yearsExperience: number;
  languages: string[];
  portfolioLinks: string[];
  credentials: Array<{ kind: 'certification' | 'platform'; name: string; issuer: string; url: string }>;
}> = [
  {
    name: DEMO_ACCOUNTS.freelancer.name,
    skills: 'Web pentesting, Python automation, report writing, Burp Suite, API security',
    headline: 'Web and API penetration tester for fintech and SaaS teams',
    services: ['pentesting', 'cloud-security', 'training'],
    dayRatePaise: 1_800_000,
    yearsExperience: 6,
    languages: ['English', 'Hindi', 'Gujarati'],
    portfolioLinks: ['https://github.com/kabir-shah-sec', 'https://kabirshah.dev/writeups'],
    credentials: [
      {
        kind: 'certification',
        name: 'OSCP',
        issuer: 'OffSec',
        url: 'https://www.credly.com/badges/demo-kabir-oscp',
      },
    ],
  },
  {
    name: 'Aditi Kulkarni',
    skills: 'AWS, Azure, Kubernetes, Terraform, IAM reviews, CIS benchmarks',
    headline: 'Cloud security reviews for AWS and Azure, from IAM to Kubernetes',
    services: ['cloud-security', 'pentesting'],
    dayRatePaise: 2_400_000,
    yearsExperience: 9,
    languages: ['English', 'Marathi', 'Hindi'],
    portfolioLinks: ['https://github.com/aditi-cloudsec'],
    credentials: [
      {
        kind: 'certification',
        name: 'AWS Certified Security - Specialty',
        issuer: 'Amazon Web Services',
        url: 'https://www.credly.com/badges/demo-aditi-aws-security',
      },
      {
        kind: 'certification',
        name: 'CKS',
        issuer: 'The Linux Foundation',
        url: 'https://www.credly.com/badges/demo-aditi-cks',
      },
    ],
  },
  {
    name: 'Rahul Nair',
    skills: 'Active Directory, Cobalt Strike, phishing simulations, OSINT, C2 infrastructure',
    headline: 'Red team operator: assumed-breach and Active Directory attack paths',
    services: ['red-teaming', 'pentesting'],
    dayRatePaise: 3_000_000,
    yearsExperience: 11,
    languages: ['English', 'Malayalam', 'Tamil'],
    portfolioLinks: ['https://rahulnair.in/talks'],
    credentials: [
      {
        kind: 'certification',
        name: 'CRTO',
        issuer: 'Zero-Point Security',
        url: 'https://eu.badgr.com/public/assertions/demo-rahul-crto',
      },
    ],
  },
  {
    name: 'Sneha Reddy',
    skills: 'Memory forensics, Volatility, KAPE, ransomware response, log analysis',
    headline: 'Digital forensics and incident response for Indian SMEs, CERT-In ready',
    services: ['forensics', 'incident-response'],
    dayRatePaise: 2_100_000,
    yearsExperience: 8,
    languages: ['English', 'Telugu', 'Hindi'],
    portfolioLinks: [],
    credentials: [],
  },
  {
    name: 'Imran Qureshi',
    skills: 'Android, iOS, Frida, mobile app pentesting, OWASP MASVS',
    headline: 'Mobile app security testing for Android and iOS, OWASP MASVS',
    services: ['pentesting'],
    dayRatePaise: 1_200_000,
    yearsExperience: 4,
    languages: ['English', 'Hindi', 'Urdu'],
    portfolioLinks: ['https://github.com/imranq-mobile'],
    credentials: [
      {
        kind: 'platform',
        name: 'Hack The Box: Pro Hacker',
        issuer: 'Hack The Box',
        url: 'https://app.hackthebox.com/profile/demo-imran',
      },
    ],
  },
];

interface SeedShark {
  name: string;
  codeName: string | null;
  specialization: Specialization;
  experience: number;
  bio: string | null;
}

const CATALOGUE: SeedShark[] = [
  {
    name: 'Arjun Mehta',
    codeName: 'Hammerhead',
    specialization: 'pentesting',
    experience: 9,
    bio: 'OSCP and OSWE holder. Breaks web apps and APIs for fintechs, then teaches their developers to fix them.',
  },
  {
    name: 'Ananya Iyer',
    codeName: 'Mako',
    specialization: 'pentesting',
    experience: 6,
    bio: 'Mobile and API penetration tester. Android internals, Frida and Burp Suite every day.',
  },
  {
    name: 'Rohan Kapoor',
    codeName: null,
    specialization: 'pentesting',
    experience: 4,
    bio: 'Network pentesting and Active Directory attacks, explained step by step for beginners.',
  },
  {
    name: 'Meera Nair',
    codeName: 'Blue Fin',
    specialization: 'pentesting',
    experience: 11,
    bio: 'Leads application security reviews for banks; OWASP Top 10 in practice, not slides.',
  },
  {
    name: 'Daniel Okafor',
    codeName: 'Tiger',
    specialization: 'pentesting',
    experience: 7,
    bio: 'Bug bounty hunter with 200+ valid reports. Recon, automation and responsible disclosure.',
  },
  { name: 'Sneha Kulkarni', codeName: null, specialization: 'pentesting', experience: 3, bio: null },
  {
    name: 'Vikram Rao',
    codeName: 'Nurse',
    specialization: 'pentesting',
    experience: 14,
    bio: 'Hardware and IoT security: UART, JTAG, firmware extraction and embedded exploitation.',
  },
  {
    name: 'Kiran Desai',
    codeName: 'Great White',
    specialization: 'red_teaming',
    experience: 12,
    bio: 'Former red team lead. Adversary emulation, C2 infrastructure and initial access tradecraft.',
  },
  {
    name: 'Lena Fischer',
    codeName: 'Thresher',
    specialization: 'red_teaming',
    experience: 8,
    bio: 'Social engineering and physical intrusion assessments; phishing campaigns that teach.',
  },
  {
    name: 'Aditya Joshi',
    codeName: null,
    specialization: 'red_teaming',
    experience: 5,
    bio: 'Active Directory attack paths with BloodHound, Kerberoasting and lateral movement labs.',
  },
  {
    name: 'Fatima Sheikh',
    codeName: 'Lemon',
    specialization: 'red_teaming',
    experience: 9,
    bio: 'Purple teaming: turns red team findings into detections with the blue team in the room.',
  },
  {
    name: 'Marcus Webb',
    codeName: 'Bull',
    specialization: 'red_teaming',
    experience: 15,
    bio: 'Malware development for red teams: evasion, loaders and EDR internals, ethically.',
  },
  {
    name: 'Ishaan Verma',
    codeName: null,
    specialization: 'red_teaming',
    experience: 2,
    bio: 'CTF player turned junior red teamer. Great first mentor for your first engagement.',
  },
  { name: 'Nandini Pillai', codeName: 'Angel', specialization: 'red_teaming', experience: 7, bio: null },
  {
    name: 'Sara Thomas',
    codeName: 'Reef',
    specialization: 'cloud_security',
    experience: 8,
    bio: 'AWS security specialist: IAM least privilege, GuardDuty and incident response in the cloud.',
  },
  {
    name: 'Rahul Banerjee',
    codeName: 'Whale',
    specialization: 'cloud_security',
    experience: 10,
    bio: 'Azure and Entra ID hardening; conditional access and cloud attack paths.',
  },
  {
    name: 'Chen Wei',
    codeName: null,
    specialization: 'cloud_security',
    experience: 6,
    bio: 'Kubernetes and container security: RBAC, admission control, supply chain and runtime.',
  },
  {
    name: 'Pooja Reddy',
    codeName: 'Silky',
    specialization: 'cloud_security',
    experience: 5,
    bio: 'GCP security and DevSecOps pipelines; secrets management done right.',
  },
  {
    name: 'Tom Haddad',
    codeName: 'Basking',
    specialization: 'cloud_security',
    experience: 13,
    bio: 'Cloud architect turned defender. Terraform security reviews and multi-account strategy.',
  },
  {
    name: 'Ayesha Khan',
    codeName: null,
    specialization: 'cloud_security',
    experience: 3,
    bio: 'Cloud security posture management and compliance (ISO 27001, SOC 2) for startups.',
  },
  {
    name: 'Gaurav Malhotra',
    codeName: 'Sand Tiger',
    specialization: 'cloud_security',
    experience: 9,
    bio: null,
  },
  {
    name: 'Divya Menon',
    codeName: 'Goblin',
    specialization: 'forensics',
    experience: 10,
    bio: 'Digital forensics and incident response: memory analysis with Volatility, disk timelines.',
  },
  {
    name: 'Samuel Adeyemi',
    codeName: 'Wobbegong',
    specialization: 'forensics',
    experience: 12,
    bio: 'Ransomware investigations and malware reverse engineering with Ghidra and IDA.',
  },
  {
    name: 'Harini Subramanian',
    codeName: null,
    specialization: 'forensics',
    experience: 4,
    bio: 'Mobile forensics for Android and iOS; evidence handling that stands up in court.',
  },
  {
    name: 'Yusuf Qureshi',
    codeName: 'Sixgill',
    specialization: 'forensics',
    experience: 7,
    bio: 'Threat hunting and log analysis: Splunk, Sigma rules and the ELK stack.',
  },
  {
    name: 'Elena Petrova',
    codeName: 'Dogfish',
    specialization: 'forensics',
    experience: 16,
    bio: 'Network forensics and packet analysis with Wireshark and Zeek; 100% hands-on labs.',
  },
  {
    name: 'Manish Gupta',
    codeName: null,
    specialization: 'forensics',
    experience: 1,
    bio: 'Fresh GCFA: learn incident response fundamentals with a mentor who just learnt them.',
  },
  {
    name: 'Rhea Saxena',
    codeName: 'Epaulette',
    specialization: 'forensics',
    experience: 6,
    bio: 'Cloud forensics: collecting evidence from AWS, Azure and Microsoft 365 after a breach.',
  },
];

const COURSE_TEMPLATES: Record<
  Specialization,
  Array<{ title: string; description: string; duration: number; pricePaise: number; knowledge?: string }>
> = {
  pentesting: [
    {
      title: 'Web Application Pentesting Bootcamp',
      description:
        'From recon to report: SQL injection, XSS, SSRF and access control flaws in hands-on labs.',
      duration: 12,
      pricePaise: 150_000,
    },
    {
      title: 'API Security Testing',
      description:
        'Test REST and GraphQL APIs: authentication, BOLA and rate limiting, with Burp Suite and Postman.',
      duration: 6,
      pricePaise: 180_000,
      knowledge: 'HTTP basics',
    },
    {
      title: 'OSCP Preparation Mentorship',
      description: 'Weekly guided boxes, buffer overflow practice and exam strategy for the OSCP.',
      duration: 20,
      pricePaise: 250_000,
      knowledge: 'Linux command line',
    },
  ],
  red_teaming: [
    {
      title: 'Adversary Emulation Fundamentals',
      description: 'Plan and run an engagement mapped to MITRE ATT&CK, from initial access to objectives.',
      duration: 10,
      pricePaise: 220_000,
    },
    {
      title: 'Active Directory Attacks',
      description: 'Kerberoasting, delegation abuse and lateral movement in a private AD lab.',
      duration: 8,
      pricePaise: 200_000,
      knowledge: 'Windows administration',
    },
    {
      title: 'Phishing Campaigns that Teach',
      description: 'Design ethical phishing simulations and turn the results into training.',
      duration: 4,
      pricePaise: 120_000,
    },
  ],
  cloud_security: [
    {
      title: 'AWS Security Essentials',
      description: 'IAM, S3 policies, CloudTrail and GuardDuty: secure an AWS account end to end.',
      duration: 8,
      pricePaise: 170_000,
    },
    {
      title: 'Kubernetes Security Hands-on',
      description: 'RBAC, network policies, pod security and runtime detection on a live cluster.',
      duration: 10,
      pricePaise: 210_000,
      knowledge: 'Docker basics',
    },
    {
      title: 'Cloud Incident Response',
      description: 'Detect, contain and investigate a compromised cloud account with real logs.',
      duration: 6,
      pricePaise: 190_000,
    },
  ],
  forensics: [
    {
      title: 'DFIR Foundations',
      description: 'Evidence acquisition, disk and memory analysis, and building a timeline of an attack.',
      duration: 12,
      pricePaise: 160_000,
    },
    {
      title: 'Malware Analysis with Ghidra',
      description: 'Static and dynamic analysis of real malware samples in an isolated lab.',
      duration: 10,
      pricePaise: 240_000,
      knowledge: 'C and assembly basics',
    },
    {
      title: 'Threat Hunting with Logs',
      description: 'Hunt in Windows event logs and Sysmon with Sigma rules and Splunk queries.',
      duration: 6,
      pricePaise: 140_000,
    },
  ],
};

type DemoKey = keyof typeof DEMO_ACCOUNTS;

/**
 * Whether start-up loads the demo data, and with which passwords (decision 027): by itself only in development
 * on the embedded database; elsewhere only with SEED_DEMO=true; and in production never with the README's
 * passwords, which anyone can read: the demo accounts then get random passwords, printed once at start.
 */
export type DemoSeedPlan = 'none' | 'readme-passwords' | 'random-passwords';
export function demoSeedPlan(config: Config): DemoSeedPlan {
  if (config.isProduction) return config.SEED_DEMO ? 'random-passwords' : 'none';
  if (config.SEED_DEMO || (config.embedded && config.NODE_ENV === 'development')) return 'readme-passwords';
  return 'none';
}

/**
 * Start-up's demo data, as demoSeedPlan says. `passwords` (email -> password) is set only when random
 * passwords were chosen: the caller prints them once; they are stored nowhere else.
 */
export async function seedDemoOnStart(
  config: Config,
  db: Db,
): Promise<{ seeded: boolean; passwords: Record<string, string> | null; sessions: string[] }> {
  const plan = demoSeedPlan(config);
  if (plan === 'none') return { seeded: false, passwords: null, sessions: [] };
  if (plan === 'readme-passwords') {
    const sessions = await seedDemo(db, undefined, createStorage(config));
    return { seeded: sessions !== null, passwords: null, sessions: sessions ?? [] };
  }
  const chosen = Object.fromEntries(
    Object.keys(DEMO_ACCOUNTS).map((k) => [k, randomBytes(18).toString('base64url')]),
  ) as Record<DemoKey, string>;
  const sessions = await seedDemo(db, chosen, createStorage(config));
  return {
    seeded: sessions !== null,
    passwords: sessions
      ? Object.fromEntries(
          (Object.keys(DEMO_ACCOUNTS) as DemoKey[]).map((k) => [DEMO_ACCOUNTS[k].email, chosen[k]]),
        )
      : null,
    sessions: sessions ?? [],
  };
}

/** Why the demo shark cancelled the demo learner's session (the demo's one refunded session). */
const DEMO_SHARK_CANCELLATION =
  'I am called away to an incident response engagement that week. Please book another slot; your payment is refunded in full.';

/** The calendar date (UTC) `days` from `from`: the demo's dates, past and ahead, relative to its load. */
const dateInDays = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Loads the demo data unless the database already holds sharks. Returns the ids of the sessions it recorded
 * (for payDemoSessions), or null when it did not seed. The demo accounts get the README's passwords unless
 * `passwords` gives others. With `storage`, each demo shark gets its portrait, stored as an uploaded photo.
 */
export async function seedDemo(
  db: Db,
  passwords?: Record<DemoKey, string>,
  storage?: Storage,
): Promise<string[] | null> {
  const [existing] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sharks`);
  if (Number(existing?.n ?? 0) > 0) return null;

  const demoHashes = Object.fromEntries(
    await Promise.all(
      (Object.entries(DEMO_ACCOUNTS) as Array<[DemoKey, (typeof DEMO_ACCOUNTS)[DemoKey]]>).map(
        async ([k, a]) => [k, await hashPassword(passwords?.[k] ?? a.password)] as const,
      ),
    ),
  ) as Record<DemoKey, string>;

  const recorded: string[] = [];
  // The portraits are drawn while the catalogue is written (sharp works off the main thread).
  const portraits = storage
    ? Promise.all(
        CATALOGUE.map((entry, i) => renderDemoPortrait(entry.name, demoProfile(i, entry.name).look)),
      )
    : null;
  // Guards against an unhandled rejection while the transaction runs; awaited (and thrown) below.
  portraits?.catch(() => {});
  const seededSharks: Array<{ userId: string; id: string }> = [];
  const demo: Record<string, string> = {};
  const freelancerUsers: string[] = [];
  await db.transaction(async (tx) => {
    const record = async (session: Parameters<typeof insertRecordedSession>[1]) => {
      const booking = await insertRecordedSession(tx, session);
      recorded.push(booking.id);
      return booking;
    };
    for (const [key, a] of Object.entries(DEMO_ACCOUNTS) as Array<
      [keyof typeof DEMO_ACCOUNTS, (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]]
    >) {
      const { id } = await insertAccount(tx, {
        email: a.email,
        fullName: a.name,
        passwordHash: demoHashes[key],
        roles: [...a.roles],
        emailConfirmed: true,
      });
      demo[key] = id;
    }
    // The freelance directory (issue 27): the demo freelancer and a few others, published, some with
    // credentials the demo admin verified.
    for (const [index, f] of DEMO_FREELANCERS.entries()) {
      const userId =
        index === 0
          ? demo.freelancer
          : (
              await insertAccount(tx, {
                email: `freelancer${index}@demo.sharksecurity.in`,
                fullName: f.name,
                passwordHash: null,
                roles: ['freelancer', 'user'],
                emailConfirmed: true,
              })
            ).id;
      freelancerUsers.push(userId);
      const { credentials, ...profile } = f;
      const [row] = await tx
        .insert(freelancers)
        .values({ userId, ...profile, published: true })
        .returning({ id: freelancers.id });
      for (const c of credentials) {
        const [cred] = await tx
          .insert(sharkCredentials)
          .values({ freelancerId: row.id, ...c, status: 'verified', verifiedAt: now() })
          .returning({ id: sharkCredentials.id });
        await tx.insert(adminAuditLog).values({
          actorId: demo.admin,
          action: 'credential.verify',
          targetType: 'credential',
          targetId: cred.id,
          details: { name: c.name, url: c.url, freelancerId: row.id, was: 'pending' },
        });
      }
    }

    // Learners who booked and reviewed, so the catalogue shows real counts.
    const learnerIds = [demo.learner];
    const learnerName = (index: number) =>
      index === 0 ? DEMO_ACCOUNTS.learner.name : DEMO_LEARNER_NAMES[(index - 1) % DEMO_LEARNER_NAMES.length];
    for (let i = 1; i <= 11; i++) {
      const { id } = await insertAccount(tx, {
        email: `learner${i}@demo.sharksecurity.in`,
        fullName: learnerName(i),
        passwordHash: null,
        roles: ['user'],
        emailConfirmed: true,
      });
      learnerIds.push(id);
    }

    const today = new Date();
    const dayOffset = (d: number) => dateInDays(d, today);
    let codeSeq = 0;

    for (const [i, entry] of CATALOGUE.entries()) {
      const userId =
        i === 0
          ? demo.shark
          : (
              await insertAccount(tx, {
                email: `${entry.name.toLowerCase().replace(/[^a-z]+/g, '.')}@sharks.sharksecurity.in`,
                fullName: entry.name,
                passwordHash: null,
                roles: ['shark'],
                emailConfirmed: true,
              })
            ).id;
      const profile = demoProfile(i, entry.name);
      const intro =
        entry.bio ??
        `${entry.name} mentors learners in ${SPECIALIZATION_LABELS[entry.specialization]} after ${entry.experience} years in the field.`;
      const [shark] = await tx
        .insert(sharks)
        .values({
          userId,
          name: entry.name,
          codeName: entry.codeName,
          specialization: entry.specialization,
          experience: entry.experience,
          bio: `${intro}\n\n${profile.more}`,
          headline: profile.headline,
          languages: profile.languages,
          skills: profile.skills,
          links: profile.links,
          published: true,
        })
        .returning({ id: sharks.id });
      seededSharks.push({ userId, id: shark.id });

      // Credentials: one or two per shark; the demo admin verified most first ones (audited, nobody mailed),
      // and a few wait for review in the admin's Credentials tab.
      const offered = DEMO_CREDENTIALS[entry.specialization];
      for (const [c, cred] of offered.slice(0, 1 + (i % 2)).entries()) {
        const verified = c === 0 && i % 4 !== 3;
        const pending = !verified && i % 8 === 3;
        if (!verified && !pending) continue;
        const verifiedAt = new Date(today.getTime() - (10 + i) * 86_400_000);
        const [row] = await tx
          .insert(sharkCredentials)
          .values({
            sharkId: shark.id,
            kind: 'certification',
            name: cred.name,
            issuer: cred.issuer,
            url: cred.url,
            issuedOn: dayOffset(-400 - 30 * i),
            status: verified ? 'verified' : 'pending',
            verifiedAt: verified ? verifiedAt : null,
          })
          .returning({ id: sharkCredentials.id });
        if (verified)
          await recordAudit(tx, {
            actorId: demo.admin,
            action: 'credential.verify',
            targetType: 'credential',
            targetId: row.id,
            details: { name: cred.name, url: cred.url, sharkId: shark.id, was: 'pending' },
          });
      }

      // Every demo shark has an open calendar in one of several zones, with realistic hours: weekday
      // mornings and evenings, some Saturdays; notice, buffer and cap vary.
      const zone = DEMO_ZONES[i % DEMO_ZONES.length];
      await tx.insert(sharkAvailability).values({
        sharkId: shark.id,
        timeZone: zone,
        bufferMinutes: [0, 15, 30, 60][i % 4],
        minNoticeMinutes: [720, 240, 1440][i % 3],
        horizonDays: [60, 30, 90][i % 3],
        dailyCap: i % 3 === 0 ? null : 3 + (i % 4),
        published: true,
      });
      const weekly = [1, 2, 3, 4, 5].flatMap((weekday) => [
        {
          sharkId: shark.id,
          weekday,
          startTime: `${String(8 + (i % 3)).padStart(2, '0')}:00`,
          endTime: '12:00',
        },
        { sharkId: shark.id, weekday, startTime: '17:00', endTime: `${19 + (i % 3)}:30` },
      ]);
      if (i % 2 === 0) weekly.push({ sharkId: shark.id, weekday: 6, startTime: '10:00', endTime: '14:00' });
      await tx.insert(availabilityWeekly).values(weekly);

      const templates = COURSE_TEMPLATES[entry.specialization];
      // The demo shark (i = 0) gets every course and real bookings, so its dashboard and enrollments show numbers.
      const courseCount = i === 0 ? 3 : 2 + (i % 2);
      let firstCourse = { id: '', pricePaise: 0 };
      for (let c = 0; c < courseCount; c++) {
        const t = templates[(i + c) % templates.length];
        const pricePaise = t.pricePaise + ((i * 7 + c * 13) % 6) * 10_000;
        const [course] = await tx
          .insert(courses)
          .values({
            sharkId: shark.id,
            title: t.title,
            courseCode: `CRS-D${String(++codeSeq).padStart(5, '0')}`,
            description: t.description,
            duration: t.duration,
            pricePaise,
            requiredKnowledge: t.knowledge ?? 'Basic Skills',
          })
          .returning({ id: courses.id });
        if (c === 0) firstCourse = { id: course.id, pricePaise };
        // A few bookings per course: some past (completed), some upcoming.
        const bookings = i === 0 ? 2 + c : (i + c) % 4;
        for (let b = 0; b < bookings; b++) {
          const learnerIndex = (i + b * 3 + c) % learnerIds.length;
          const hours = 1 + ((i + b) % 3);
          const preferredDate = dayOffset(b % 2 === 0 ? 3 + b + i : -(5 + b + i));
          // Each course of a shark has its own block of the day (09:00, 13:00, 17:00; at most 3 hours), so
          // no two demo bookings of one shark overlap.
          const preferredTime = `${String(9 + 4 * c).padStart(2, '0')}:00`;
          const status = b % 2 === 0 ? 'confirmed' : 'completed';
          // The session page's timeline: requested by the learner, accepted by the shark (and completed).
          await record({
            courseId: course.id,
            userId: learnerIds[learnerIndex],
            name: learnerName(learnerIndex),
            email:
              learnerIndex === 0
                ? DEMO_ACCOUNTS.learner.email
                : `learner${learnerIndex}@demo.sharksecurity.in`,
            phone: `+91 90000 ${String(10000 + learnerIndex).slice(-5)}`,
            hours,
            preferredDate,
            preferredTime,
            timeZone: 'Asia/Kolkata',
            totalPricePaise: pricePaise * hours,
            status,
            events: [
              { kind: 'requested', actor: 'learner' },
              { kind: 'confirmed', actor: 'shark', actorUserId: userId },
              ...(status === 'completed' ? [{ kind: 'completed' as const, actor: 'system' as const }] : []),
            ],
          });
        }
      }
      // Reviews of completed sessions for most sharks (every 5th has none yet and shows "New"): each review
      // belongs to a completed session of its learner, at 07:00, away from the bookings above. The demo
      // learner's session with the demo shark is left to review, so the demo shows the review form.
      if (i % 5 !== 4) {
        const raters = 2 + (i % 4);
        for (let r = 0; r < raters; r++) {
          const learnerIndex = (i + r) % learnerIds.length;
          // The demo learner's latest session with the demo shark ended three days ago and awaits her review.
          // Three, not two: its share leaves the 48-hour no-show window at the same hour every day (08:00 IST
          // two days on), so with two the demo shark saw it pending before 08:00 IST and available after.
          const awaitsReview = i === 0 && learnerIndex === 0;
          const preferredDate = dayOffset(awaitsReview ? -3 : -(8 + 3 * r + (i % 5)));
          const booking = await record({
            courseId: firstCourse.id,
            userId: learnerIds[learnerIndex],
            name: learnerName(learnerIndex),
            email:
              learnerIndex === 0
                ? DEMO_ACCOUNTS.learner.email
                : `learner${learnerIndex}@demo.sharksecurity.in`,
            phone: `+91 90000 ${String(10000 + learnerIndex).slice(-5)}`,
            hours: 1,
            preferredDate,
            preferredTime: '07:00',
            timeZone: 'Asia/Kolkata',
            totalPricePaise: firstCourse.pricePaise,
            status: 'completed',
            events: [],
          });
          if (awaitsReview) continue;
          const rating = 3 + ((i + r) % 3);
          const writtenAt = new Date(booking.endsAt.getTime() + (1 + (r % 3)) * 86_400_000);
          await tx.insert(reviews).values({
            bookingId: booking.id,
            sharkId: shark.id,
            userId: learnerIds[learnerIndex],
            rating,
            knowledge: Math.min(5, rating + (r % 2)),
            preparation: rating,
            clarity: Math.max(1, rating - ((i + r) % 2)),
            body: DEMO_REVIEW_TEXTS[rating][(i + r) % DEMO_REVIEW_TEXTS[rating].length],
            createdAt: writtenAt,
            updatedAt: writtenAt,
          });
        }
      }
      // The demo's one refunded session: the demo shark cancelled the demo learner's session of its first
      // course, a week ahead (09:00, that course's block of the day); payDemoSessions refunds it in full.
      if (i === 0)
        await record({
          courseId: firstCourse.id,
          userId: demo.learner,
          name: DEMO_ACCOUNTS.learner.name,
          email: DEMO_ACCOUNTS.learner.email,
          phone: '+91 90000 10000',
          hours: 1,
          preferredDate: dayOffset(7),
          preferredTime: '09:00',
          timeZone: 'Asia/Kolkata',
          totalPricePaise: firstCourse.pricePaise,
          status: 'cancelled',
          cancelledBy: 'shark',
          events: [
            { kind: 'requested', actor: 'learner', actorUserId: demo.learner },
            { kind: 'confirmed', actor: 'shark', actorUserId: userId },
            { kind: 'cancelled', actor: 'shark', actorUserId: userId, reason: DEMO_SHARK_CANCELLATION },
          ],
        });
      if (i % 4 === 0) await tx.insert(sharkFollowers).values({ userId: demo.learner, sharkId: shark.id });
    }
  });
  // Each portrait goes in through the workspace's upload path (checked, re-encoded, stored, the row pointed at it).
  if (storage && portraits) {
    const images = await portraits;
    for (const [i, shark] of seededSharks.entries()) {
      const row = await db.query.sharks.findFirst({ where: (t, { eq }) => eq(t.id, shark.id) });
      await replacePhoto(
        db,
        storage,
        { userId: shark.userId, shark: row!, byAdmin: false },
        { body: images[i]!, fileName: 'portrait.webp', truncated: false },
      );
    }
  }
  // Demo data written through the freelance services' own checks (after the catalogue, as the portraits are).
  await seedDemoClientRequest(db, demo.learner!, [freelancerUsers[0]!, freelancerUsers[1]!]);
  return recorded;
}

/**
 * The freelance side a newcomer finds (issue 27): the demo learner's open request for a penetration test, with
 * a proposal from the demo freelancer and one from another freelancer who offers it, made through the client
 * requests' and proposals' services (their rules and events), so `/requests/:id` has two proposals to compare,
 * the demo freelancer's `/freelancer/client-requests` its proposal, and the admin console's Client requests tab
 * a row. No money moves: funding a milestone is the reader's to try.
 */
async function seedDemoClientRequest(db: Db, clientId: string, [first, second]: [string, string]) {
  const request = requestInputSchema.parse({
    title: 'Penetration test of our claims portal before launch',
    service: 'pentesting',
    description:
      'A web and API penetration test of the new claims portal before it opens to policyholders: OWASP Top 10 and ' +
      'the API Top 10, with a report we can hand to our auditors and one retest after the fixes.',
    assets: [
      { type: 'web', identifier: 'https://claims.example.in', inScope: true },
      { type: 'api', identifier: 'https://api.claims.example.in/v1', inScope: true },
      { type: 'web', identifier: 'https://www.example.in (the marketing site)', inScope: false },
    ],
    windowFrom: dateInDays(24),
    windowTo: dateInDays(38),
    budgetMinPaise: 8_000_000,
    budgetMaxPaise: 15_000_000,
    deadline: dateInDays(14),
    ndaRequired: false,
    visibility: 'everyone',
  } satisfies RequestInput);
  const { id } = await createRequest(db, clientId, request, true, DEFAULT_TIME_ZONE);
  const proposals: Array<[string, ProposalInput]> = [
    [
      first,
      {
        pricePaise: 12_000_000,
        days: 10,
        approach:
          'Authenticated and unauthenticated testing of the portal and its API against the OWASP Top 10 and the ' +
          'API Top 10, with Burp Suite and scripted checks of every role. A report with each finding, its CVSS ' +
          'score and a fix, then one retest.',
        milestones: [
          { title: 'Testing and report', amountPaise: 9_000_000 },
          { title: 'Retest', amountPaise: 3_000_000 },
        ],
      },
    ],
    [
      second,
      {
        pricePaise: 9_500_000,
        days: 8,
        approach:
          'A cloud-aware test of the portal: the web app and API, and how they reach their storage and queues. ' +
          'Report within two days of the last test day; retest included.',
        milestones: [
          { title: 'Testing', amountPaise: 6_000_000 },
          { title: 'Report and retest', amountPaise: 3_500_000 },
        ],
      },
    ],
  ];
  for (const [freelancerId, input] of proposals)
    await propose(db, freelancerId, id, proposalInputSchema.parse(input));
}

/**
 * Pays the demo's recorded sessions through the test provider's own path (issue 23, decision 134), once the app
 * is built: each an order at the built-in test gateway through the payments adapter, paid at the gateway's
 * checkout, captured (ledger, numbered receipt); held sessions' shares released; the shark's cancellation
 * refunded in full (refund processed, credit note). Test mode only: with Razorpay's keys nothing is paid. A
 * session paid before is left alone, so running it again pays nothing twice. Nobody is mailed.
 */
export async function payDemoSessions(
  app: FastifyInstance,
  sessions: string[],
): Promise<{ paid: number; refunded: number }> {
  const done = { paid: 0, refunded: 0 };
  if (app.config.paymentProvider !== 'test') return done;
  const ctx = { ...app.payments, silent: true, db: app.db, log: app.log };
  const provider: RecordedSessionProvider = {
    async pay(tx, orderId) {
      const answer = await testGatewayCheckout(tx, app.jobs, orderId, 'success');
      if ('error' in answer)
        throw new Error(`the test gateway refused a demo payment: ${answer.error.description}`);
      return answer;
    },
    settleRefund: (refundId) => settleTestRefund(app.db, app.jobs, refundId, 'processed'),
  };
  for (const id of sessions) {
    const outcome = await payRecordedSession(ctx, id, provider);
    if (outcome !== 'skipped') done.paid++;
    if (outcome === 'refunded') done.refunded++;
  }
  return done;
}
