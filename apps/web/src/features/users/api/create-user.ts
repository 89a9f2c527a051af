import { type CreateUserBody, type TenantUser, tenantUserSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { usersKeys } from './get-users';

/** POST /api/tenants/users. */
function createUser(body: CreateUserBody): Promise<TenantUser> {
  return api.post('/api/tenants/users', body, { schema: tenantUserSchema });
}

export function useCreateUser() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all(tenantId) }),
  });
}
