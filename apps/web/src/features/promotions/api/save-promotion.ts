import { type PromotionInput, promotionSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { promotionsKeys } from './keys';

/** POST /api/tenants/promotions (no id) or PUT /api/tenants/promotions/{id}. */
export function useSavePromotion() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PromotionInput }) =>
      id
        ? api.put(`/api/tenants/promotions/${encodeURIComponent(id)}`, body, { schema: promotionSchema })
        : api.post('/api/tenants/promotions', body, { schema: promotionSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionsKeys.all(tenantId) }),
  });
}
