import { deliverySchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { developersKeys } from './keys';

/** POST /api/tenants/webhooks/{id}/deliveries/{deliveryId}/retry: sent again, same event id. */
export function useRetryDelivery(webhookId: string) {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post(
        `/api/tenants/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
        undefined,
        { schema: deliverySchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developersKeys.webhooks(tenantId) }),
  });
}
