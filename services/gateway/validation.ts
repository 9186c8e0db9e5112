import type { z } from 'zod';
import { ValidationError } from '../domain/shared/errors';

/** Parses with zod; the first issue's message becomes the 400 answer, its path the `field`. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new ValidationError(issue?.message ?? 'Invalid request', field ? { field } : {});
}
