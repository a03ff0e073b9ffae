// One bench case: a GET the app answers, and the service calls behind it for the raw side (decision 060).
import type { Db } from '#server/db/client.ts';

export interface Case {
  name: string;
  path: string;
  /**
   * The calls the route makes for this request, run against a recording database: the raw side ("own SQL") is
   * what they send once warm (captured after a first call has filled whatever the process keeps per version).
   */
  service: (db: Db) => Promise<unknown>;
  /**
   * The same answer with nothing kept in memory (the "naive SQL": what the caching wins). Default: the
   * service's first, cold call.
   */
  naive?: (db: Db) => Promise<unknown>;
  /** Request headers (a conditional request's If-None-Match, a session cookie), and the status every answer must have. */
  headers?: Record<string, string>;
  status?: number;
  /** p99 target when not the catalogue's. */
  p99?: number;
}
