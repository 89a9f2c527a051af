import { rewardListSchema, type StampCard, type StampCardInput, stampCardSchema } from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { settingsQuery } from '@/lib/settings-query';
import { useTenantId } from '@/lib/workspace-context';

/** GET /api/tenants/stamp-card; null until saved (the screen shows a new card). */
export const stampCard = settingsQuery({
  path: '/api/tenants/stamp-card',
  key: 'stamp-card',
  schema: stampCardSchema,
  fetchFailed: 'stampCard.fetchFailed',
});

/** PUT /api/tenants/stamp-card. */
export function useSaveStampCard() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StampCardInput): Promise<StampCard> =>
      api.put('/api/tenants/stamp-card', body, { schema: stampCardSchema }),
    onSuccess: (saved) => queryClient.setQueryData(stampCard.keys.all(tenantId), saved),
  });
}

/** The business's rewards, to choose the one a full card gives. */
export function useRewardChoices() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'rewards'],
    queryFn: ({ signal }) => api.get('/api/tenants/rewards', { schema: rewardListSchema, signal }),
  });
}
