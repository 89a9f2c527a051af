import { z } from 'zod';
import { CLEAN_TEXT, isCleanText } from './common';
import { LANGUAGE_MESSAGE, LANGUAGES } from './languages';
import { phoneSchema } from './phone';

export const INDUSTRIES = [
  'Technology & Software',
  'Finance & Banking',
  'Healthcare & Pharmaceuticals',
  'Manufacturing & Industrial',
  'Energy & Utilities',
  'Retail & E-commerce',
  'Transportation & Logistics',
  'Education & Training',
  'Hospitality & Tourism',
  'Agriculture & Food Production',
] as const;

export const REGISTRATION_MESSAGES = {
  businessName: 'Business name is required',
  industry: 'Industry is required',
  email: 'Invalid email format',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phoneRequired: 'Contact phone is required',
  phoneFormat: 'Invalid phone. Use international format like +15551234567',
  passwordMin: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: "Passwords don't match",
} as const;

export const TEXT_MAX = 120;
const required = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(TEXT_MAX, `At most ${TEXT_MAX} characters`)
    .refine(isCleanText, CLEAN_TEXT);

/** POST /api/onboarding/register body: the same schema checks the form and the server. */
export const registrationSchema = z.object({
  businessName: required(REGISTRATION_MESSAGES.businessName),
  industry: z.enum(INDUSTRIES, { error: REGISTRATION_MESSAGES.industry }),
  email: z.email({ error: REGISTRATION_MESSAGES.email }).max(254, REGISTRATION_MESSAGES.email),
  firstName: required(REGISTRATION_MESSAGES.firstName),
  lastName: required(REGISTRATION_MESSAGES.lastName),
  phone: phoneSchema(REGISTRATION_MESSAGES.phoneRequired, REGISTRATION_MESSAGES.phoneFormat),
  /** The registration screen's language: the business's default language (absent: English). */
  language: z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }).optional(),
});
export type RegistrationBody = z.infer<typeof registrationSchema>;

export const registrationResponseSchema = z.object({
  tenantId: z.string(),
  userId: z.string(),
  verificationToken: z.string().optional(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

export const activationSchema = z.object({
  tenantId: z
    .string()
    .min(1, 'Tenant is required')
    .max(64, 'Invalid tenant')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid tenant'),
});
export type ActivationBody = z.infer<typeof activationSchema>;
export const activationResponseSchema = z.object({
  tenantId: z.string(),
  userId: z.string(),
  status: z.literal('ACTIVE'),
});
