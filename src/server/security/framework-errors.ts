// Errors Fastify raises before routing (a malformed percent-encoding, a path parameter over the length
// limit, an unknown content type) get the app's one error shape, and never echo the client's URL back.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { COMMON_MSG } from '#shared/common.ts';

export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message =
    err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? COMMON_MSG.badUrl
      : COMMON_MSG.unreadableRequest;
  void reply.code(status).send({ error: { code: err.code ?? ERROR_CODE.badRequest, message } });
}
