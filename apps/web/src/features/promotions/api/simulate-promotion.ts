import { type PromotionInput, promotionSimulationSchema } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { promotionsKeys } from './keys';

/**
 * POST /api/tenants/promotions/simulate: what the draft would have added over the last 90 days, on top of the
 * active promotions (the one being edited left out). Null draft: nothing to ask yet (the form has an error).
 */
export function usePromotionSimulation(draft: PromotionInput | null, promotionId: string | null) {
  const tenantId = useTenantId();
  const key = JSON.stringify({ draft, promotionId });
  return useQuery({
    queryKey: promotionsKeys.simulation(tenantId, key),
    queryFn: ({ signal }) =>
      api.post(
        '/api/tenants/promotions/simulate',
        { promotion: draft, promotionId },
        { schema: promotionSimulationSchema, signal },
      ),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
