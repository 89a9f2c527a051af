import { createdWebhookSchema, type WebhookInput, webhookSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { developersKeys } from './keys';

/**
 * POST /api/tenants/webhooks (no id; the answer holds the signing secret, shown once) or
 * PUT /api/tenants/webhooks/{id}.
 */
export function useSaveWebhook() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WebhookInput }) =>
      id
        ? api.put(`/api/tenants/webhooks/${encodeURIComponent(id)}`, body, { schema: webhookSchema })
        : api.post('/api/tenants/webhooks', body, { schema: createdWebhookSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developersKeys.webhooks(tenantId) }),
  });
}
