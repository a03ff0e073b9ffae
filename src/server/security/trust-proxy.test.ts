// Issue 10, finding 7: TRUST_PROXY takes a hop count or the proxies' addresses, so a client-written
// X-Forwarded-For entry never becomes req.ip (every per-address limit keys on req.ip).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { testConfig, testDatabase } from '#server/test/app.ts';

let app: FastifyInstance | null = null;
beforeAll(async () => {
  await testDatabase();
});
afterEach(async () => {
  await app?.close();
  app = null;
});

/** An app with one extra route that answers the address it believes the client has. */
async function ipOf(trustProxy: string, remoteAddress: string, forwardedFor: string) {
  app = await buildApp({
    config: testConfig({ TRUST_PROXY: trustProxy }),
    database: await testDatabase(),
    logger: false,
  });
  app.get('/ip-probe', async (req) => ({ ip: req.ip }));
  await app.ready();
  const res = await app.inject({
    method: 'GET',
    url: '/ip-probe',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  app = null;
  return res.json().ip as string;
}

describe('TRUST_PROXY (finding 7)', () => {
  it('with one trusted hop takes the address the load balancer appended, not one the client wrote', async () => {
    // The client wrote "203.0.113.9"; the load balancer (10.0.0.2) appended the real client, 198.51.100.7.
    expect(await ipOf('1', '10.0.0.2', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('trusts only the listed proxy addresses and ranges', async () => {
    expect(await ipOf('10.0.0.2', '10.0.0.2', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf('10.0.0.0/8, 192.168.1.1', '10.0.0.2', '203.0.113.9, 198.51.100.7')).toBe(
      '198.51.100.7',
    );
    // A request that does not come from a listed proxy keeps its own address.
    expect(await ipOf('10.0.0.2', '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
  });

  it('ignores X-Forwarded-For by default', async () => {
    expect(await ipOf('false', '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
  });

  it('refuses TRUST_PROXY=true (every hop) and nonsense with a message that says what to write', () => {
    const load = (v: string) => () => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: v });
    expect(load('true')).toThrow(/TRUST_PROXY/);
    expect(load('true')).toThrow(/number of proxies/);
    expect(load('10.0.0.300')).toThrow(/TRUST_PROXY/);
    expect(load('-1')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test' }).TRUST_PROXY).toBe(false);
  });
});
