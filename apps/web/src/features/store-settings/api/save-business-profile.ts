import { type BusinessProfile, type BusinessProfileInput, businessProfileSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { businessProfileKeys } from '@/lib/business-profile';
import { useTenantId } from '@/lib/workspace-context';

/** PUT /api/tenants/business with {country, timeZone, language}. */
function saveBusinessProfile(body: BusinessProfileInput): Promise<BusinessProfile> {
  return api.put('/api/tenants/business', body, { schema: businessProfileSchema });
}

export function useSaveBusinessProfile() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onSuccess: (saved) => queryClient.setQueryData(businessProfileKeys.all(tenantId), saved),
  });
}
