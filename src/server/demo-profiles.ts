// What makes the demo catalogue look like a real marketplace (issue 25): each demo shark's headline, languages,
// skills, links, a longer bio in paragraphs, credentials, and a portrait drawn offline by DiceBear's
// "avataaars" style from a look chosen per shark (decision 163), rendered with sharp and stored through the
// storage module's upload path like a photo the shark uploaded.
import { createAvatar } from '@dicebear/core';
import * as avataaars from '@dicebear/avataaars';
import sharp from 'sharp';
import type { Specialization } from '#shared/constants.ts';
import type { SharkLinks } from '#shared/shark-links.ts';

type Options = avataaars.Options;
type Top = NonNullable<NonNullable<Options>['top']>[number];

/** A demo shark's look: who they are drawn as. Every field differs enough between sharks that no two look alike. */
interface Look {
  skin: string;
  top: Top;
  hair: string;
  beard?: 'beardLight' | 'beardMedium' | 'beardMajestic' | 'moustacheFancy';
  glasses?: 'prescription01' | 'prescription02' | 'round';
  clothing:
    | 'blazerAndShirt'
    | 'blazerAndSweater'
    | 'collarAndSweater'
    | 'shirtCrewNeck'
    | 'shirtVNeck'
    | 'hoodie'
    | 'shirtScoopNeck';
  clothes: string;
  background: string;
}

export interface DemoProfile {
  headline: string;
  languages: string[];
  skills: string[];
  links: SharkLinks;
  /** A second paragraph after the catalogue's one-line bio (or the whole bio where the catalogue has none). */
  more: string;
  look: Look;
}

// Skin tones of the style, darkest to lightest.
const SKIN = { deep: '614335', brown: 'ae5d29', tan: 'd08b5b', light: 'edb98a', pale: 'ffdbb4' } as const;
const HAIR = {
  black: '2c1b18',
  dark: '4a312c',
  brown: '724133',
  auburn: 'a55728',
  blonde: 'd6b370',
  grey: 'e8e1e1',
};

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '-');

