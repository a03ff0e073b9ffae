// Verified credentials (decision 032): the shark's list in the workspace (shark or admin with ?sharkId=), a
// freelancer's own list (decision 154), the admin's review queue, and the public list of a shark's verified
// credentials (a freelancer's come with its public profile).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCredentialPageSchema,
  adminCredentialsQuerySchema,
  credentialInputSchema,
  credentialReviewSchema,
  credentialSchema,
  publicCredentialSchema,
} from '#shared/credentials.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { idParams } from '#server/http/params.ts';
import { notFound } from '#server/http/errors.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { sharkScopeQuerySchema } from '#shared/workspace.ts';
import { authOf } from '#server/http/auth-context.ts';
import { resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import {
  addCredential,
  reviewQueuePage,
  listOwnCredentials,
  publicCredentials,
  removeCredential,
  freelancerOwner,
  reviewCredential,
  sharkOwner,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const workspace = app.requireRole('shark', 'admin');
  const adminOnly = app.requireRole('admin');
  const mail = { mailer: app.mailer, appOrigin: app.config.appOrigin };

  app.get(
    '/workspace/credentials',
    {
      preValidation: workspace,
      schema: {
        tags: ['credentials'],
        querystring: sharkScopeQuerySchema,
        response: { 200: z.array(credentialSchema), ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listOwnCredentials(
        app.db,
        sharkOwner(await resolveScope(app.db, authOf(req), req.query.sharkId)),
      );
    },
  );

  app.post(
    '/workspace/credentials',
    {
      preValidation: workspace,
      schema: {
        tags: ['credentials'],
        querystring: sharkScopeQuerySchema,
        body: credentialInputSchema,
        response: { 201: z.object({ message: z.string(), credential: credentialSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const credential = await addCredential(
        app.db,
        sharkOwner(await resolveScope(app.db, authOf(req), req.query.sharkId)),
        req.body,
      );
      return reply.code(201).send({ message: CREDENTIAL_MSG.added, credential });
    },
  );

  app.delete(
    '/workspace/credentials/:id',
    {
      preValidation: workspace,
      schema: {
        tags: ['credentials'],
        params: idParams(COMMON_MSG.notFound),
        querystring: sharkScopeQuerySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await removeCredential(
        app.db,
        sharkOwner(await resolveScope(app.db, authOf(req), req.query.sharkId)),
        req.params.id,
      );
      return { message: CREDENTIAL_MSG.removed };
    },
  );

  // A freelancer's own credentials: the same rows and the same admin review as a shark's.
  const freelancerOnly = app.requireRole('freelancer');
  app.get(
    '/freelancer/credentials',
    {
      preValidation: freelancerOnly,
      schema: { tags: ['credentials'], response: { 200: z.array(credentialSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listOwnCredentials(app.db, await freelancerOwner(app.db, authOf(req).user.id));
    },
  );

  app.post(
    '/freelancer/credentials',
    {
      preValidation: freelancerOnly,
      schema: {
        tags: ['credentials'],
        body: credentialInputSchema,
        response: { 201: z.object({ message: z.string(), credential: credentialSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const owner = await freelancerOwner(app.db, authOf(req).user.id);
      const credential = await addCredential(app.db, owner, req.body);
      return reply.code(201).send({ message: CREDENTIAL_MSG.added, credential });
    },
  );

  app.delete(
    '/freelancer/credentials/:id',
    {
      preValidation: freelancerOnly,
      schema: {
        tags: ['credentials'],
        params: idParams(COMMON_MSG.notFound),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await removeCredential(app.db, await freelancerOwner(app.db, authOf(req).user.id), req.params.id);
      return { message: CREDENTIAL_MSG.removed };
    },
  );

  app.get(
    '/admin/credentials',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['credentials'],
        querystring: adminCredentialsQuerySchema,
        response: { 200: adminCredentialPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, page, status } = req.query;
      return reviewQueuePage(app.db, { status, q }, page);
    },
  );

  app.post(
    '/admin/credentials/:id/review',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['credentials'],
        params: idParams(COMMON_MSG.notFound),
        body: credentialReviewSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => ({
      message: await reviewCredential(app.db, mail, authOf(req).user.id, req.params.id, req.body),
    }),
  );

  app.get(
    '/sharks/:id/credentials',
    {
      schema: {
        tags: ['credentials'],
        params: idParams(CATALOGUE_MSG.sharkNotFound),
        response: { 200: z.array(publicCredentialSchema), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const list = await publicCredentials(app.db, req.params.id, app.config.APP_TIMEZONE);
      if (!list) throw notFound(CATALOGUE_MSG.sharkNotFound);
      return list;
    },
  );
};

export default routes;
