import { type MemberDetail, memberDetailSchema, type UpdateMemberBody } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membersKeys } from './keys';

/** PUT /api/tenants/member/{id}. */
function updateMember({ id, body }: { id: string; body: UpdateMemberBody }): Promise<MemberDetail> {
  return api.put(`/api/tenants/member/${encodeURIComponent(id)}`, body, { schema: memberDetailSchema });
}

export function useUpdateMember() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all(tenantId) }),
  });
}
