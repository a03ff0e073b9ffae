// Issue 10, finding 4: common and breached passwords are refused (ASVS 2.1.7) on signup and on the
// set-password/reset page, from an offline list; the 8-character minimum and its message stay.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { issueEmailToken, RESET_PASSWORD_TTL_MS } from '#server/modules/accounts/accounts/tokens.ts';
import { isCommonPassword } from '#server/modules/accounts/accounts/passwords.ts';

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

// Issue 21, finding 7: a common password with a few changes, the site's own name, and the user's own name or
// email with a year all passed. Each is refused with its own message, on signup, reset and change alike.
describe('guessable and personal passwords (issue 21, finding 7)', () => {
  const priya = (password: string, i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup/user',
      payload: {
        name: 'Priya Raman',
        email: `priya.raman${i}@example.com`,
        password,
        confirmPassword: password,
        terms: true,
      },
    });
  const cases: [string, string][] = [
    ['Password1!', ACCOUNT_MSG.passwordTooGuessable],
    ['P@ssw0rd2026', ACCOUNT_MSG.passwordTooGuessable],
    ['Summer2026!', ACCOUNT_MSG.passwordTooGuessable],
    ['sharksecurity', ACCOUNT_MSG.passwordHasSiteName],
    ['SharkSecurity#2026', ACCOUNT_MSG.passwordHasSiteName],
    ['Priya Raman 2026', ACCOUNT_MSG.passwordHasPersonalInfo],
    ['raman.priya!!', ACCOUNT_MSG.passwordHasPersonalInfo],
    ['priya.raman7@2026', ACCOUNT_MSG.passwordHasPersonalInfo],
  ];
  it.each(cases)('refuses %j at signup with its message', async (password, message) => {
    const res = await priya(
      password,
      cases.findIndex(([p]) => p === password),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: message });
  });

  it('accepts a strong password that mentions the name among other words, and the README demo passwords', async () => {
    expect((await priya('priya-rides-violet-trams-42', 20)).statusCode).toBe(201);
    const { passwordProblem } = await import('#server/modules/accounts/accounts/passwords.ts');
    for (const demo of ['DemoLearner#2026', 'DemoFreelancer#2026', 'DemoShark#2026', 'DemoAdmin#2026'])
      expect(
        passwordProblem(demo, { email: 'someone@demo.sharksecurity.in', name: 'Demo' }),
        demo,
      ).toBeNull();
  });

  it('refuses a password built from the name on a password change and a reset too', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
    const cookie = await sessionCookie(db, account.id);
    const change = await app.inject({
      method: 'POST',
      url: '/api/me/account/password',
      headers: { cookie },
      payload: {
        currentPassword: account.password,
        password: 'Priya Raman 2026',
        confirmPassword: 'Priya Raman 2026',
      },
    });
    expect(change.json().error.fields).toEqual({ password: ACCOUNT_MSG.passwordHasPersonalInfo });
    const token = await issueEmailToken(db, account.id, 'reset_password', RESET_PASSWORD_TTL_MS);
    const reset = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password, confirmPassword: password },
      });
    expect((await reset('Priya Raman 2026')).json().error.fields).toEqual({
      password: ACCOUNT_MSG.passwordHasPersonalInfo,
    });
    // The refusal used nothing up: the link still sets a good password.
    expect((await reset('violet-tram-harbour-42')).statusCode).toBe(200);
  });
});
