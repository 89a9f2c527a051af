import { type Membership, type MembershipBodyInput, membershipSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membershipsKeys, TUNNEL_HEADERS, withMessage } from './keys';

/** PUT /api/memberships/{id}. */
function updateMembership({ id, body }: { id: string; body: MembershipBodyInput }): Promise<Membership> {
  return withMessage('memberships.updateFailed', () =>
    api.put(`/api/memberships/${encodeURIComponent(id)}`, body, { schema: membershipSchema, headers: TUNNEL_HEADERS }),
  );
}

export function useUpdateMembership() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMembership,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipsKeys.all(tenantId) }),
  });
}
