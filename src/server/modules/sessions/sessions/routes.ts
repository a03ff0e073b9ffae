// The session API (all under /api/sessions/:id, see sessionApi in shared/sessions.ts): the detail, the state
// machine's actions, the meeting link, brief and notes, the thread, and the .ics file. Signed-in callers only;
// anyone but the session's learner, its shark and admins gets 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  meetingLinkSchema,
  noShowSchema,
  rescheduleSchema,
  sendMessageSchema,
  sessionActionResultSchema,
  sessionBriefSchema,
  sessionDetailSchema,
  sessionMessageSchema,
  sessionNotesSchema,
  sessionReasonSchema,
  type SessionDetail,
} from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { apiErrorSchema } from '#shared/fields.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { authOf } from '#server/http/auth-context.ts';
import {
  acceptReschedule,
  acceptSession,
  cancelSession,
  declineReschedule,
  declineSession,
  getMessages,
  getSession,
  getSessionCalendar,
  proposeReschedule,
  reportNoShow,
  saveBrief,
  saveNotes,
  sendMessage,
  setMeetingLink,
  abandonCheckout,
  confirmCheckout,
  getCheckout,
  type SessionCaller,
} from './service';
import { checkoutCallbackSchema, checkoutSchema } from '#shared/payments.ts';
import { BOOKING_MSG } from '#shared/booking-form.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const params = idParams(SESSION_MSG.notFound);

