import { type StampAnswer, stampAnswerSchema, stampCardSchema } from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { useTenantId } from '@/lib/workspace-context';

/** The business's stamp card at the till (docs/design.md §10); null when it has none. */
export function useCounterStampCard() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'stamp-card'],
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/tenants/stamp-card', { schema: stampCardSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** POST /api/tenants/member/{id}/stamps with the tap's Idempotency-Key. */
export function useAddStamps() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, count, key }: { memberId: string; count: number; key: string }): Promise<StampAnswer> =>
      api.post(
        `/api/tenants/member/${encodeURIComponent(memberId)}/stamps`,
        { count },
        { schema: stampAnswerSchema, headers: { 'Idempotency-Key': key } },
      ),
    // A full card's reward shows in the member's rewards panel: it reads again.
    onSuccess: (answer) => {
      if (answer.issued.length > 0)
        void queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'member-rewards'] });
    },
  });
}
