import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

/** DELETE /api/tenants/member/{id}. */
function deleteMember(id: string): Promise<unknown> {
  return api.delete(`/api/tenants/member/${encodeURIComponent(id)}`);
}

export function useDeleteMember() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKeys.all(tenantId) }),
  });
}
