// A shark's monthly papers (issue 24, decisions 143-144), for the shark or an admin acting for it (?sharkId=):
// GET /api/workspace/earnings/statements (the months offered and where each fee invoice stands),
// GET /api/workspace/earnings/statements/:month.pdf and GET /api/workspace/earnings/fee-invoices/:month.pdf.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import {
  statementMonthParamsSchema,
  statementMonthsSchema,
  statementQuerySchema,
} from '#shared/statements.ts';
import { authOf } from '#server/http/auth-context.ts';
import { resolveMoneyScope } from '#server/modules/sessions/shark-scope/service.ts';
import { feeInvoicePdf, statementMonths, statementPdf, type PdfFile } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('shark', 'admin');
  /** A PDF to save: an attachment with its name, never cached (it is personal and the ledger moves). */
  const send = (reply: FastifyReply, file: PdfFile) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.pdf);

  app.get(
    '/workspace/earnings/statements',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        summary: "The months of the shark's statements, and where each month's fee invoice stands",
        querystring: statementQuerySchema,
        response: { 200: statementMonthsSchema, ...errors },
      },
    },
    async (req) => statementMonths(app.db, await resolveMoneyScope(app.db, authOf(req), req.query.sharkId)),
  );

  app.get(
    '/workspace/earnings/statements/:month.pdf',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        summary: "The shark's statement of a month (YYYY-MM, its own time zone) as a PDF, from the ledger",
        params: statementMonthParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const scope = await resolveMoneyScope(app.db, authOf(req), req.query.sharkId);
      return send(reply, await statementPdf(app.db, app.config, scope, req.params.month));
    },
  );

  app.get(
    '/workspace/earnings/fee-invoices/:month.pdf',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        summary:
          "The company's invoice to the shark for its fees of an ended month, issued at the first download",
        params: statementMonthParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const scope = await resolveMoneyScope(app.db, authOf(req), req.query.sharkId);
      return send(reply, await feeInvoicePdf(app.db, app.config, scope, req.params.month));
    },
  );
};

export default routes;
