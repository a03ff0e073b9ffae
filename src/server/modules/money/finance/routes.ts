// The finance console's API (issue 24, decisions 141-142), admins only: payments, refunds, balances per payee,
// the trial balance, a manual refund, a correction by reversal (decision 208), and the accountant's exports
// (CSV and ZIP, streamed). A failed refund is sent again through the payments module's own route
// (POST /api/admin/refunds/:id/retry).
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FINANCE_MSG,
  financePaymentPageSchema,
  financeRefundPageSchema,
  financeSearchQuerySchema,
  ledgerExportQuerySchema,
  manualRefundSchema,
  monthExportQuerySchema,
  payeeBalancePageSchema,
  refundSearchQuerySchema,
  reversalResultSchema,
  reversalSchema,
  trialBalanceSchema,
} from '#shared/finance.ts';
import { apiErrorSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import {
  dayRange,
  documentRegisterCsv,
  documentsZip,
  exportFileName,
  ledgerCsv,
  manualRefund,
  monthRange,
  reversePosting,
  searchBalances,
  searchPayments,
  searchRefunds,
  trialBalance,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('admin');
  const tags = ['finance'];

  app.get(
    '/admin/finance/payments',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        querystring: financeSearchQuerySchema,
        response: { 200: financePaymentPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return searchPayments(app.db, req.query.q, req.query.page);
    },
  );

  app.post(
    '/admin/finance/payments/:id/refund',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Refund an amount of a captured payment (audit-logged)',
        params: idParams(FINANCE_MSG.paymentNotFound),
        body: manualRefundSchema,
        response: {
          201: z.object({ message: z.string(), refundId: z.uuid(), paymentId: z.uuid() }),
          ...errors,
        },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await manualRefund(app.db, app.payments, authOf(req).user.id, req.params.id, req.body)),
  );

  app.get(
    '/admin/finance/refunds',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        querystring: refundSearchQuerySchema,
        response: { 200: financeRefundPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, q, status } = req.query;
      return searchRefunds(app.db, { q, status }, page);
    },
  );

  app.get(
    '/admin/finance/balances',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        querystring: financeSearchQuerySchema,
        response: { 200: payeeBalancePageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return searchBalances(app.db, req.query.q, req.query.page);
    },
  );

  app.get(
    '/admin/finance/trial-balance',
    {
      preValidation: adminOnly,
      schema: { tags, response: { 200: trialBalanceSchema, ...errors } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return trialBalance(app.db);
    },
  );

  app.post(
    '/admin/finance/reversals',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: 'Correct the ledger: post the reversal of a transaction, by its key (audit-logged)',
        body: reversalSchema,
        response: { 201: reversalResultSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await reversePosting(app.db, authOf(req).user.id, req.body)),
  );

  /** A download, streamed as it is read: the file's name, its type and no caching of money. */
  const download = (type: string, filename: string) => ({
    'content-type': type,
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, no-store',
  });

  /**
   * An export's body, started before any header is written (issue 38, finding 5): its first chunk (the first
   * query, the first PDF) is awaited here, so whatever fails there is answered as an error with its status, not
   * as a 200 whose stream is cut. Only a failure on a later page can still cut a download short.
   */
  async function started<T>(chunks: AsyncGenerator<T>): Promise<Readable> {
    const first = await chunks.next();
    return Readable.from(
      (async function* () {
        if (!first.done) yield first.value;
        yield* chunks;
      })(),
    );
  }

  app.get(
    '/admin/finance/exports/ledger.csv',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "The ledger's entries of a date range (India's days), one CSV row each",
        querystring: ledgerExportQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const { from, to } = req.query;
      const body = await started(ledgerCsv(app.db, dayRange(from, to)));
      return reply.headers(download('text/csv; charset=utf-8', exportFileName.ledger(from, to))).send(body);
    },
  );

  app.get(
    '/admin/finance/exports/documents.csv',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "The register of a month's invoices, receipts and credit notes",
        querystring: monthExportQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const body = await started(documentRegisterCsv(app.db, monthRange(req.query.month)));
      return reply
        .headers(download('text/csv; charset=utf-8', exportFileName.register(req.query.month)))
        .send(body);
    },
  );

  app.get(
    '/admin/finance/exports/documents.zip',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        summary: "A month's invoices, receipts and credit notes as PDFs in one ZIP",
        querystring: monthExportQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const body = await started(documentsZip(app.db, monthRange(req.query.month)));
      return reply.headers(download('application/zip', exportFileName.zip(req.query.month))).send(body);
    },
  );
};

export default routes;
