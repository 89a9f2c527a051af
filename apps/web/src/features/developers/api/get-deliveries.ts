import { deliveriesPageSchema } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { developersKeys } from './keys';

/** GET /api/tenants/webhooks/{id}/deliveries?page&size=10, newest first. */
export function useDeliveries(webhookId: string | null, page: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: developersKeys.deliveries(tenantId, webhookId ?? '', page),
    queryFn: ({ signal }) =>
      api.get(`/api/tenants/webhooks/${encodeURIComponent(webhookId ?? '')}/deliveries?page=${page}&size=10`, {
        schema: deliveriesPageSchema,
        signal,
      }),
    enabled: webhookId !== null,
    placeholderData: keepPreviousData,
  });
}
