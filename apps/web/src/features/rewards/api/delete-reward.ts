import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { rewardsKeys } from './keys';

/** DELETE /api/tenants/rewards/{id}. */
export function useDeleteReward() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/tenants/rewards/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardsKeys.all(tenantId) }),
  });
}
