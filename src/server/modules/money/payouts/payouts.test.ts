// Payout details (issue 24, decision 136): a shark saves a UPI id or a bank account and its PAN, each field
// checked with its own message; the numbers are sealed at rest and shown masked; every change is audited and
// mailed; only the shark itself may change them (an admin sees them masked), and nobody else sees them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PAYOUT_MSG, payoutDetailsInputSchema } from '#shared/payouts.ts';
import { DEV_PAYOUT_DETAILS_KEY, loadConfig } from '#server/config.ts';
import { queryRows } from '#server/db/client.ts';
import { adminAuditLog, payoutDetails } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { open, seal } from './sealed';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const URL = '/api/workspace/payout-details';
const ACCOUNT = '001234567890';
const PAN = 'ABCPE1234F';
const bank = {
  method: 'bank',
  holderName: 'Arjun  Mehta',
  accountNumber: '0012 3456 7890',
  accountNumberConfirm: ACCOUNT,
  ifsc: 'hdfc0001234',
  pan: 'abcpe1234f',
};
const upi = { method: 'upi', upiId: 'Arjun.Mehta@OkAxis', pan: PAN };

async function setup() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], email: 'arjun@example.test' });
  const shark = await createShark(db, { userId: sharkAccount.id, name: 'Arjun Mehta' });
  const other = await createShark(db, { name: 'Other Shark' });
  const admin = await createAccount(db, { roles: ['admin'] });
  const learner = await createAccount(db, { roles: ['user'] });
  const freelancer = await createAccount(db, { roles: ['freelancer', 'user'] });
  return {
    db,
    shark,
    sharkCookie: await sessionCookie(db, shark.userId),
    other,
    otherCookie: await sessionCookie(db, other.userId),
    adminId: admin.id,
    adminCookie: await sessionCookie(db, admin.id),
    learnerCookie: await sessionCookie(db, learner.id),
    freelancerCookie: await sessionCookie(db, freelancer.id),
  };
}

const put = (cookie: string | null, payload: object, query = '') =>
  app.inject({ method: 'PUT', url: `${URL}${query}`, headers: cookie ? { cookie } : {}, payload });
const get = (cookie: string | null, query = '') =>
  app.inject({ method: 'GET', url: `${URL}${query}`, headers: cookie ? { cookie } : {} });

const outbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
    template: string;
    subject: string;
    text: string;
    html: string | null;
  }[];

