import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { contactMessages } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

describe('POST /api/contact', () => {
  it('stores the message and promises a reply within 24 hours', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Asha', email: 'Asha@Example.com', message: 'Need a pentest' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Thank you for reaching out! We'll get back to you within 24 hours.");
    const { db } = await testDatabase();
    const rows = await db.select().from(contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Asha', email: 'asha@example.com', message: 'Need a pentest' }),
    ]);
  });

  it('requires name, email and message, each with its own message, and stores nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: ' ', email: '', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'not-an-email', message: 'Hi' },
    });
    expect(invalid.json().error.fields).toEqual({ email: 'Please enter a valid email' });
    const { db } = await testDatabase();
    expect(await db.select().from(contactMessages)).toEqual([]);
  });

  it('refuses a request from another site', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'A', email: 'a@example.com', message: 'Hi' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This request came from another site and was refused.');
  });
});
