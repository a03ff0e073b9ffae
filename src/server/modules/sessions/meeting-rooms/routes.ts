// GET/PUT /api/workspace/meeting-room: how the shark's sessions get a meeting room (issue 26, decision 149), for
// the shark itself or an admin acting for it (?sharkId=), like the rest of the workspace.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { MEETING_ROOM_MSG, meetingRoomInputSchema, meetingRoomSchema } from '#shared/meeting-rooms.ts';
import { sharkScopeQuerySchema } from '#shared/workspace.ts';
import { authOf } from '#server/http/auth-context.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import { getMeetingRoom, saveMeetingRoom } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('shark', 'admin');
  const jitsi = () => app.config.JITSI_BASE_URL;

  app.get(
    '/workspace/meeting-room',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        querystring: sharkScopeQuerySchema,
        response: { 200: meetingRoomSchema, ...errors },
      },
    },
    async (req) =>
      getMeetingRoom(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId), jitsi()),
  );

  app.put(
    '/workspace/meeting-room',
    {
      preValidation: guard,
      config: { rateLimit: perMinute(app, 30) },
      schema: {
        tags: ['workspace'],
        querystring: sharkScopeQuerySchema,
        body: meetingRoomInputSchema,
        response: {
          200: z.object({ message: z.string(), room: meetingRoomSchema }),
          ...errors,
          409: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const scope = await resolveScope(app.db, authOf(req), req.query.sharkId);
      return {
        message: MEETING_ROOM_MSG.saved,
        room: await saveMeetingRoom(app.db, scope, req.body, jitsi()),
      };
    },
  );
};
export default routes;
