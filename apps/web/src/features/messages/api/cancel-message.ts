import { messageSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** POST /api/tenants/messages/{id}/cancel: a scheduled message that has not started. */
export function useCancelMessage() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/tenants/messages/${encodeURIComponent(id)}/cancel`, {}, { schema: messageSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKeys.messages(tenantId) }),
  });
}
