// The OpenAPI document's finishing touches, applied to every route as @fastify/swagger writes it, so a route
// added later gets them without doing anything: an operationId and a summary from its method and path (unless
// the route names its own), the session cookie as its security when a requireRole guard protects it, and no
// security otherwise. `npm run lint:openapi` holds the result to redocly's recommended rules.
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import type { Config } from '#server/config.ts';
import { GUARD_ROLES } from './auth-context';

const SESSION_SCHEME = 'sessionCookie';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Hook = ((...args: never[]) => unknown) & { [GUARD_ROLES]?: string[] };

const ERROR_JSON_SCHEMA = z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' }) as Record<
  string,
  unknown
>;
delete ERROR_JSON_SCHEMA.$schema;

const words = (segment: string) =>
  segment
    .replace(/^[:{]|}$/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** `GET /api/sharks/:id/courses` -> `getSharksByIdCourses`: unique per method and path, URL-safe. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') || segment.startsWith('{')
        ? ['By', ...words(segment).map(capital)]
        : words(segment).map(capital),
    );
  return method.toLowerCase() + (parts.join('') || 'Root');
}

/** The roles of the route's requireRole guard, or null when no guard protects it. */
function guardRoles(route: TransformInput['route']): string[] | null {
  const hooks = [route.preValidation, route.preHandler, route.onRequest].flat().filter(Boolean) as Hook[];
  for (const hook of hooks) if (hook[GUARD_ROLES]) return hook[GUARD_ROLES];
  return null;
}

/** The swagger transform: fastify-type-provider-zod's JSON Schema, then the additions above. */
export function openapiTransform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const { route } = input;
  const method = [route.method].flat()[0] as string;
  const schema = { ...(result.schema as Record<string, unknown>) };
  // A wildcard's parameter is named `*`, which no OpenAPI path template can name: it is written as {path}.
  const url = result.url.endsWith('*') ? `${result.url.slice(0, -1)}:path` : result.url;
  if (url !== result.url) schema.params = renameWildcard(schema.params);
  const path = url.replace(/:(\w+)/g, '{$1}');
  schema.operationId ??= operationIdOf(method, route.url);
  schema.summary ??= `${method.toUpperCase()} ${path}`;
  // Every route can answer 400: the input guard refuses a string PostgreSQL cannot store (a NUL character).
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  if (!Object.keys(response).some((code) => code.startsWith('4'))) {
    response['400'] = {
      description: 'A query, path or body string holds a character that cannot be stored',
      ...ERROR_JSON_SCHEMA,
    };
    schema.response = response;
  }
  const roles = guardRoles(route);
  if (schema.security === undefined) {
    schema.security = roles ? [{ [SESSION_SCHEME]: [] }] : [];
    if (roles)
      schema.description ??= roles.length
        ? `Needs a signed-in session of one of these roles: ${roles.join(', ')}.`
        : 'Needs a signed-in session.';
  }
  return { ...result, url, schema };
}

function renameWildcard(params: unknown) {
  const p = params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!p?.properties || !('*' in p.properties)) return params;
  const { '*': wildcard, ...rest } = p.properties;
  return {
    ...p,
    properties: { ...rest, path: wildcard },
    required: p.required?.map((name) => (name === '*' ? 'path' : name)),
  };
}

/** The document's header: what the API is, where it is served, and the session cookie scheme. */
/** The document's head; `sessionCookie` is the session cookie's name, which the auth plugin owns. */
export function openapiDocument(config: Pick<Config, 'appOrigin'>, sessionCookie: string) {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Shark Security marketplace API',
      version: '1.0.0',
      description:
        'The JSON API of the Shark Security marketplace. Every error has the shape { "error": { "code", "message", "fields"? } }.',
      license: { name: 'Proprietary', url: `${config.appOrigin}/terms` },
    },
    // Relative: the document is served by the API it describes, at whatever origin that is.
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: sessionCookie,
          description: 'The session cookie set by POST /api/auth/login (httpOnly, SameSite=Lax).',
        },
      },
    },
  };
}
