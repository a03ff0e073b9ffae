// `npm run openapi -- [file]`: writes the app's OpenAPI document (default dist/openapi.json), as served at
// /api/docs/json, from an app built on an in-memory embedded database. `npm run lint:openapi` lints it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPglite } from '#server/db/client.ts';

const out = process.argv[2] ?? 'dist/openapi.json';
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  RUN_JOBS: 'false',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sharks-openapi-')),
  APP_ORIGIN: process.env.APP_ORIGIN ?? 'http://localhost:3000',
});
const database = await openPglite();
const app = await buildApp({ config, database, logger: false });
await app.ready();
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`wrote ${out}`);
