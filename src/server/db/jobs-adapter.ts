// pg-boss reaches the app's database through this adapter (decision 080): a job sent with the caller's
// Drizzle transaction commits or rolls back with it. On PGlite, sending without it inside a transaction
// would wait forever on the single connection, so every send goes through here.
import { sql } from 'drizzle-orm';
import { fromDrizzle, type Db as IDatabase } from 'pg-boss';
import type { DbOrTx } from './client';

export const jobsDb = (db: DbOrTx): IDatabase =>
  fromDrizzle(db as unknown as Parameters<typeof fromDrizzle>[0], sql);
