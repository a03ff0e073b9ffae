// Public catalogue endpoints: GET /api/sharks, /api/sharks/:id, /api/sharks/:id/courses. Their answers are
// the same for everyone, so they carry an ETag and may be cached briefly by browsers and CDNs (decision 065).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { publicCourseSchema, sharkSchema, sharksPageSchema, sharksQuerySchema } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import type { BusyOfReader } from '#server/modules/sessions/availability/service.ts';
import {
  catalogueVersion,
  getPublishedShark,
  isKnownPublic,
  isPublishedShark,
  listPublishedSharkCourses,
  listSharks,
} from './service';

const idParams = z.object({ id: z.string().max(100) });

/** Brief enough that a shark's edit reaches everyone within seconds; a CDN may serve a stale copy a bit longer while it revalidates. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=30';

/** A short tag of the route's answer shape: a release that changes what a route sends changes its ETags too. */
const shapeTags = new Map<string, string>();
function shapeTag(req: FastifyRequest): string {
  const key = `${req.method} ${req.routeOptions.url}`;
  let tag = shapeTags.get(key);
  if (tag === undefined) {
    const schema = req.routeOptions.schema?.response as Record<string, unknown> | undefined;
    let text = key;
    try {
      text += JSON.stringify(z.toJSONSchema(schema?.[200] as z.ZodType));
    } catch {
      // A shape zod cannot write as JSON Schema: the route's method and path alone name it.
    }
    tag = createHash('sha256').update(text).digest('base64url').slice(0, 10);
    shapeTags.set(key, tag);
  }
  return tag;
}

/** If-None-Match matches when it lists this tag (weakly compared, as RFC 9110 says for GET) or is `*`. */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });

/** How long a list's answer (its cards' next free times) may be served again unchanged. */
const LIST_SLICE_MS = 5 * 60_000;

const etagOf = new WeakMap<FastifyRequest, string>();
/** The catalogue version each request read before its data (the list keeps its totals per version). */
const versionOf = new WeakMap<FastifyRequest, number>();

/**
 * The routes, given the sessions module's reader of booked times (the cards' next free time): sessions sit above
 * the catalogue, so it never imports them; app.ts hands the reader in, as it does availability's (decision 209).
 */
const routes =
  ({ busyTimesOf }: { busyTimesOf: BusyOfReader }): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Reads the catalogue's version before the handler reads its data (so an answer is never older than the
     * version it is tagged with); a request that already holds this version's answer gets 304 and no query runs.
     */
    const conditional = async (req: FastifyRequest, reply: FastifyReply) =>
      tagWith(req, reply, await catalogueVersion(app.db));
    /** Tags the answer with the catalogue version read before its data; 304 when the client holds it. */
    const tagWith = (req: FastifyRequest, reply: FastifyReply, version: number | null) => {
      if (version === null) return;
      // The list's cards say when each shark is next free, which time and new bookings change without a new
      // catalogue version: its tag also names the five minutes it was made in (decision 165).
      const slice = req.routeOptions.url?.endsWith('/sharks')
        ? `.${Math.floor(now().getTime() / LIST_SLICE_MS)}`
        : '';
      const etag = `"${shapeTag(req)}.${version}${slice}"`;
      etagOf.set(req, etag);
      versionOf.set(req, version);
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    };
    /**
     * The conditional request of one shark's answers: only a public shark's. An unknown or unpublished id gets its
     * 404 even with `If-None-Match: *` (which matches only an existing representation, RFC 9110) or another
     * shark's tag (issue 21, finding 10).
     */
    const conditionalOne = async (req: FastifyRequest, reply: FastifyReply) => {
      const { id } = req.params as { id: string };
      // The version first: a shark whose answer this process holds at this version is public at it.
      const version = await catalogueVersion(app.db);
      const known = version !== null && isKnownPublic(version, id);
      if (!known && !(await isPublishedShark(app.db, id))) return;
      return tagWith(req, reply, version);
    };
    // Only a 200 or a 304 is tagged and cacheable; an error answer is not (a 404 must not linger in a CDN).
    app.addHook('onSend', async (req, reply) => {
      const etag = etagOf.get(req);
      if (etag && (reply.statusCode === 200 || reply.statusCode === 304))
        reply.header('etag', etag).header('cache-control', CATALOGUE_CACHE_CONTROL);
    });

    app.get(
      '/sharks',
      {
        preHandler: conditional,
        schema: {
          tags: ['sharks'],
          querystring: sharksQuerySchema,
          response: { 200: sharksPageSchema, 400: apiErrorSchema },
        },
      },
      async (req) => listSharks(app.db, req.query, versionOf.get(req), busyTimesOf),
    );

    app.get(
      '/sharks/:id',
      {
        preHandler: conditionalOne,
        schema: { tags: ['sharks'], params: idParams, response: { 200: sharkSchema, 404: apiErrorSchema } },
      },
      async (req) => {
        const shark = await getPublishedShark(app.db, req.params.id, versionOf.get(req));
        if (!shark) throw notFound(CATALOGUE_MSG.sharkNotFound);
        return shark;
      },
    );

    app.get(
      '/sharks/:id/courses',
      {
        preHandler: conditionalOne,
        schema: {
          tags: ['sharks'],
          params: idParams,
          response: { 200: z.array(publicCourseSchema), 404: apiErrorSchema },
        },
      },
      async (req) => {
        const courses = await listPublishedSharkCourses(app.db, req.params.id, versionOf.get(req));
        if (!courses) throw notFound(CATALOGUE_MSG.sharkNotFound);
        return courses;
      },
    );
  };
export default routes;
