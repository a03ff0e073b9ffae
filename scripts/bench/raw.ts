// The "raw" side of each bench case: the exact SQL the app sends for a request, captured from the app's
// own service functions through a recording pool, then replayed straight through a `pg` pool by N
// concurrent loops. The app/raw ratio then measures only what the HTTP layer adds (routing, validation,
// serialization, logging), not a different query.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';

/** What node-postgres receives from Drizzle: text, values, row mode and the type parsers. */
export type QueryConfig = pg.QueryConfig & { rowMode?: 'array'; types?: unknown };

/** Runs `work` against a Drizzle database whose pool records every query it is sent. */
export async function captureQueries(
  pool: pg.Pool,
  work: (db: Db) => Promise<unknown>,
): Promise<QueryConfig[]> {
  const recorded: QueryConfig[] = [];
  const recording = Object.create(pool) as pg.Pool;
  recording.query = ((config: QueryConfig | string, values?: unknown[]) => {
    recorded.push(
      typeof config === 'string' ? { text: config, values } : { ...config, values: values ?? config.values },
    );
    return (pool.query as (...args: unknown[]) => unknown)(config, values);
  }) as pg.Pool['query'];
  await work(drizzle(recording, { schema }) as unknown as Db);
  return recorded;
}

export interface LoopResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `concurrency` loops, each sending the captured queries in order (one "request") until the time is up. */
export async function runRaw(
  pool: pg.Pool,
  queries: QueryConfig[],
  concurrency: number,
  seconds: number,
): Promise<LoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      try {
        for (const q of queries) await pool.query(q);
        latencies.push(performance.now() - t);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}
