import { z } from 'zod';
import { CLEAN_TEXT, isCleanText } from './common';
import { TEXT_MAX } from './onboarding';
import { PHONE_PATTERN } from './phone';

/** GET /api/users/me and the answer of PUT /api/users/me. */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(TEXT_MAX, `At most ${TEXT_MAX} characters`)
    .refine(isCleanText, CLEAN_TEXT);

/** PUT /api/users/me takes exactly one of three forms (DESIGN §4); field names fixed by the spec. */
export const profileNamesUpdateSchema = z.strictObject({
  first_name: name('First name is required'),
  last_name: name('Last name is required'),
});
export const profilePhoneUpdateSchema = z.strictObject({
  phone: z.string().regex(PHONE_PATTERN, 'Invalid phone. Use international format like +15551234567'),
});
export const profileEmailUpdateSchema = z.strictObject({
  email: z.email({ error: 'Please enter a valid email address.' }).max(254),
});
export const profileUpdateSchema = z.union([
  profileNamesUpdateSchema,
  profilePhoneUpdateSchema,
  profileEmailUpdateSchema,
]);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
