import { z } from './zod-setup';

/**
 * The users' answers as zod schemas, and the answer types as their `z.infer` (decision 0073): imported by the
 * web as types only, so the form that loads the request schemas does not carry them; named in the
 * OpenAPI document by openapi/response-schemas.ts.
 */

/** A user as the admin's list answers it. */
export const shopUserAnswerSchema = z.object({ _id: z.string(), email: z.string(), displayName: z.string(), role: z.enum(['admin', 'customer']) });
export type ShopUser = z.infer<typeof shopUserAnswerSchema>;

/** PUT /user/{email} answer (CONTRACT §2). */
export const syncUserAnswerSchema = z.object({ token: z.string(), admin: z.boolean() });
export type SyncUserResponse = z.infer<typeof syncUserAnswerSchema>;
