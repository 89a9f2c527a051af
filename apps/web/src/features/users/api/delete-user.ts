import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { usersKeys } from './get-users';

/** DELETE /api/tenants/users/{userId}/permanent. */
function deleteUser(userId: string): Promise<void> {
  return api.delete(`/api/tenants/users/${encodeURIComponent(userId)}/permanent`);
}

export function useDeleteUser() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all(tenantId) }),
  });
}
