import { membershipPageSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** GET /api/memberships (the first hundred): the tiers a filter can pick. */
export function useTiers() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: messagesKeys.tiers(tenantId),
    queryFn: ({ signal }) => api.get('/api/memberships?page=0&size=100', { schema: membershipPageSchema, signal }),
  });
}
