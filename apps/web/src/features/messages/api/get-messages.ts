import { messagesListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** GET /api/tenants/messages: asked again every 2 s while a message is sending, so the log fills as the queue works. */
export function useMessages() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: messagesKeys.messages(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/messages', { schema: messagesListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.some((m) => m.state === 'SENDING') ? 2000 : false),
  });
}
