// Errors Fastify raises before routing (a malformed percent-encoding, a path parameter over the length
// limit, an unknown content type) get the app's one error shape, and never echo the client's URL back.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export const BAD_URL_MESSAGE = 'This address is not valid.';

export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message = err.code === 'FST_ERR_BAD_URL' || err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? BAD_URL_MESSAGE : 'The request could not be read.';
  void reply.code(status).send({ error: { code: err.code ?? 'bad_request', message } });
}
