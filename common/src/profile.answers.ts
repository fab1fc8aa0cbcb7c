import { z } from './zod-setup';

/**
 * A profile, as the API answers it, as zod schemas, and the answer types as their `z.infer` (decision 0073): imported by the
 * web as types only, so the form that loads the request schemas does not carry them; named in the
 * OpenAPI document by openapi/response-schemas.ts.
 */

/** A profile as the API answers it. */
export const profileAnswerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  education: z.string(),
  location: z.string(),
  phone: z.string(),
  linkedlnProfile: z.string(),
});
export type Profile = z.infer<typeof profileAnswerSchema>;
