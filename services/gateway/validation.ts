import type { z } from 'zod';
import { ValidationError } from '../domain/shared/errors';

/** What a route that needs a JSON body answers when none was read (none sent, empty, or another content type). */
export const JSON_BODY_EXPECTED = 'Expected a JSON body (Content-Type: application/json)';

/**
 * Parses with zod; the first issue's message becomes the 400 answer, its path the `field`. Params and queries are
 * always objects, so `undefined` can only be a request body that was not JSON.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (value === undefined) throw new ValidationError(JSON_BODY_EXPECTED);
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new ValidationError(issue?.message ?? 'Invalid request', field ? { field } : {});
}
