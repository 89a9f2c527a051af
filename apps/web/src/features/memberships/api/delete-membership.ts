import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membershipsKeys, TUNNEL_HEADERS, withMessage } from './keys';

/** DELETE /api/memberships/{id}. */
function deleteMembership(id: string): Promise<unknown> {
  return withMessage('memberships.deleteFailed', () =>
    api.delete(`/api/memberships/${encodeURIComponent(id)}`, { headers: TUNNEL_HEADERS }),
  );
}

export function useDeleteMembership() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMembership,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipsKeys.all(tenantId) }),
  });
}
