import { type TransactionResult, transactionResultSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membersKeys } from '@/features/members/api/keys';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

/**
 * POST /api/tenants/member/{id}/transactions/{entryId}/reversal. The key is derived from the entry, so pressing
 * Reverse twice (or retrying after a lost answer) reverses once; the server decides whether it is still allowed.
 */
export function reverseTransaction({ id, entryId }: { id: string; entryId: string }): Promise<TransactionResult> {
  return api.post(
    `/api/tenants/member/${encodeURIComponent(id)}/transactions/${encodeURIComponent(entryId)}/reversal`,
    undefined,
    { schema: transactionResultSchema, headers: { 'Idempotency-Key': `reversal-${entryId}` } },
  );
}

export function useReverseTransaction() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseTransaction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKeys.all(tenantId) }),
        queryClient.invalidateQueries({ queryKey: membersKeys.dashboard(tenantId) }),
      ]),
  });
}
