import { segmentsListSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** GET /api/tenants/segments. */
export function useSegments() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: messagesKeys.segments(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/segments', { schema: segmentsListSchema, signal }),
  });
}
