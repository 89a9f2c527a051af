import { type RewardInput, rewardSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { rewardsKeys } from './keys';

/** POST /api/tenants/rewards (no id) or PUT /api/tenants/rewards/{id}. */
export function useSaveReward() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RewardInput }) =>
      id
        ? api.put(`/api/tenants/rewards/${encodeURIComponent(id)}`, body, { schema: rewardSchema })
        : api.post('/api/tenants/rewards', body, { schema: rewardSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rewardsKeys.all(tenantId) }),
  });
}
