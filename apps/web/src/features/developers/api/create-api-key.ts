import { type CreateApiKeyInput, createdApiKeySchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { developersKeys } from './keys';

/** POST /api/tenants/api-keys: the answer holds the whole key, shown once. */
export function useCreateApiKey() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyInput) => api.post('/api/tenants/api-keys', body, { schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developersKeys.apiKeys(tenantId) }),
  });
}
