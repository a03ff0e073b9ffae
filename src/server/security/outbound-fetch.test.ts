// The SSRF guard (decision 151): production's rules refuse http, loopback, private, link-local and metadata
// addresses, before and after DNS and on every redirect; the tests' loopback setting is refused in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { PRODUCTION_PAYMENT_KEYS } from '#server/test/app.ts';
import { feed, startIcalServer, type IcalServer } from '#server/test/ical-server.ts';
import { blockedReason, guardedGet, OutboundError, type OutboundPolicy } from './outbound-fetch';

const PRODUCTION: OutboundPolicy = { allowLoopback: false, timeoutMs: 2000, maxBytes: 4096, maxRedirects: 3 };
const TESTS: OutboundPolicy = { ...PRODUCTION, allowLoopback: true };

async function refusal(url: string, policy = PRODUCTION): Promise<OutboundError> {
  const err = await guardedGet(url, policy).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

let server: IcalServer;
beforeAll(async () => {
  server = await startIcalServer();
  server.set('/ok.ics', feed('BEGIN:VCALENDAR\r\nEND:VCALENDAR'));
  for (const [path, target] of [
    ['/to-private', 'http://10.0.0.1/x.ics'],
    ['/to-metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['/to-mapped', 'https://[::ffff:127.0.0.1]/x.ics'],
    ['/to-file', 'file:///etc/passwd'],
  ] as const)
    server.set(path, (_req, res) => res.writeHead(302, { location: target }).end());
  server.set('/slow', () => {}); // never answers
  server.set('/huge', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end('X'.repeat(10_000)); // chunked: no Content-Length
  });
  server.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
});
afterAll(() => server.close());

describe('fetching an address a user typed, in production', () => {
  it('refuses http:// and other schemes', async () => {
    expect((await refusal(`${server.origin}/ok.ics`)).message).toBe(
      'http addresses are not fetched, only https',
    );
    expect((await refusal('file:///etc/passwd')).kind).toBe('refused');
  });

  it('refuses loopback, 10/8, 169.254.169.254, IPv4-mapped and unique-local IPv6 literals', async () => {
    for (const host of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '[::ffff:10.0.0.1]',
      '[fd00:ec2::254]',
      '[::1]',
    ]) {
      const err = await refusal(`https://${host}/calendar.ics`);
      expect(err.kind).toBe('refused');
      expect(err.message).toMatch(/is not a public internet address/);
    }
  });

  it('checks the addresses a name resolves to: localhost is loopback', async () => {
    const err = await refusal('https://localhost/calendar.ics');
    expect(err.message).toMatch(/^localhost is not a public internet address \(loopback\)$/);
  });

  it('knows every special range and lets public addresses through', () => {
    const p = { allowLoopback: false };
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:8.8.8.8',
    ])
      expect(blockedReason(a, p), a).not.toBeNull();
    for (const a of ['8.8.8.8', '142.250.183.14', '2a00:1450:4009:81f::200e'])
      expect(blockedReason(a, p), a).toBeNull();
    expect(blockedReason('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(blockedReason('10.0.0.1', { allowLoopback: true })).toBe('private');
  });
});

describe('redirects', () => {
  // The first hop is the test server on loopback (allowed by the tests' setting); each redirect is checked again.
  it('refuses a redirect to a private, metadata or mapped address, or to another scheme', async () => {
    expect((await refusal(`${server.origin}/to-private`, TESTS)).message).toBe(
      '10.0.0.1 is not a public internet address (private)',
    );
    expect((await refusal(`${server.origin}/to-metadata`, TESTS)).message).toBe(
      '169.254.169.254 is not a public internet address (linkLocal)',
    );
    expect((await refusal(`${server.origin}/to-mapped`, TESTS)).message).toMatch(/ipv4Mapped/);
    expect((await refusal(`${server.origin}/to-file`, TESTS)).kind).toBe('refused');
  });

  it('stops after the redirect limit', async () => {
    expect((await refusal(`${server.origin}/loop`, TESTS)).message).toBe('too many redirects');
  });

  it('fetches a loopback feed only with the tests setting', async () => {
    const res = await guardedGet(`${server.origin}/ok.ics`, TESTS);
    expect(res.status).toBe(200);
    expect(res.body).toContain('BEGIN:VCALENDAR');
  });
});

describe('limits', () => {
  it('gives up on a feed that does not answer in time', async () => {
    const started = Date.now();
    const err = await refusal(`${server.origin}/slow`, { ...TESTS, timeoutMs: 300 });
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('did not answer in time');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops reading a feed larger than the size limit', async () => {
    const err = await refusal(`${server.origin}/huge`, { ...TESTS, maxBytes: 4096 });
    expect(err.kind).toBe('too-large');
  });
});

describe('the tests setting', () => {
  it('stops a production server from starting', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1',
        ...PRODUCTION_PAYMENT_KEYS,
        CALENDAR_FETCH_ALLOW_LOOPBACK: 'true',
      }),
    ).toThrow(/CALENDAR_FETCH_ALLOW_LOOPBACK is for tests only/);
  });
});