/** The demo profiles, in the catalogue's order (seed.ts CATALOGUE). */
const PROFILES: Array<Omit<DemoProfile, 'links'> & { sites: Array<keyof SharkLinks> }> = [
  {
    headline: 'Principal Security Consultant at Finvault Labs',
    languages: ['English', 'Hindi', 'Gujarati'],
    skills: ['Web app pentesting', 'API security', 'Burp Suite', 'OSWE', 'Secure code review'],
    more: 'I have led over 150 web and API assessments for payment companies and lenders. In our sessions we work on a real target in a lab, and you leave with notes you can reuse on your next engagement.',
    sites: ['linkedin', 'github', 'hackthebox'],
    look: {
      skin: SKIN.tan,
      top: 'shortFlat',
      hair: HAIR.black,
      beard: 'beardLight',
      clothing: 'blazerAndShirt',
      clothes: '25557c',
      background: '0e7490',
    },
  },
  {
    headline: 'Mobile Security Lead at Kestrel Pay',
    languages: ['English', 'Tamil'],
    skills: ['Android', 'Frida', 'iOS', 'Burp Suite', 'MobSF'],
    more: 'Before security I built Android apps, so I read smali as easily as Kotlin. Bring an APK you are curious about and we will take it apart together.',
    sites: ['linkedin', 'github'],
    look: {
      skin: SKIN.brown,
      top: 'longButNotTooLong',
      hair: HAIR.black,
      clothing: 'shirtScoopNeck',
      clothes: 'ff5c5c',
      background: '7c3aed',
    },
  },
  {
    headline: 'Security Analyst at Tarang Networks',
    languages: ['English', 'Hindi', 'Punjabi'],
    skills: ['Active Directory', 'Nmap', 'Network pentesting', 'PowerShell'],
    more: 'I started on help desks and moved into offensive work through CTFs. I explain every step slowly and never assume you already know the jargon.',
    sites: ['linkedin', 'tryhackme'],
    look: {
      skin: SKIN.light,
      top: 'shortWaved',
      hair: HAIR.dark,
      clothing: 'hoodie',
      clothes: '3c4f5c',
      background: 'be185d',
    },
  },
  {
    headline: 'Head of Application Security at Meridian Bank',
    languages: ['English', 'Malayalam', 'Hindi'],
    skills: ['OWASP Top 10', 'Threat modelling', 'SAST', 'Secure SDLC', 'PCI DSS'],
    more: 'I run the AppSec programme of a large bank and review designs before a line of code is written. Sessions cover finding bugs and getting them fixed by busy teams.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.brown,
      top: 'bun',
      hair: HAIR.black,
      glasses: 'round',
      clothing: 'blazerAndSweater',
      clothes: '262e33',
      background: 'b45309',
    },
  },
  {
    headline: 'Independent bug bounty hunter',
    languages: ['English', 'Yoruba'],
    skills: ['Recon', 'Bug bounty', 'Automation', 'XSS', 'SSRF'],
    more: 'I have reported bugs to more than 60 programmes. I share the recon pipeline I use daily and how to write reports that get paid instead of closed.',
    sites: ['github', 'hackthebox'],
    look: {
      skin: SKIN.deep,
      top: 'shortCurly',
      hair: HAIR.black,
      beard: 'beardMedium',
      clothing: 'shirtCrewNeck',
      clothes: '5199e4',
      background: '047857',
    },
  },
  {
    headline: 'Associate Penetration Tester at Cobalt Arc',
    languages: ['English', 'Marathi', 'Hindi'],
    skills: ['Web app pentesting', 'OSCP prep', 'Linux'],
    more: 'Sneha is early in her career and remembers what was hard about the first months. She is a patient guide through OSCP labs and your first reports.',
    sites: ['linkedin', 'tryhackme'],
    look: {
      skin: SKIN.tan,
      top: 'straight01',
      hair: HAIR.dark,
      clothing: 'collarAndSweater',
      clothes: 'a7ffc4',
      background: '1d4ed8',
    },
  },
  {
    headline: 'Hardware Security Researcher at Silicon Ridge',
    languages: ['English', 'Telugu', 'Kannada'],
    skills: ['IoT', 'Firmware analysis', 'UART', 'JTAG', 'Embedded exploitation'],
    more: 'I have spent fourteen years breaking routers, cameras and smart meters. We will solder less than you fear and read firmware more than you expect.',
    sites: ['linkedin', 'github'],
    look: {
      skin: SKIN.brown,
      top: 'sides',
      hair: HAIR.grey,
      beard: 'moustacheFancy',
      glasses: 'prescription02',
      clothing: 'shirtVNeck',
      clothes: '929598',
      background: 'b91c1c',
    },
  },
  {
    headline: 'Red Team Director at Obsidian Shield',
    languages: ['English', 'Gujarati', 'Hindi'],
    skills: ['Adversary emulation', 'C2 infrastructure', 'Initial access', 'OPSEC', 'MITRE ATT&CK'],
    more: 'I built and led red teams for a telecom and a global consultancy. Sessions focus on planning an engagement like a real adversary and reporting it so defenders improve.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.light,
      top: 'theCaesarAndSidePart',
      hair: HAIR.black,
      beard: 'beardMajestic',
      clothing: 'blazerAndShirt',
      clothes: '262e33',
      background: '4d7c0f',
    },
  },
  {
    headline: 'Social Engineering Lead at Nordwall Security',
    languages: ['English', 'German'],
    skills: ['Social engineering', 'Phishing', 'Physical security', 'Pretexting'],
    more: 'I have talked my way into data centres and banks, always with a signed letter in my pocket. I teach how to run these tests ethically and turn them into training people remember.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.pale,
      top: 'bob',
      hair: HAIR.blonde,
      clothing: 'blazerAndSweater',
      clothes: 'ff488e',
      background: '9333ea',
    },
  },
  {
    headline: 'Red Team Operator at Vanta Forge',
    languages: ['English', 'Hindi', 'Marathi'],
    skills: ['Active Directory', 'BloodHound', 'Kerberoasting', 'Lateral movement'],
    more: 'Active Directory is where most real intrusions are won. I share a lab you can keep and walk through attack paths until you can find them on your own.',
    sites: ['github', 'hackthebox'],
    look: {
      skin: SKIN.tan,
      top: 'shortRound',
      hair: HAIR.black,
      glasses: 'prescription01',
      clothing: 'hoodie',
      clothes: '25557c',
      background: '0f766e',
    },
  },
  {
    headline: 'Purple Team Manager at Crescent Health',
    languages: ['English', 'Urdu', 'Hindi'],
    skills: ['Purple teaming', 'Detection engineering', 'Sigma', 'Atomic Red Team'],
    more: 'I sit between the red and blue teams and make them talk. You will learn to turn an attack into a detection and prove it works.',
    sites: ['linkedin', 'github'],
    look: {
      skin: SKIN.brown,
      top: 'hijab',
      hair: HAIR.black,
      clothing: 'shirtCrewNeck',
      clothes: '5199e4',
      background: 'c2410c',
    },
  },
  {
    headline: 'Offensive Tooling Engineer at Blackreef',
    languages: ['English'],
    skills: ['Malware development', 'EDR evasion', 'C', 'Windows internals', 'Loaders'],
    more: 'I write the tools red teams use and have read more EDR telemetry than I like to admit. Expect low-level code and honest talk about what is and is not ethical.',
    sites: ['github'],
    look: {
      skin: SKIN.pale,
      top: 'shortFlat',
      hair: HAIR.auburn,
      beard: 'beardMedium',
      clothing: 'hoodie',
      clothes: '262e33',
      background: '1e40af',
    },
  },
  {
    headline: 'Junior Red Teamer at Saffron Cyber',
    languages: ['English', 'Hindi'],
    skills: ['CTF', 'Web exploitation', 'Privilege escalation'],
    more: 'I play CTFs every weekend with my team. If you are starting out, I will help you pick the right boxes and build a habit of learning.',
    sites: ['github', 'tryhackme', 'hackthebox'],
    look: {
      skin: SKIN.light,
      top: 'shaggy',
      hair: HAIR.dark,
      clothing: 'shirtCrewNeck',
      clothes: 'ffafb9',
      background: 'a21caf',
    },
  },
  {
    headline: 'Adversary Simulation Specialist at Coral Watch',
    languages: ['English', 'Malayalam', 'Tamil'],
    skills: ['Red teaming', 'Cobalt Strike', 'Phishing', 'Reporting'],
    more: 'Nandini has run red team engagements for airlines and insurers. She cares most about reports that executives read and engineers act on.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.deep,
      top: 'curly',
      hair: HAIR.black,
      glasses: 'round',
      clothing: 'blazerAndShirt',
      clothes: 'e6e6e6',
      background: '15803d',
    },
  },
  {
    headline: 'Cloud Security Architect at Monsoon Cloud',
    languages: ['English', 'Malayalam'],
    skills: ['AWS', 'IAM', 'GuardDuty', 'Incident response', 'Terraform'],
    more: 'I secure AWS estates of a few hundred accounts. Together we will read real IAM policies and find the one that lets everything through.',
    sites: ['linkedin', 'github'],
    look: {
      skin: SKIN.tan,
      top: 'straightAndStrand',
      hair: HAIR.brown,
      clothing: 'shirtVNeck',
      clothes: '65c9ff',
      background: '7e22ce',
    },
  },
  {
    headline: 'Principal Cloud Security Engineer at Azurite Systems',
    languages: ['English', 'Bengali', 'Hindi'],
    skills: ['Azure', 'Entra ID', 'Conditional access', 'Cloud attack paths'],
    more: 'Identity is the new perimeter, and I spend my days proving it. We will attack and then harden a small Azure tenant in every session.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.light,
      top: 'theCaesar',
      hair: HAIR.black,
      beard: 'beardLight',
      glasses: 'prescription02',
      clothing: 'collarAndSweater',
      clothes: '3c4f5c',
      background: 'be123c',
    },
  },
  {
    headline: 'Platform Security Engineer at Lotus Containers',
    languages: ['English', 'Mandarin'],
    skills: ['Kubernetes', 'RBAC', 'Supply chain security', 'Falco', 'OPA'],
    more: 'I look after the clusters of a large SaaS platform. Bring your own manifests and we will find what an attacker would reach first.',
    sites: ['github', 'linkedin'],
    look: {
      skin: SKIN.pale,
      top: 'shortWaved',
      hair: HAIR.black,
      glasses: 'round',
      clothing: 'shirtCrewNeck',
      clothes: 'a7ffc4',
      background: '0369a1',
    },
  },
  {
    headline: 'DevSecOps Lead at Peacock Retail',
    languages: ['English', 'Telugu', 'Hindi'],
    skills: ['GCP', 'DevSecOps', 'Secrets management', 'CI/CD security'],
    more: 'I moved from developer to security engineer and I still think like a developer. Sessions are about making the secure way the easy way in your pipeline.',
    sites: ['linkedin', 'github'],
    look: {
      skin: SKIN.brown,
      top: 'miaWallace',
      hair: HAIR.black,
      clothing: 'blazerAndSweater',
      clothes: 'ffffb1',
      background: 'a16207',
    },
  },
  {
    headline: 'Cloud Security Advisor at Harbour & Finch',
    languages: ['English', 'Arabic', 'French'],
    skills: ['Terraform', 'Multi-account strategy', 'AWS Organizations', 'Landing zones'],
    more: 'I was a cloud architect for ten years before switching sides. I help you design accounts and guardrails that stay secure as the company grows.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.tan,
      top: 'sides',
      hair: HAIR.dark,
      beard: 'beardMajestic',
      clothing: 'blazerAndShirt',
      clothes: '929598',
      background: '166534',
    },
  },
  {
    headline: 'GRC and Cloud Compliance Consultant at Northstar Assure',
    languages: ['English', 'Urdu'],
    skills: ['ISO 27001', 'SOC 2', 'CSPM', 'Risk assessment'],
    more: 'I have taken a dozen startups through their first audits. We will turn frameworks into a short list of things you actually do.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.light,
      top: 'longButNotTooLong',
      hair: HAIR.auburn,
      glasses: 'prescription01',
      clothing: 'shirtScoopNeck',
      clothes: '5199e4',
      background: '9d174d',
    },
  },
  {
    headline: 'Cloud Security Manager at Indus Freight',
    languages: ['English', 'Hindi', 'Punjabi'],
    skills: ['AWS', 'Azure', 'Cloud governance', 'Security reviews'],
    more: 'Gaurav manages a cloud security team of eight. He mentors engineers moving from operations into security and is happy to talk about careers as much as tools.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.tan,
      top: 'turban',
      hair: HAIR.black,
      beard: 'beardMajestic',
      clothing: 'collarAndSweater',
      clothes: '25557c',
      background: '0891b2',
    },
  },
  {
    headline: 'DFIR Lead at Sentinel Grove',
    languages: ['English', 'Malayalam', 'Hindi'],
    skills: ['Memory forensics', 'Volatility', 'Disk forensics', 'Timelines', 'Incident response'],
    more: 'I have led incident response for ransomware cases across India and the Gulf. Sessions use real (sanitised) images so you practise on evidence, not slides.',
    sites: ['linkedin', 'github'],
    look: {
      skin: SKIN.brown,
      top: 'straight02',
      hair: HAIR.black,
      clothing: 'blazerAndShirt',
      clothes: 'ffffff',
      background: '6d28d9',
    },
  },
  {
    headline: 'Malware Reverse Engineer at Ironbark Intelligence',
    languages: ['English', 'Yoruba', 'French'],
    skills: ['Reverse engineering', 'Ghidra', 'IDA Pro', 'Ransomware', 'x86 assembly'],
    more: 'I reverse ransomware families for a threat intelligence team. We will read assembly together until it feels like reading prose.',
    sites: ['github', 'linkedin'],
    look: {
      skin: SKIN.deep,
      top: 'shortRound',
      hair: HAIR.black,
      beard: 'beardLight',
      glasses: 'prescription02',
      clothing: 'shirtVNeck',
      clothes: 'e6e6e6',
      background: 'ca8a04',
    },
  },
  {
    headline: 'Mobile Forensics Examiner at Veritas Digital',
    languages: ['English', 'Tamil', 'Telugu'],
    skills: ['Mobile forensics', 'Android', 'iOS', 'Chain of custody'],
    more: 'Harini examines phones for legal cases. She teaches how to handle evidence so that your findings stand up when someone challenges them.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.tan,
      top: 'bigHair',
      hair: HAIR.black,
      clothing: 'blazerAndSweater',
      clothes: 'b1e2ff',
      background: '0d9488',
    },
  },
  {
    headline: 'Threat Hunter at Falcon Ridge SOC',
    languages: ['English', 'Urdu', 'Hindi'],
    skills: ['Threat hunting', 'Splunk', 'Sigma', 'ELK', 'Sysmon'],
    more: 'I hunt in logs for a managed SOC that watches thousands of endpoints. You will write queries on real data and learn to tell noise from an intrusion.',
    sites: ['github', 'tryhackme'],
    look: {
      skin: SKIN.light,
      top: 'shortFlat',
      hair: HAIR.dark,
      beard: 'beardMedium',
      clothing: 'hoodie',
      clothes: '5199e4',
      background: 'dc2626',
    },
  },
  {
    headline: 'Network Forensics Specialist at Baltic Signal',
    languages: ['English', 'Russian', 'Bulgarian'],
    skills: ['Network forensics', 'Wireshark', 'Zeek', 'Packet analysis'],
    more: 'I have read packets for sixteen years, from dial-up to 100G links. Every session is hands-on with captures from real incidents.',
    sites: ['linkedin'],
    look: {
      skin: SKIN.pale,
      top: 'straight01',
      hair: HAIR.grey,
      glasses: 'prescription01',
      clothing: 'collarAndSweater',
      clothes: 'ff5c5c',
      background: '3f6212',
    },
  },
  {
    headline: 'SOC Analyst at Lotus Assurance',
    languages: ['English', 'Hindi'],
    skills: ['Incident response', 'GCFA', 'Windows event logs'],
    more: 'Manish earned his GCFA this year and still has the notes. He is a relaxed first mentor for anyone moving into a SOC.',
    sites: ['linkedin', 'tryhackme'],
    look: {
      skin: SKIN.brown,
      top: 'shaggyMullet',
      hair: HAIR.black,
      clothing: 'shirtCrewNeck',
      clothes: '929598',
      background: '1d4ed8',
    },
  },
  {
    headline: 'Cloud Forensics Consultant at Quantum Ledger',
    languages: ['English', 'Hindi', 'Bengali'],
    skills: ['Cloud forensics', 'AWS', 'Microsoft 365', 'Azure', 'Evidence collection'],
    more: 'After a breach, the cloud logs you need are often gone within days. I teach what to collect first and how to read it.',
    sites: ['linkedin', 'github'],
    look: {
      skin: SKIN.light,
      top: 'curvy',
      hair: HAIR.brown,
      clothing: 'shirtVNeck',
      clothes: 'ff488e',
      background: '0e7490',
    },
  },
];

