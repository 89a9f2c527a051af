import { REGISTRATION_MESSAGES, type RegistrationBody, registrationSchema } from '@loyalty/contracts';
import { z } from 'zod';
import { activeLocale } from '@/lib/i18n/i18n';

const PASSWORD_MIN = 8;

const always = () => true;

/**
 * The form's schema: the server's registration schema (same messages) plus the password fields, which
 * only count for a password sign-up outside continue mode (docs/spec/access-and-identity.md §5). The password rules run even while
 * other fields are invalid (`when`), so each field shows its own message on blur.
 */
export function registrationFormSchema({ continueMode }: { continueMode: boolean }) {
  const needsPassword = (v: { authProvider?: unknown }) => !continueMode && v.authProvider === 'password';
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return registrationSchema
    .extend({ password: z.string(), confirmPassword: z.string(), authProvider: z.enum(['password', 'google']) })
    .refine((v) => !needsPassword(v) || text(v.password).length >= PASSWORD_MIN, {
      message: REGISTRATION_MESSAGES.passwordMin,
      path: ['password'],
      when: always,
    })
    .refine((v) => !needsPassword(v) || text(v.confirmPassword) !== '', {
      message: REGISTRATION_MESSAGES.confirmRequired,
      path: ['confirmPassword'],
      when: always,
    })
    .refine((v) => !needsPassword(v) || text(v.confirmPassword) === '' || v.password === v.confirmPassword, {
      message: REGISTRATION_MESSAGES.passwordsMismatch,
      path: ['confirmPassword'],
      when: always,
    });
}

export type RegistrationFormInput = z.input<ReturnType<typeof registrationFormSchema>>;
export type RegistrationFormValues = z.output<ReturnType<typeof registrationFormSchema>>;

export const emptyRegistrationForm: RegistrationFormInput = {
  businessName: '',
  // Not an industry: the select shows its placeholder and the schema says "Industry is required".
  industry: '' as RegistrationBody['industry'],
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  password: '',
  confirmPassword: '',
  authProvider: 'password',
};

/** The register call's body: trimmed, without the password fields. */
export function toRegistrationBody(values: RegistrationFormValues): RegistrationBody {
  return {
    businessName: values.businessName.trim(),
    industry: values.industry,
    email: values.email.trim().toLowerCase(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: values.phone.trim(),
    // The screen's language becomes the business's default language.
    language: activeLocale(),
  };
}

/** Spec: a Google display name splits at the first space into first and last name. */
export function splitDisplayName(displayName: string | null | undefined): { firstName: string; lastName: string } {
  const name = (displayName ?? '').trim();
  const space = name.indexOf(' ');
  if (space < 0) return { firstName: name, lastName: '' };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1).trim() };
}
