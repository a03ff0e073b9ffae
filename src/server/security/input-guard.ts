// Refuses text PostgreSQL cannot store, in any query, path or body string (and any key): a NUL character, and
// an unpaired UTF-16 surrogate (JSON's "\ud800" escape gives one; it has no UTF-8 form). Without this, such a
// value reaches the SQL driver and fails as a 500; with it, the client gets a 400 naming the field, on every
// route at once (issue 21, finding 4).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '#server/http/errors.ts';
import { COMMON_MSG } from '#shared/common.ts';

/** A surrogate code unit without its pair (the `u` flag reads a well-formed pair as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The dotted path of the first string holding a character PostgreSQL cannot store, or null. */
function findUnstorable(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path || 'request' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) return path ? `${path}.${key}` : key;
    const found = findUnstorable(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const field = findUnstorable(req.params) ?? findUnstorable(req.query) ?? findUnstorable(req.body);
    if (field) throw fieldError(field, COMMON_MSG.invalidCharacter);
  });
});
