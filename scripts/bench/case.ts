// One bench case: a GET the app answers, and the service calls behind it for the raw side (decision 060).
import type { Db } from '#server/db/client.ts';

export interface Case {
  name: string;
  path: string;
  /** The service calls the route makes for this request, run against a recording database. */
  service: (db: Db) => Promise<unknown>;
  /** Request headers (a conditional request's If-None-Match, a session cookie), and the status every answer must have. */
  headers?: Record<string, string>;
  status?: number;
  /** p99 target when not the catalogue's. */
  p99?: number;
}
