import { z } from 'zod';
import { MESSAGES } from './messages';
import { DISPLAY_NAME_FALLBACK, PASSWORD_MIN_LENGTH } from './constants';
import { isWellFormedText, textField } from './strict';

/** The simple email pattern of the sign-in forms (SPEC §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .max(1000, MESSAGES.emailInvalid)
  .trim()
  .min(1, MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid)
  .max(254, MESSAGES.emailInvalid)
  .refine(isWellFormedText, MESSAGES.emailInvalid);

const password = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);

export const loginSchema = z.object({ email: emailSchema, password });
export type LoginForm = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(80, 'Name is too long'),
  email: emailSchema,
  password,
});
export type SignupForm = z.infer<typeof signupSchema>;

/** Emails are compared and stored lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const displayNameSchema = textField('Name', { max: 80 });

/**
 * The display name of a verified token, checked like any other text (CONTRACT §9): one line, at
 * most 80 characters, well-formed Unicode, trimmed. Anyone can set their own through Firebase
 * Auth's public API, so a name that fails is replaced, never stored or mailed.
 */
export function displayNameOf(raw: unknown): string {
  const parsed = displayNameSchema.safeParse(raw);
  return parsed.success ? parsed.data : DISPLAY_NAME_FALLBACK;
}
