// The setup most money tests share: one app per test file on a clock pinned to Monday 2026-11-23, 06:00 in India,
// a fresh database before each test, and the test gateway answering orders and settling refunds. Moving the clock
// is `t.now += ms`; `t.app` is ready from the first test on.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb } from './app';

/** Monday 2026-11-23, 06:00 in India: every pinned test starts here. */
export const MONDAY_MORNING = new Date('2026-11-23T00:30:00Z');

/** 18:30 in India, `days` after Monday 2026-11-23, as an ISO instant (a free evening slot in the fixtures). */
export const eveningSlot = (days: number) =>
  new Date(Date.parse(`2026-11-${23 + days}T18:30:00+05:30`)).toISOString();

export function pinnedApp(env: Record<string, string> = {}) {
  const t = { app: undefined as unknown as FastifyInstance, now: MONDAY_MORNING.getTime() };
  beforeAll(async () => {
    t.app = await createTestApp({ RATE_LIMIT_SCALE: '100', ...env });
  });
  afterAll(() => {
    setClock();
    return t.app.close();
  });
  beforeEach(async () => {
    t.now = MONDAY_MORNING.getTime();
    setClock(() => new Date(t.now));
    await resetDb();
    await t.app.inject({
      method: 'POST',
      url: '/api/test-gateway/control',
      payload: { refunds: 'process', orders: 'up' },
    });
  });
  return t;
}
