import { tierOptionsPageSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { promotionsKeys } from './keys';

/** The tiers a promotion may be limited to (GET /api/memberships, the first 100: a business has a handful). */
export function useTierOptions() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: promotionsKeys.tiers(tenantId),
    queryFn: ({ signal }) => api.get('/api/memberships?size=100', { schema: tierOptionsPageSchema, signal }),
    select: (page) => page.content,
  });
}
