// Issue 10, finding 4: common and breached passwords are refused (ASVS 2.1.7) on signup and on the
// set-password/reset page, from an offline list; the 8-character minimum and its message stay.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount } from '#server/test/fixtures.ts';
import { issueEmailToken, RESET_PASSWORD_TTL_MS } from '#server/modules/accounts/tokens.ts';
import { isCommonPassword } from '#server/modules/accounts/passwords.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const WEAK = ['password', '12345678', '        ', 'qwertyuiop', 'Password1', 'iloveyou', 'aaaaaaaaaa'];

const signup = (password: string, i = 0) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signup/user',
    payload: {
      name: 'Asha Rao',
      email: `weak${i}@example.com`,
      password,
      confirmPassword: password,
      terms: true,
    },
  });

describe('weak passwords (finding 4)', () => {
  it.each(WEAK)('refuses %j at signup with a message on the password field', async (password) => {
    const res = await signup(password);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe(ACCOUNT_MSG.passwordTooCommon);
  });

  it('keeps the 8-character minimum and its message', async () => {
    const res = await signup('abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe(ACCOUNT_MSG.passwordTooShort);
  });

  it('accepts a password that is not on the list', async () => {
    expect((await signup('violet-tram-harbour-42', 1)).statusCode).toBe(201);
  });

  it('refuses a common password on the reset (and set-password) page, and the link still works after', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const token = await issueEmailToken(db, account.id, 'reset_password', RESET_PASSWORD_TTL_MS);
    const reset = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password, confirmPassword: password },
      });
    const weak = await reset('12345678');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toBe(ACCOUNT_MSG.passwordTooCommon);
    expect((await reset('violet-tram-harbour-42')).statusCode).toBe(200);
  });

  it('checks offline against the list, whatever the letter case', () => {
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('sunshine1')).toBe(true);
    expect(isCommonPassword('violet-tram-harbour-42')).toBe(false);
  });
});
