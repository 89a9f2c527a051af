import { purchasePreviewSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

/**
 * POST /api/tenants/member/{id}/transactions/preview: what a purchase of `amount` would earn now, with the
 * promotions that apply (docs/design.md §10), asked once the amount typed has settled; `amount` null asks nothing.
 */
export function usePurchasePreview(memberId: string, amount: number | null, branchId: string | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'purchase-preview', memberId, amount, branchId],
    queryFn: ({ signal }) =>
      api.post(
        `/api/tenants/member/${encodeURIComponent(memberId)}/transactions/preview`,
        { amount, ...(branchId ? { branchId } : {}) },
        { schema: purchasePreviewSchema, signal },
      ),
    enabled: amount !== null,
  });
}
