// `npm run db:check`: fails when src/server/db/schema.ts and the SQL migrations disagree. drizzle-kit generates
// into a scratch copy of the migrations; any new migration file means the schema changed without one.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const migrations = 'src/server/db/migrations';
// drizzle-kit resolves --out relative to the project, so the scratch copy lives inside it.
const scratch = mkdtempSync(path.join('.', '.db-check-'));
try {
  cpSync(migrations, scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  execFileSync(
    'drizzle-kit',
    ['generate', '--dialect', 'postgresql', '--schema', './src/server/db/schema.ts', '--out', scratch],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const added = readdirSync(scratch).filter((f) => !before.has(f));
  if (added.length) {
    console.error(
      `schema.ts has changes that no migration holds (drizzle-kit would write ${added.join(', ')}).`,
    );
    console.error('Run `npm run db:generate` and review the migration.');
    process.exit(1);
  }
  console.log('schema.ts and the migrations agree.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