/** The demo profile of the catalogue's i-th shark (links from its name, so every shark's are its own). */
export function demoProfile(i: number, name: string): DemoProfile {
  const { sites, ...profile } = PROFILES[i % PROFILES.length]!;
  const handle = slug(name);
  const links: SharkLinks = {};
  for (const site of sites)
    links[site] =
      site === 'linkedin'
        ? `https://www.linkedin.com/in/${handle}`
        : site === 'github'
          ? `https://github.com/${handle}`
          : site === 'hackthebox'
            ? `https://app.hackthebox.com/profile/${100_000 + i * 7_919}`
            : `https://tryhackme.com/p/${handle}`;
  return { ...profile, links };
}

/** The shark's portrait as a 320 px WebP, drawn from its look: the same look always gives the same image. */
export async function renderDemoPortrait(name: string, look: Look): Promise<Buffer> {
  const svg = createAvatar(avataaars, {
    seed: name,
    size: 320,
    backgroundColor: [look.background],
    skinColor: [look.skin],
    top: [look.top],
    topProbability: 100,
    hairColor: [look.hair],
    hatColor: ['262e33'],
    facialHair: look.beard ? [look.beard] : undefined,
    facialHairColor: [look.hair],
    facialHairProbability: look.beard ? 100 : 0,
    accessories: look.glasses ? [look.glasses] : undefined,
    accessoriesColor: ['262e33'],
    accessoriesProbability: look.glasses ? 100 : 0,
    clothing: [look.clothing],
    clothesColor: [look.clothes],
    eyes: ['default', 'happy'],
    eyebrows: ['defaultNatural', 'raisedExcitedNatural', 'flatNatural'],
    mouth: ['smile', 'default', 'twinkle'],
  }).toString();
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

/** Credentials by specialization: a demo shark lists one or two, some verified by the demo admin. */
export const DEMO_CREDENTIALS: Record<
  Specialization,
  Array<{ name: string; issuer: string; url: string }>
> = {
  pentesting: [
    { name: 'OSCP', issuer: 'OffSec', url: 'https://www.offsec.com/courses/pen-200/' },
    { name: 'eWPTX', issuer: 'INE Security', url: 'https://ine.com/security' },
  ],
  red_teaming: [
    { name: 'CRTO', issuer: 'Zero-Point Security', url: 'https://training.zeropointsecurity.co.uk/' },
    { name: 'OSEP', issuer: 'OffSec', url: 'https://www.offsec.com/courses/pen-300/' },
  ],
  cloud_security: [
    {
      name: 'AWS Certified Security – Specialty',
      issuer: 'Amazon Web Services',
      url: 'https://aws.amazon.com/certification/certified-security-specialty/',
    },
    { name: 'CCSP', issuer: 'ISC2', url: 'https://www.isc2.org/certifications/ccsp' },
  ],
  forensics: [
    {
      name: 'GCFA',
      issuer: 'GIAC',
      url: 'https://www.giac.org/certifications/certified-forensic-analyst-gcfa/',
    },
    {
      name: 'GREM',
      issuer: 'GIAC',
      url: 'https://www.giac.org/certifications/reverse-engineering-malware-grem/',
    },
  ],
};