describe('saving payout details', () => {
  it('saves a bank account: sealed at rest, shown masked, audited and mailed to the shark', async () => {
    const s = await setup();
    expect((await get(s.sharkCookie)).json()).toEqual({ details: null });

    const res = await put(s.sharkCookie, bank);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: PAYOUT_MSG.saved,
      details: {
        method: 'bank',
        upiMasked: null,
        holderName: 'Arjun Mehta',
        accountLast4: '7890',
        ifsc: 'HDFC0001234',
        panLast4: '234F',
        updatedAt: expect.any(String),
      },
    });
    expect((await get(s.sharkCookie)).json()).toEqual({ details: res.json().details });
    // Neither answer carries the numbers.
    expect(res.body).not.toContain(ACCOUNT);
    expect(res.body).not.toContain(PAN);

    // The raw row holds no number in clear: every column, as text.
    const [raw] = await queryRows<Record<string, string | null>>(
      s.db,
      sql`SELECT * FROM payout_details WHERE user_id = ${s.shark.userId}`,
    );
    const everything = JSON.stringify(raw);
    expect(everything).not.toContain(ACCOUNT);
    expect(everything).not.toContain('1234567890');
    expect(everything).not.toContain(PAN);
    expect(everything).not.toContain('ABCPE');
    expect(raw.account_number_sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // ...and opens with the key to what was typed, normalised.
    const key = app.config.payoutDetailsKey;
    expect(open(key, raw.account_number_sealed!, { userId: s.shark.userId, column: 'account_number' })).toBe(
      ACCOUNT,
    );
    expect(open(key, raw.pan_sealed!, { userId: s.shark.userId, column: 'pan' })).toBe(PAN);

    const audit = await s.db.select().from(adminAuditLog);
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: s.shark.userId,
        action: 'payout_details.change',
        targetType: 'user',
        targetId: s.shark.userId,
        details: { method: 'bank', destination: 'bank account •••• 7890 at HDFC0001234', was: null },
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(ACCOUNT);

    const mails = await outbox('arjun@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'payout-details-changed',
      subject: 'Payout details added to your account',
    });
    expect(mails[0].text).toContain(
      'Payout details were added to your Shark Security account: your payouts will go to bank account •••• 7890 at HDFC0001234, with the PAN •••• 234F.',
    );
    expect(mails[0].text).toContain('If it was not you, reset your password');
    expect(mails[0].text).toContain('http://localhost:3000/shark/payouts');
    expect(mails[0].text + mails[0].html).not.toContain(ACCOUNT);
    expect(mails[0].text + mails[0].html).not.toContain(PAN);
  });

  it('changes to a UPI id: the bank columns go, the UPI id is sealed and masked, the change is mailed', async () => {
    const s = await setup();
    expect((await put(s.sharkCookie, bank)).statusCode).toBe(200);
    const res = await put(s.sharkCookie, upi);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().details).toEqual({
      method: 'upi',
      upiMasked: 'ar••••@okaxis',
      holderName: null,
      accountLast4: null,
      ifsc: null,
      panLast4: '234F',
      updatedAt: expect.any(String),
    });
    const [row] = await s.db.select().from(payoutDetails).where(eq(payoutDetails.userId, s.shark.userId));
    expect(row.accountNumberSealed).toBeNull();
    expect(JSON.stringify(row)).not.toContain('arjun.mehta');
    expect(
      open(app.config.payoutDetailsKey, row.upiIdSealed!, { userId: s.shark.userId, column: 'upi_id' }),
    ).toBe('arjun.mehta@okaxis');

    const audit = await s.db.select().from(adminAuditLog);
    expect(audit.map((a) => a.details)).toContainEqual({
      method: 'upi',
      destination: 'UPI ar••••@okaxis',
      was: 'bank account •••• 7890 at HDFC0001234',
    });
    const mails = await outbox('arjun@example.test');
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Payout details added to your account',
      'Your payout details were changed',
    ]);
    const changed = mails.find((m) => m.subject === 'Your payout details were changed')!;
    expect(changed.text).toContain(
      'The payout details of your Shark Security account were changed: your payouts now go to UPI ar••••@okaxis, with the PAN •••• 234F.',
    );
  });

  it('refuses account numbers that do not match, naming the field, and saves nothing', async () => {
    const s = await setup();
    const res = await put(s.sharkCookie, { ...bank, accountNumberConfirm: '001234567891' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ accountNumberConfirm: PAYOUT_MSG.accountMismatch });
    expect(await s.db.select().from(payoutDetails)).toEqual([]);
    expect(await s.db.select().from(adminAuditLog)).toEqual([]);
    expect(await outbox('arjun@example.test')).toEqual([]);
  });

  it('names every bad field at once, each with its own message', async () => {
    const s = await setup();
    const badBank = await put(s.sharkCookie, {
      method: 'bank',
      holderName: '',
      accountNumber: '12ab',
      accountNumberConfirm: '',
      ifsc: 'HDFC1001234',
      pan: 'ABCPE12345',
    });
    expect(badBank.statusCode).toBe(400);
    expect(badBank.json().error.fields).toEqual({
      holderName: PAYOUT_MSG.holderRequired,
      accountNumber: PAYOUT_MSG.accountInvalid,
      accountNumberConfirm: PAYOUT_MSG.accountConfirmRequired,
      ifsc: PAYOUT_MSG.ifscInvalid,
      pan: PAYOUT_MSG.panInvalid,
    });

    const cases: [object, string, string][] = [
      [{ ...upi, upiId: 'arjun.mehta' }, 'upiId', PAYOUT_MSG.upiInvalid],
      [{ ...upi, upiId: 'arjun@ok axis' }, 'upiId', PAYOUT_MSG.upiInvalid],
      [{ ...upi, upiId: '' }, 'upiId', PAYOUT_MSG.upiRequired],
      [{ ...bank, ifsc: 'HDF0001234' }, 'ifsc', PAYOUT_MSG.ifscInvalid],
      [{ ...bank, ifsc: 'HDFC0_01234' }, 'ifsc', PAYOUT_MSG.ifscInvalid],
      [
        { ...bank, accountNumber: '12345678', accountNumberConfirm: '12345678' },
        'accountNumber',
        PAYOUT_MSG.accountInvalid,
      ],
      [{ ...upi, pan: 'ABCP1234F' }, 'pan', PAYOUT_MSG.panInvalid],
      [{ ...upi, pan: '' }, 'pan', PAYOUT_MSG.panRequired],
      // The 4th letter is the holder's type: X is none.
      [{ ...upi, pan: 'ABCXE1234F' }, 'pan', PAYOUT_MSG.panHolderType],
      [{ ...upi, method: 'cheque' }, 'method', PAYOUT_MSG.methodRequired],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(s.sharkCookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields, JSON.stringify(payload)).toEqual({ [field]: message });
    }
    expect(await s.db.select().from(payoutDetails)).toEqual([]);
  });

  it("accepts a firm's PAN (holder type F) and a PAN typed in lower case with spaces", async () => {
    const s = await setup();
    const res = await put(s.sharkCookie, { ...upi, pan: 'abcfe 1234 f' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().details.panLast4).toBe('234F');
  });
});

