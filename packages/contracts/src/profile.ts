import { z } from 'zod';
import { CLEAN_TEXT, isCleanText } from './common';
import { LANGUAGE_MESSAGE, LANGUAGES } from './languages';
import { TEXT_MAX } from './onboarding';
import { PHONE_PATTERN } from './phone';

/** GET /api/users/me and the answer of PUT /api/users/me. */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The language the account chose (docs/design.md §8); absent until it chooses one. */
  language: z.enum(LANGUAGES).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(TEXT_MAX, `At most ${TEXT_MAX} characters`)
    .refine(isCleanText, CLEAN_TEXT);

/** PUT /api/users/me takes exactly one of four forms (docs/design.md §4, and the language of §8); field names fixed by the spec. */
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
/** The account's language, so the portal follows the user to another browser. */
export const profileLanguageUpdateSchema = z.strictObject({
  language: z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }),
});
export const profileUpdateSchema = z.union([
  profileNamesUpdateSchema,
  profilePhoneUpdateSchema,
  profileEmailUpdateSchema,
  profileLanguageUpdateSchema,
]);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
