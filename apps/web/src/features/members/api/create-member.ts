import { type CreateMemberBody, type MemberDetail, memberDetailSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membersKeys } from './keys';

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
