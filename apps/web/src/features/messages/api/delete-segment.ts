import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** DELETE /api/tenants/segments/{id}. */
export function useDeleteSegment() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/tenants/segments/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKeys.segments(tenantId) }),
  });
}