const callerOf = (req: FastifyRequest): SessionCaller => {
  const auth = authOf(req);
  return { userId: auth.user.id, isAdmin: auth.roles.includes('admin') };
};
const result = (message: string) => (session: SessionDetail) => ({ message, session });

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole();
  const mail = app.payments;
  const actionSchema = {
    tags: ['sessions'],
    params,
    response: { 200: sessionActionResultSchema, ...errors },
  };
  const writeLimit = {
    rateLimit: { ...perMinute(app, 60), keyGenerator: (req: FastifyRequest) => req.auth?.user.id ?? req.ip },
  };

  app.get(
    '/sessions/:id',
    {
      preValidation: guard,
      schema: { tags: ['sessions'], params, response: { 200: sessionDetailSchema, ...errors } },
    },
    async (req) => getSession(app.db, callerOf(req), req.params.id),
  );

  app.post(
    '/sessions/:id/accept',
    { preValidation: guard, config: writeLimit, schema: actionSchema },
    async (req) =>
      result(SESSION_MSG.accepted)(await acceptSession(app.db, mail, callerOf(req), req.params.id)),
  );

  app.post(
    '/sessions/:id/decline',
    { preValidation: guard, config: writeLimit, schema: { ...actionSchema, body: sessionReasonSchema } },
    async (req) =>
      result(SESSION_MSG.declined)(
        await declineSession(app.db, mail, callerOf(req), req.params.id, req.body.reason),
      ),
  );

  app.post(
    '/sessions/:id/cancel',
    { preValidation: guard, config: writeLimit, schema: { ...actionSchema, body: sessionReasonSchema } },
    async (req) => {
      const { session, withdrawn } = await cancelSession(
        app.db,
        mail,
        callerOf(req),
        req.params.id,
        req.body.reason,
      );
      return result(withdrawn ? SESSION_MSG.withdrawn : SESSION_MSG.cancelled)(session);
    },
  );

  app.post(
    '/sessions/:id/reschedule',
    { preValidation: guard, config: writeLimit, schema: { ...actionSchema, body: rescheduleSchema } },
    async (req) =>
      result(SESSION_MSG.rescheduleProposed)(
        await proposeReschedule(app.db, mail, callerOf(req), req.params.id, req.body.startsAt),
      ),
  );

  app.post(
    '/sessions/:id/reschedule/accept',
    { preValidation: guard, config: writeLimit, schema: actionSchema },
    async (req) =>
      result(SESSION_MSG.rescheduleAccepted)(
        await acceptReschedule(app.db, mail, callerOf(req), req.params.id),
      ),
  );

  app.post(
    '/sessions/:id/reschedule/decline',
    { preValidation: guard, config: writeLimit, schema: actionSchema },
    async (req) =>
      result(SESSION_MSG.rescheduleDeclined)(
        await declineReschedule(app.db, mail, callerOf(req), req.params.id),
      ),
  );

  app.post(
    '/sessions/:id/no-show',
    { preValidation: guard, config: writeLimit, schema: { ...actionSchema, body: noShowSchema } },
    async (req) =>
      result(SESSION_MSG.noShowReported)(
        await reportNoShow(app.db, mail, callerOf(req), req.params.id, req.body.note),
      ),
  );

  app.put(
    '/sessions/:id/meeting-link',
    { preValidation: guard, config: writeLimit, schema: { ...actionSchema, body: meetingLinkSchema } },
    async (req) =>
      result(SESSION_MSG.saved)(
        await setMeetingLink(app.db, callerOf(req), req.params.id, req.body.meetingLink),
      ),
  );

  app.put(
    '/sessions/:id/brief',
    { preValidation: guard, config: writeLimit, schema: { ...actionSchema, body: sessionBriefSchema } },
    async (req) => result(SESSION_MSG.saved)(await saveBrief(app.db, callerOf(req), req.params.id, req.body)),
  );

  app.put(
    '/sessions/:id/notes',
    { preValidation: guard, config: writeLimit, schema: { ...actionSchema, body: sessionNotesSchema } },
    async (req) => result(SESSION_MSG.saved)(await saveNotes(app.db, callerOf(req), req.params.id, req.body)),
  );

  app.get(
    '/sessions/:id/messages',
    {
      preValidation: guard,
      schema: { tags: ['sessions'], params, response: { 200: z.array(sessionMessageSchema), ...errors } },
    },
    async (req) => getMessages(app.db, callerOf(req), req.params.id),
  );

  app.post(
    '/sessions/:id/messages',
    {
      preValidation: guard,
      config: writeLimit,
      schema: {
        tags: ['sessions'],
        params,
        body: sendMessageSchema,
        response: { 201: sessionMessageSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await sendMessage(app.db, callerOf(req), req.params.id, req.body.body)),
  );

  app.get(
    '/sessions/:id/calendar.ics',
    {
      preValidation: guard,
      schema: { tags: ['sessions'], params, response: { 200: z.string(), ...errors } },
    },
    async (req, reply) => {
      const ics = await getSessionCalendar(app.db, callerOf(req), req.params.id, app.config.appOrigin);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="session.ics"')
        .send(ics);
    },
  );

  // ---- Paying for a session (issue 23): the learner's own checkout -------------------------------------------
  const checkoutResult = z.object({ message: z.string(), bookingId: z.uuid() });
  const learnerOnly = app.requireRole('user', { forbidden: BOOKING_MSG.learnersOnly });

  app.get(
    '/sessions/:id/checkout',
    {
      preValidation: learnerOnly,
      schema: { tags: ['payments'], params, response: { 200: checkoutSchema, ...errors } },
    },
    async (req) => getCheckout(app.db, app.payments, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/sessions/:id/checkout/confirm',
    {
      preValidation: learnerOnly,
      config: writeLimit,
      schema: {
        tags: ['payments'],
        params,
        body: checkoutCallbackSchema,
        response: { 200: checkoutResult, ...errors },
      },
    },
    async (req) => confirmCheckout(app.db, app.payments, authOf(req).user.id, req.params.id, req.body),
  );

  app.post(
    '/sessions/:id/checkout/abandon',
    {
      preValidation: learnerOnly,
      config: writeLimit,
      schema: {
        tags: ['payments'],
        params,
        body: z.object({
          outcome: z.enum(['closed', 'failed'], { error: 'outcome must be closed or failed' }),
        }),
        response: { 200: checkoutResult, ...errors },
      },
    },
    async (req) => ({
      ...(await abandonCheckout(app.db, app.payments, authOf(req).user.id, req.params.id, req.body.outcome)),
      bookingId: req.params.id,
    }),
  );
};
export default routes;
