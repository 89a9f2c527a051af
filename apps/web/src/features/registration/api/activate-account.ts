import { activationResponseSchema } from '@loyalty/contracts';
import { api } from '@/lib/api';

/**
 * POST /api/onboarding/activate. The token is refreshed first (docs/spec/access-and-identity.md §7) so it is minted after the phone
 * was linked. 409 means already active; 403 with code PHONE_NOT_VERIFIED means Firebase has no phone yet.
 */
export function activateAccount(tenantId: string) {
  return api.post('/api/onboarding/activate', { tenantId }, { schema: activationResponseSchema, forceRefresh: true });
}
