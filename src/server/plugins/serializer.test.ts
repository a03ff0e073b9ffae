// What an API client gets from the compiled response serializer: only the declared properties, nulls as
// nulls, a broken response as the plain 500 (never half a body), and schemas JSON Schema cannot express
// still served through zod.
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sharkSchema } from '#shared/catalogue.ts';
import { COMMON_MSG } from '#shared/common.ts';
import errors from './errors';
import { responseJsonSchema, serializerCompiler } from '#server/http/serializer.ts';

const shark = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Nisha Rao',
  codeName: null,
  specialization: 'forensics',
  experience: 7,
  bio: 'Incident response <b>lead</b> "quoted" \u2028 line',
  photoUrl: null,
  studentCount: 0,
  avgRating: 4.5,
  reviewCount: 2,
  minPricePaise: null,
  headline: 'Head of incident response at Acme',
  languages: ['English', 'Hindi'],
  skills: ['Volatility', 'Velociraptor'],
  links: { github: 'https://github.com/nisharao' },
};

async function appAnswering(schema: z.ZodType, body: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errors);
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => body as never);
  await app.ready();
  apps.push(app);
  return app.inject({ method: 'GET', url: '/thing' });
}
const apps: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('response serializer', () => {
  it('writes exactly what JSON.stringify would for a valid shark, text and nulls included', async () => {
    const res = await appAnswering(sharkSchema, shark);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(shark);
  });

  it('never writes a property the schema does not declare (a new column cannot leak)', async () => {
    const res = await appAnswering(sharkSchema, {
      ...shark,
      passwordHash: '$argon2id$secret',
      email: 'nisha@example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('argon2id');
    expect(res.body).not.toContain('nisha@example.test');
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(shark).sort());
  });

  it('answers a response missing a required property with the plain 500 and no internals', async () => {
    const { name: _name, ...nameless } = shark;
    const res = await appAnswering(sharkSchema, nameless);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'server_error', message: COMMON_MSG.serverError } });
  });

  it('keeps zod for a schema JSON Schema cannot express, such as a Date', async () => {
    const schema = z.object({ at: z.date() });
    expect(responseJsonSchema(schema)).toBeNull();
    const res = await appAnswering(schema, { at: new Date('2030-01-15T10:00:00Z'), extra: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2030-01-15T10:00:00.000Z' });
  });
});
