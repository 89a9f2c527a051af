import { promotionListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** GET /api/tenants/promotions: the ones a message can announce. */
export function usePromotions() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: messagesKeys.promotions(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/promotions', { schema: promotionListSchema, signal }),
  });
}
