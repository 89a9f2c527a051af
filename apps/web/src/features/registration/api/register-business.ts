import { type RegistrationBody, type RegistrationResponse, registrationResponseSchema } from '@loyalty/contracts';
import { api } from '@/lib/api';

/**
 * POST /api/onboarding/register with the signed-in user's bearer. Idempotent for the same user while the
 * tenant awaits verification (continue mode answers the same tenant). A malformed answer throws a ZodError.
 */
export function registerBusiness(body: RegistrationBody): Promise<RegistrationResponse> {
  return api.post('/api/onboarding/register', body, { schema: registrationResponseSchema });
}
