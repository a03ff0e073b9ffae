// One error shape for the whole API: { error: { code, message, fields? } }. 4xx say what is wrong with
// the input; 5xx never carry a stack, SQL or internal message.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { FastifyInstance, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { COMMON_MSG } from '#shared/common.ts';
import { HttpError } from '#server/http/errors.ts';
import { isDatabaseUnavailable } from '#server/db/errors.ts';

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ error: { code: err.code, message: err.message, fields: err.fields } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'request');
        fields[key] ??= v.message ?? COMMON_MSG.invalidValue;
      }
      const first = Object.values(fields)[0] ?? COMMON_MSG.invalidRequest;
      return reply.code(400).send({ error: { code: ERROR_CODE.validation, message: first, fields } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ error: { code: ERROR_CODE.rateLimited, message: COMMON_MSG.rateLimited } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) have safe messages.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
          ? COMMON_MSG.invalidJson
          : err.message;
      return reply.code(status).send({ error: { code: err.code ?? ERROR_CODE.badRequest, message } });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ error: { code: ERROR_CODE.unavailable, message: COMMON_MSG.unavailable } });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: { code: ERROR_CODE.serverError, message: COMMON_MSG.serverError } });
  });
});
