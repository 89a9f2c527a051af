import { type SegmentFilter, segmentPreviewSchema } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** POST /api/tenants/segments/preview: the count, the reachable count and a sample, as the filter changes. */
export function useSegmentPreview(filter: SegmentFilter) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: messagesKeys.preview(tenantId, filter),
    queryFn: ({ signal }) =>
      api.post('/api/tenants/segments/preview', { filter }, { schema: segmentPreviewSchema, signal }),
    // The last answer stays on screen while the next filter is counted.
    placeholderData: keepPreviousData,
  });
}
