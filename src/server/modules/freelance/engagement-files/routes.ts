// Engagement files (issue 27, decision 180): GET/POST /api/engagements/:id/files and the one authorised
// download, GET /api/engagements/:id/files/:fileId, always an attachment, never cached, never sniffed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENGAGEMENT_MSG } from '#shared/engagements.ts';
import {
  ENGAGEMENT_FILE_MSG,
  engagementFileParamsSchema,
  engagementFileSchema,
  engagementFileUploadQuerySchema,
} from '#shared/engagement-files.ts';
import { apiErrorSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { attachmentDisposition, readDocumentUpload } from '#server/modules/platform/storage/documents.ts';
import { checkUploader, download, listFiles, upload } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const params = idParams(ENGAGEMENT_MSG.notFound);

const routes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireRole();
  const tags = ['engagements'];

  app.get(
    '/engagements/:id/files',
    {
      preValidation: signedIn,
      schema: { tags, params, response: { 200: z.array(engagementFileSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listFiles(app.db, authOf(req), req.params.id);
    },
  );

  app.post(
    '/engagements/:id/files',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 20) },
      schema: {
        tags,
        params,
        consumes: ['multipart/form-data'],
        querystring: engagementFileUploadQuerySchema,
        response: {
          201: z.object({ message: z.string(), file: z.object({ id: z.uuid(), name: z.string() }) }),
          ...errors,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      // Refuse a stranger or a closed engagement before reading 25 MB.
      await checkUploader(app.db, auth, req.params.id, req.query.milestoneId);
      const doc = await readDocumentUpload(req, 'file');
      const row = await upload(app.db, app.storage, auth, req.params.id, req.query.milestoneId, doc);
      return reply
        .code(201)
        .send({ message: ENGAGEMENT_FILE_MSG.uploaded, file: { id: row.id, name: row.name } });
    },
  );

  app.get(
    '/engagements/:id/files/:fileId',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: engagementFileParamsSchema,
        response: { 200: z.any().describe('The file, as an attachment'), ...errors },
      },
    },
    async (req, reply) => {
      const file = await download(app.db, app.storage, authOf(req), req.params.id, req.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-length', file.body.length)
        .send(file.body);
    },
  );
};

export default routes;
