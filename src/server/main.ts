// Starts the server: config, database (migrated; demo data on an empty embedded one), then listen.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed';
import { loopbackUrl, publishCliHandoff, removeCliHandoff } from './modules/admin/cli-handoff';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
if (config.embedded || config.SEED_DEMO) {
  if (await seedDemo(database.db)) console.log('Loaded the demo catalogue and demo accounts (see README).');
}
const app = await buildApp({ config, database, serveWeb: true });

// SIGTERM drains: stop accepting, finish requests in flight, then close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    removeCliHandoff(config.DATA_DIR);
    // A request in flight keeps its keep-alive socket open once answered, and Node closes idle sockets only
    // when the close starts: reap them as they free up, or the exit would wait for the keep-alive timeout.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    // A load balancer stops sending within seconds; a request still running after 25 s is abandoned.
    setTimeout(() => process.exit(1), 25_000).unref();
    await app.close();
    clearInterval(reaper);
    await database.close();
    process.exit(0);
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
// The admin CLI reaches the embedded database through this server while it runs (decision 023).
if (config.embedded) publishCliHandoff(config.DATA_DIR, loopbackUrl(app.addresses()));
else removeCliHandoff(config.DATA_DIR);
app.log.info(`Shark Security is running at ${config.appOrigin}`);
