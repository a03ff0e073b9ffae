// Response serialization. Every route declares its response with a zod schema (the one source of truth,
// also for OpenAPI); here that schema is compiled once, at startup, into a fast-json-stringify function.
// Why not validate each response with zod and JSON.stringify it (fastify-type-provider-zod's default)?
// On the hot catalogue reads that per-request parse was the largest cost left after the SQL (decision 063).
// The compiled function keeps the same guarantee that matters for safety: only declared properties are
// written, so a column added to a query never leaks; a missing required property still fails the request.
// A schema JSON Schema cannot express (a Date, a transform) keeps zod's serializer.
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/** The JSON Schema of a zod response schema, or null when it has no JSON Schema form. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
}

export const serializerCompiler = (route: SerializerCompiler) => {
  const json = route.schema instanceof z.ZodType ? responseJsonSchema(route.schema) : null;
  if (!json) return zodSerializerCompiler(route);
  const stringify = fastJson(json);
  return (data: unknown) => stringify(data);
};
