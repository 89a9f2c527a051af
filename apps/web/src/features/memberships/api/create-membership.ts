import { type Membership, type MembershipBodyInput, membershipSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membershipsKeys, TUNNEL_HEADERS, withMessage } from './keys';

/** POST /api/memberships. */
function createMembership(body: MembershipBodyInput): Promise<Membership> {
  return withMessage('memberships.createFailed', () =>
    api.post('/api/memberships', body, { schema: membershipSchema, headers: TUNNEL_HEADERS }),
  );
}

export function useCreateMembership() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMembership,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipsKeys.all(tenantId) }),
  });
}
