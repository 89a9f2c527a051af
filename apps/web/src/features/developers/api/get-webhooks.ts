import { webhooksListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { developersKeys } from './keys';

/** GET /api/tenants/webhooks. */
export function useWebhooks() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: developersKeys.webhooks(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/webhooks', { schema: webhooksListSchema, signal }),
  });
}
