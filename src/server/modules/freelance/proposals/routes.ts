// Proposals (issue 27): the freelancer's client requests area, one request and its NDA, its own proposal; the
// client's comparison, shortlist and accept; the thread of a shortlisted proposal.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUEST_MSG, freelancerRequestSchema } from '#shared/client-requests.ts';
import {
  PROPOSAL_MSG,
  clientProposalSchema,
  freelancerAreaSchema,
  ownProposalSchema,
  proposalInputSchema,
  proposalMessageInputSchema,
  proposalMessageSchema,
} from '#shared/proposals.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import {
  accept,
  acceptNda,
  editProposal,
  freelancerArea,
  messages,
  propose,
  proposalsForClient,
  requestForFreelancer,
  sendMessage,
  shortlist,
  withdraw,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const requestParams = idParams(REQUEST_MSG.notFound);
const proposalParams = idParams(PROPOSAL_MSG.notFound);

const routes: FastifyPluginAsyncZod = async (app) => {
  const freelancer = app.requireRole('freelancer');
  const signedIn = app.requireRole();
  const mail = { mailer: app.mailer, appOrigin: app.config.appOrigin };
  const tags = ['proposals'];

  app.get(
    '/freelancer/client-requests',
    { preValidation: freelancer, schema: { tags, response: { 200: freelancerAreaSchema, ...errors } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return freelancerArea(app.db, authOf(req).user.id);
    },
  );

  app.get(
    '/freelancer/requests/:id',
    {
      preValidation: freelancer,
      schema: {
        tags,
        params: requestParams,
        response: {
          200: z.object({ request: freelancerRequestSchema, proposal: ownProposalSchema.nullable() }),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return requestForFreelancer(app.db, authOf(req).user.id, req.params.id);
    },
  );

  app.post(
    '/freelancer/requests/:id/nda',
    {
      preValidation: freelancer,
      schema: { tags, params: requestParams, response: { 200: messageSchema, ...errors } },
    },
    async (req) => ({ message: await acceptNda(app.db, authOf(req).user.id, req.params.id) }),
  );

  app.post(
    '/freelancer/requests/:id/proposal',
    {
      preValidation: freelancer,
      config: { rateLimit: perMinute(app, 20) },
      schema: {
        tags,
        params: requestParams,
        body: proposalInputSchema,
        response: { 201: z.object({ message: z.string(), proposal: ownProposalSchema }), ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send({
        message: PROPOSAL_MSG.sent,
        proposal: await propose(app.db, authOf(req).user.id, req.params.id, req.body),
      }),
  );

  app.put(
    '/proposals/:id',
    {
      preValidation: freelancer,
      schema: {
        tags,
        params: proposalParams,
        body: proposalInputSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await editProposal(app.db, authOf(req).user.id, req.params.id, req.body);
      return { message: PROPOSAL_MSG.updated };
    },
  );

  app.post(
    '/proposals/:id/withdraw',
    {
      preValidation: freelancer,
      schema: { tags, params: proposalParams, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await withdraw(app.db, authOf(req).user.id, req.params.id);
      return { message: PROPOSAL_MSG.withdrawn };
    },
  );

  app.get(
    '/requests/:id/proposals',
    {
      preValidation: signedIn,
      schema: { tags, params: requestParams, response: { 200: z.array(clientProposalSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return proposalsForClient(app.db, authOf(req), req.params.id);
    },
  );

  app.post(
    '/proposals/:id/shortlist',
    {
      preValidation: signedIn,
      schema: { tags, params: proposalParams, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await shortlist(app.db, authOf(req).user.id, req.params.id);
      return { message: PROPOSAL_MSG.shortlisted };
    },
  );

  app.post(
    '/proposals/:id/accept',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params: proposalParams,
        response: { 200: messageSchema.extend({ engagementId: z.uuid() }), ...errors },
      },
    },
    async (req) => {
      const engagementId = await accept(app.db, mail, authOf(req).user.id, req.params.id);
      return { message: PROPOSAL_MSG.accepted, engagementId };
    },
  );

  app.get(
    '/proposals/:id/messages',
    {
      preValidation: signedIn,
      schema: { tags, params: proposalParams, response: { 200: z.array(proposalMessageSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return messages(app.db, authOf(req).user.id, req.params.id);
    },
  );

  app.post(
    '/proposals/:id/messages',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 60) },
      schema: {
        tags,
        params: proposalParams,
        body: proposalMessageInputSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (req, reply) => {
      await sendMessage(app.db, authOf(req).user.id, req.params.id, req.body.body);
      return reply.code(201).send({ message: PROPOSAL_MSG.messageSent });
    },
  );
};

export default routes;
