import { apiKeysListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { developersKeys } from './keys';

/** GET /api/tenants/api-keys. */
export function useApiKeys() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: developersKeys.apiKeys(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/api-keys', { schema: apiKeysListSchema, signal }),
  });
}
