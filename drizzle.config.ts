import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a migration from schema.ts; views, triggers and trigram indexes are
// hand-written custom migrations (`npm run db:generate -- --custom --name=...`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
