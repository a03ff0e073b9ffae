// Starts the server: config, the embedded database's lock, database (migrated; demo data as decision 027 says),
// the app (the demo's sessions paid through the test gateway, decision 134), then listen.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock';
import { payDemoSessions, seedDemoOnStart } from './seed';
import { loopbackUrl, publishCliHandoff, removeCliHandoff } from './db/cli-handoff';

// The project brings Node 24 LTS from the npm registry (decision 070): `npm start` runs it. A bare `node`
// of the machine's own (older, unsupported) version is refused rather than half-working.
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Shark Security needs Node.js 24 (this is ${process.version}). Start it with \`npm start\`, which uses the project's own Node 24.`,
  );
  process.exit(1);
}

const config = loadConfig();
// PGlite is single-process: no second process (another server, the admin CLI) may open its directory (#8).
let dataDirLock: DataDirLock | null = null;
if (config.embedded) {
  try {
    dataDirLock = await acquireDataDirLock(config.DATA_DIR);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  process.on('exit', () => dataDirLock?.release());
}
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
});
const demo = await seedDemoOnStart(config, database.db);
if (demo.seeded && demo.passwords) {
  // Production with SEED_DEMO=true: the README's passwords are public, so these are random and shown only here.
  console.log(
    'Loaded the demo catalogue and demo accounts with these one-time passwords (shown only now):\n' +
      Object.entries(demo.passwords)
        .map(([email, password]) => `  ${email}  ${password}`)
        .join('\n'),
  );
} else if (demo.seeded) console.log('Loaded the demo catalogue and demo accounts (see README).');
const app = await buildApp({ config, database, serveWeb: true });
// The demo just loaded: its sessions are paid through the test gateway (decision 134), before anyone can look.
if (demo.seeded) {
  const paid = await payDemoSessions(app, demo.sessions);
  if (paid.paid) app.log.info(paid, 'paid the demo sessions through the test gateway');
}

// SIGTERM drains: stop accepting, finish requests in flight, then close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request in flight keeps its keep-alive socket open once answered, and Node closes idle sockets only
    // when the close starts: reap them as they free up, or the exit would wait for the keep-alive timeout.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    // A load balancer stops sending within seconds; a request still running after 25 s is abandoned.
    setTimeout(() => process.exit(1), 25_000).unref();
    await app.close();
    clearInterval(reaper);
    await database.close();
    // Only now is the database free: the hand-off and the lock hold through the drain, so the admin CLI waits
    // instead of opening the directory while this process still writes to it.
    if (config.embedded) removeCliHandoff(config.DATA_DIR);
    dataDirLock?.release();
    process.exit(0);
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
// The admin CLI reaches the embedded database through this server while it runs (decision 023).
if (config.embedded) publishCliHandoff(config.DATA_DIR, loopbackUrl(app.addresses()));
else removeCliHandoff(config.DATA_DIR);
app.log.info(`Shark Security is running at ${config.appOrigin}`);
