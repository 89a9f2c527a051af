import { type BusinessProfile, businessProfileSchema, type QuietHours } from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { messagesKeys } from './keys';

/** GET /api/tenants/business: the quiet hours and the time zone they are read in. */
export function useBusinessProfile() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: messagesKeys.business(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/business', { schema: businessProfileSchema, signal }),
  });
}

/** PUT /api/tenants/business with the profile as read and the new quiet hours (null: none). */
export function useSaveQuietHours() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profile, quietHours }: { profile: BusinessProfile; quietHours: QuietHours | null }) =>
      api.put('/api/tenants/business', { ...profile, quietHours }, { schema: businessProfileSchema }),
    onSuccess: (saved) => queryClient.setQueryData(messagesKeys.business(tenantId), saved),
  });
}
