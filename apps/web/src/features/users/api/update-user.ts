import { type TenantUser, tenantUserSchema, type UpdateUserBody } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { usersKeys } from './get-users';

/** PUT /api/tenants/users/{userId}; the new password is left out when empty (docs/spec/data-screens.md §3). */
function updateUser(userId: string, body: UpdateUserBody): Promise<TenantUser> {
  const { newPassword, ...rest } = body;
  const payload = newPassword ? { ...rest, newPassword } : rest;
  return api.put(`/api/tenants/users/${encodeURIComponent(userId)}`, payload, { schema: tenantUserSchema });
}

export function useUpdateUser() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateUserBody }) => updateUser(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all(tenantId) }),
  });
}
