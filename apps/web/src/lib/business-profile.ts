import { type BusinessProfile, businessProfileSchema } from '@loyalty/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

export const businessProfileKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'business'] as const,
};

/** GET /api/tenants/business: the business's country, time zone and default language. */
function fetchBusinessProfile(signal?: AbortSignal): Promise<BusinessProfile> {
  return api.get('/api/tenants/business', { schema: businessProfileSchema, signal });
}

function businessProfileQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: businessProfileKeys.all(tenantId),
    queryFn: ({ signal }) => fetchBusinessProfile(signal),
  });
}

export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions(useTenantId()));
}