describe('who may read and change them', () => {
  it('refuses a visitor (401), a learner and a freelancer (403), before reading the body', async () => {
    const s = await setup();
    expect((await get(null)).statusCode).toBe(401);
    expect((await put(null, bank)).statusCode).toBe(401);
    for (const cookie of [s.learnerCookie, s.freelancerCookie]) {
      expect((await get(cookie)).statusCode).toBe(403);
      expect((await put(cookie, bank)).statusCode).toBe(403);
      expect((await put(cookie, { method: 'nonsense' })).statusCode).toBe(403);
    }
    expect(await s.db.select().from(payoutDetails)).toEqual([]);
  });

  it("keeps another shark out: it cannot read or change someone else's details", async () => {
    const s = await setup();
    expect((await put(s.sharkCookie, bank)).statusCode).toBe(200);
    // Naming shark A's id finds nothing (a shark's money is not even shown to exist), never its own row.
    expect((await get(s.otherCookie, `?sharkId=${s.shark.id}`)).statusCode).toBe(404);
    expect((await put(s.otherCookie, upi, `?sharkId=${s.shark.id}`)).statusCode).toBe(404);
    // Its own view is its own (empty) row.
    expect((await get(s.otherCookie)).json()).toEqual({ details: null });
    const rows = await s.db.select().from(payoutDetails);
    expect(rows.map((r) => [r.userId, r.method])).toEqual([[s.shark.userId, 'bank']]);
  });

  it('lets an admin see them masked for a shark, and refuses the admin a change (403)', async () => {
    const s = await setup();
    const saved = await put(s.sharkCookie, bank);
    const seen = await get(s.adminCookie, `?sharkId=${s.shark.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ details: saved.json().details });
    expect(seen.body).not.toContain(ACCOUNT);

    const change = await put(s.adminCookie, upi, `?sharkId=${s.shark.id}`);
    expect(change.statusCode).toBe(403);
    expect(change.json().error.message).toBe(PAYOUT_MSG.ownerOnly);
    // Without a shark the admin is asked to choose one, as on every workspace call.
    expect((await put(s.adminCookie, upi)).statusCode).toBe(400);
    const [row] = await s.db.select().from(payoutDetails);
    expect(row.method).toBe('bank');
    expect((await s.db.select().from(adminAuditLog)).map((a) => a.actorId)).toEqual([s.shark.userId]);
  });

  it('refuses a change by an account that is both admin and shark when it names another shark', async () => {
    const s = await setup();
    const both = await createAccount(s.db, { roles: ['shark', 'admin'] });
    await createShark(s.db, { userId: both.id });
    const cookie = await sessionCookie(s.db, both.id);
    expect((await put(cookie, upi, `?sharkId=${s.shark.id}`)).json().error.message).toBe(
      PAYOUT_MSG.ownerOnly,
    );
    // Its own details are its own to change.
    expect((await put(cookie, upi)).statusCode).toBe(200);
    expect((await get(s.sharkCookie)).json()).toEqual({ details: null });
  });
});

describe('the sealing and its key', () => {
  const place = { userId: '00000000-0000-4000-8000-000000000001', column: 'pan' as const };

  it('does not open under another key, at another account or column, or after a change', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = seal(key, PAN, place);
    expect(open(key, sealed, place)).toBe(PAN);
    expect(seal(key, PAN, place)).not.toBe(sealed); // a fresh IV each time
    expect(() => open(Buffer.alloc(32, 8), sealed, place)).toThrow(/another key/);
    expect(() => open(key, sealed, { ...place, userId: '00000000-0000-4000-8000-000000000002' })).toThrow();
    expect(() => open(key, sealed, { ...place, column: 'account_number' })).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('XXXXXXXXXX').toString('base64url');
    expect(() => open(key, parts.join('.'), place)).toThrow();
  });

  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:1',
    RAZORPAY_KEY_ID: 'rzp_live_payouts0001',
    RAZORPAY_KEY_SECRET: 'payouts-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'payouts-webhook-secret',
  };

  it('refuses to start in production without PAYOUT_DETAILS_KEY, or with the public development key', () => {
    expect(() => loadConfig(production)).toThrow(/PAYOUT_DETAILS_KEY is required when NODE_ENV=production/);
    expect(() =>
      loadConfig({ ...production, PAYOUT_DETAILS_KEY: DEV_PAYOUT_DETAILS_KEY.toString('hex') }),
    ).toThrow(/public development key/);
    const hex = Buffer.alloc(32, 9).toString('hex');
    expect(loadConfig({ ...production, PAYOUT_DETAILS_KEY: hex }).payoutDetailsKey).toEqual(
      Buffer.alloc(32, 9),
    );
  });

  it('reads the key as hex or base64 and refuses any other length', () => {
    const key = Buffer.alloc(32, 3);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: key.toString('base64') }).payoutDetailsKey).toEqual(key);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: key.toString('base64url') }).payoutDetailsKey).toEqual(key);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: key.toString('hex') }).payoutDetailsKey).toEqual(key);
    for (const bad of [Buffer.alloc(16).toString('hex'), Buffer.alloc(31).toString('base64'), 'not a key'])
      expect(() => loadConfig({ PAYOUT_DETAILS_KEY: bad })).toThrow(/PAYOUT_DETAILS_KEY: a 32-byte key/);
    // Outside production, no key means the public development key.
    expect(loadConfig({}).payoutDetailsKey).toEqual(DEV_PAYOUT_DETAILS_KEY);
  });

  it('reads the payout minimum in paise, and refuses the old rupee setting rather than pay at the default (decision 210)', () => {
    expect(loadConfig({}).PAYOUT_MINIMUM_PAISE).toBe(50_000);
    expect(loadConfig({ PAYOUT_MINIMUM_PAISE: '100000' }).PAYOUT_MINIMUM_PAISE).toBe(100_000);
    for (const bad of ['99', '500.5', 'lots'])
      expect(() => loadConfig({ PAYOUT_MINIMUM_PAISE: bad }), bad).toThrow(/PAYOUT_MINIMUM_PAISE/);
    expect(() => loadConfig({ PAYOUT_MINIMUM_RUPEES: '1000' })).toThrow(
      'PAYOUT_MINIMUM_RUPEES is now PAYOUT_MINIMUM_PAISE, in paise: set PAYOUT_MINIMUM_PAISE=100000 instead.',
    );
  });
});

describe('the shared schema', () => {
  it('gives back values that pass it again unchanged, so the form sends what it checked', () => {
    const once = payoutDetailsInputSchema.parse(bank);
    expect(once).toEqual({
      method: 'bank',
      holderName: 'Arjun Mehta',
      accountNumber: ACCOUNT,
      accountNumberConfirm: ACCOUNT,
      ifsc: 'HDFC0001234',
      pan: PAN,
    });
    expect(payoutDetailsInputSchema.parse(once)).toEqual(once);
  });
});
