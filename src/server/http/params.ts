// The one schema of a uuid route parameter: a malformed id is answered 400 with the route's "not found" text.
import { z } from 'zod';

export function idParams<K extends string = 'id'>(notFoundMessage: string, key: K = 'id' as K) {
  return z.object({ [key]: z.uuid({ error: notFoundMessage }) } as Record<K, z.ZodUUID>);
}
