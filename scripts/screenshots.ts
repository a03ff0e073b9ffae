// Full-page screenshots of the pages a look-and-feel review walks, at a phone (390x844) and a desktop
// (1280x800) width, so a change to the catalogue or the workspaces can be looked at before and after
// (docs/screenshots/README.md). It signs in through the login pages with the demo accounts, so it needs a
// running server with the demo catalogue (`npm start` on an empty DATA_DIR), reached at http://localhost
// (the session cookie is set for that host).
//
//   tsx scripts/screenshots.ts http://localhost:4716 docs/screenshots/after [page names...]
//
// Each page is written as <page>-<width>.jpg: full-page PNGs of the phone catalogue run to several MB each,
// JPEG at quality 70 keeps a set of ~30 under a few MB and text stays legible. Set CHROME_PATH to another
// Chromium than Debian's.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';

const [base = 'http://localhost:3000', outDir = 'docs/screenshots/after', ...only] = process.argv.slice(2);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** The demo accounts of the README (seeded in development on the embedded database). */
const ACCOUNTS = {
  learner: { portal: 'user', email: 'learner@demo.sharksecurity.in', password: 'DemoLearner#2026' },
  shark: { portal: 'shark', email: 'shark@demo.sharksecurity.in', password: 'DemoShark#2026' },
  admin: { portal: 'admin', email: 'admin@demo.sharksecurity.in', password: 'DemoAdmin#2026' },
} as const;
type Role = keyof typeof ACCOUNTS | 'visitor';

/** The demo shark, whose profile every run shows (the one signed in as the shark account). */
const DEMO_SHARK = 'Arjun Mehta';

interface Shot {
  name: string;
  role: Role;
  path: (sharkId: string) => string;
  /** What to do once the page has loaded, e.g. choose a booking slot. */
  act?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  { name: 'home', role: 'visitor', path: () => '/' },
  { name: 'sharks', role: 'visitor', path: () => '/sharks' },
  { name: 'profile-about', role: 'visitor', path: (id) => `/sharks/${id}` },
  { name: 'profile-courses', role: 'visitor', path: (id) => `/sharks/${id}?tab=courses` },
  { name: 'profile-reviews', role: 'visitor', path: (id) => `/sharks/${id}?tab=reviews` },
  { name: 'booking', role: 'learner', path: (id) => `/sharks/${id}?tab=courses`, act: chooseFirstSlot },
  { name: 'learner-dashboard', role: 'learner', path: () => '/user/dashboard' },
  { name: 'learner-bookings', role: 'learner', path: () => '/user/bookings' },
  { name: 'learner-favorites', role: 'learner', path: () => '/user/favorites' },
  { name: 'shark-dashboard', role: 'shark', path: () => '/shark/dashboard' },
  { name: 'shark-edit-profile', role: 'shark', path: () => '/shark/edit-profile' },
  { name: 'shark-enrollments', role: 'shark', path: () => '/shark/enrollments' },
  { name: 'admin', role: 'admin', path: () => '/admin' },
];

/** Picks the first free day and start time of the booking panel's calendar, when this version has one. */
async function chooseFirstSlot(page: Page) {
  const days = page.getByRole('group', { name: 'Days' }).locator('button:not([aria-disabled])');
  if (!(await days.count())) return;
  await days.first().click();
  const times = page.getByRole('radiogroup', { name: /^Start times/ }).locator('label');
  await times.first().click();
  await page.waitForTimeout(500);
}

/** The demo shark's id, from the public list's search (any version's JSON shape: the first object named so). */
async function demoSharkId(): Promise<string> {
  const res = await fetch(`${base}/api/sharks?search=${encodeURIComponent(DEMO_SHARK)}`);
  const find = (v: unknown): string | undefined => {
    if (Array.isArray(v)) return v.map(find).find(Boolean);
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.name === DEMO_SHARK && typeof o.id === 'string') return o.id;
      return Object.values(o).map(find).find(Boolean);
    }
    return undefined;
  };
  const id = find(await res.json());
  if (!id) throw new Error(`${DEMO_SHARK} is not in ${base}/api/sharks: is the demo catalogue loaded?`);
  return id;
}

/** Signs in through the role's login page; waits rather than awaiting a URL, which differs by version. */
async function signIn(context: BrowserContext, role: keyof typeof ACCOUNTS) {
  const account = ACCOUNTS[role];
  const page = await context.newPage();
  await page.goto(`${base}/login/${account.portal}`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForTimeout(3000);
  await page.close();
}

/** Scrolls to the bottom and back so lazy images load before the full-page capture. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

async function capture(browser: Browser, sharkId: string) {
  mkdirSync(outDir, { recursive: true });
  const shots = only.length ? SHOTS.filter((s) => only.includes(s.name)) : SHOTS;
  // One signed-in state per role, reused at both widths (the login rate limit counts attempts).
  const states = new Map<Role, Awaited<ReturnType<BrowserContext['storageState']>>>();
  for (const role of new Set(shots.map((s) => s.role))) {
    const context = await browser.newContext();
    if (role !== 'visitor') await signIn(context, role);
    states.set(role, await context.storageState());
    await context.close();
  }
  for (const viewport of WIDTHS) {
    for (const shot of shots) {
      const context = await browser.newContext({ viewport, storageState: states.get(shot.role) });
      const page = await context.newPage();
      await page.goto(base + shot.path(sharkId), { waitUntil: 'networkidle' });
      await settle(page);
      await shot.act?.(page);
      const png = await page.screenshot({ fullPage: true, animations: 'disabled' });
      const file = path.join(outDir, `${shot.name}-${viewport.width}.jpg`);
      writeFileSync(file, await sharp(png).jpeg({ quality: 70, mozjpeg: true }).toBuffer());
      console.log(`${file}  ${page.url().replace(base, '')}`);
      await context.close();
    }
  }
}

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  await capture(browser, await demoSharkId());
} finally {
  await browser.close();
}
