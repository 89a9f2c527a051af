import { promotionListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { promotionsKeys } from './keys';

/** GET /api/tenants/promotions. */
export function usePromotions() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: promotionsKeys.all(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/promotions', { schema: promotionListSchema, signal }),
  });
}
