import { type CreateMemberBody, type MemberDetail, memberDetailSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

/** POST /api/tenants/member. */
function createMember(body: CreateMemberBody): Promise<MemberDetail> {
  return api.post('/api/tenants/member', body, { schema: memberDetailSchema });
}

export function useCreateMember() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all(tenantId) }),
  });
}
