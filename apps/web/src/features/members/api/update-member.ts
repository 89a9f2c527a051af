import { type MemberDetail, memberDetailSchema, type UpdateMemberBody } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

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
