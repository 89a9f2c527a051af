import { type MessageInput, messageCreatedSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** POST /api/tenants/messages: 202 with the message's id and how many members it targets. */
export function useSendMessage() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageInput) => api.post('/api/tenants/messages', body, { schema: messageCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKeys.messages(tenantId) }),
  });
}
