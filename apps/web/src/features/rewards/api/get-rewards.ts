import { rewardListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { rewardsKeys } from './keys';

/** GET /api/tenants/rewards. */
export function useRewards() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: rewardsKeys.all(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/rewards', { schema: rewardListSchema, signal }),
  });
}
