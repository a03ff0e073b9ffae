// A calendar server on 127.0.0.1 for the calendar-import tests: each path answers with what the test sets
// (a feed with its ETag, a redirect, a slow or a huge answer), and every request is counted.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export interface IcalServer {
  origin: string;
  /** What `path` answers from now on. */
  set(path: string, route: Route): void;
  /** The requests seen so far, with their conditional headers. */
  requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string }>;
  close(): Promise<void>;
}

/** A feed with an ETag that answers 304 to a request that names it. */
export const feed =
  (body: string, etag = '"v1"'): Route =>
  (req, res) => {
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(body);
  };

export async function startIcalServer(): Promise<IcalServer> {
  const routes = new Map<string, Route>();
  const requests: IcalServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({
      path,
      ifNoneMatch: req.headers['if-none-match'],
      ifModifiedSince: req.headers['if-modified-since'],
    });
    const route = routes.get(path);
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    set: (path, route) => routes.set(path, route),
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A VCALENDAR around the given lines (CRLF, as RFC 5545 writes it). */
export const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//tests//calendar-imports//EN', ...lines, 'END:VCALENDAR'].join(
    '\r\n',
  );

/** Europe/London as Google writes it. */
export const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];
