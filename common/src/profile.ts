import { z } from 'zod';
import { emailSchema } from './user';
import { textField } from './strict';

const text = (label: string, max = 200) => textField(label, { max });

/** Add Your Profile Information (PUT /api/users/profile). Name and email come from the token. */
export const profileInputSchema = z.object({
  education: text('Education'),
  location: text('Location'),
  phone: text('Phone number', 30).pipe(z.string().regex(/^\+?[0-9 ()./-]{6,25}$/, 'Phone number must be a phone number, like +1 555 010 2030')),
  linkedlnProfile: text('Linkedin profile', 300).pipe(
    z.string().regex(/^https:\/\/([\w-]+\.)?linkedin\.com\/\S*$/i, 'Linkedin profile must be a https://linkedin.com/... link'),
  ),
});
export type ProfileInput = z.output<typeof profileInputSchema>;

/** GET /userProfile?email=: whose profile (the owner, or anyone for an admin). */
export const profileQuerySchema = z.object({ email: emailSchema });
