import { type SegmentInput, segmentSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** POST /api/tenants/segments. */
export function useSaveSegment() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SegmentInput) => api.post('/api/tenants/segments', body, { schema: segmentSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKeys.segments(tenantId) }),
  });
}
