import type { z } from 'zod';
import { badRequest } from '../errors';

/**
 * Parses input with the shared schema (CONTRACT §4). The first problem becomes the message a
 * person reads; every problem is listed in `fields` by path. Unknown keys are dropped by zod.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw badRequest(result.error.issues[0]?.message ?? 'The request is not valid.', fields);
}
