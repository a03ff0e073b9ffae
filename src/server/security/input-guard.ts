// Refuses text PostgreSQL cannot store: a NUL character in any query, path or body string. Without this,
// such a value reaches the SQL driver and fails as a 500; with it, the client gets a 400 naming the field.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '#server/http/errors.ts';
import { COMMON_MSG } from '#shared/common.ts';

/** The dotted path of the first string holding a NUL character, or null. */
function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const field = findNul(req.params) ?? findNul(req.query) ?? findNul(req.body);
    if (field) throw fieldError(field, COMMON_MSG.invalidCharacter);
  });
});
