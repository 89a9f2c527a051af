import { type TransactionResult, transactionResultSchema } from '@loyalty/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshAfterLedgerChange } from '@/lib/record-transaction';
import { useCounterBranch } from '../components/counter-branch';

/**
 * POST /api/tenants/member/{id}/transactions/{entryId}/reversal. The key is derived from the entry, so pressing
 * Reverse twice (or retrying after a lost answer) reverses once; the server decides whether it is still allowed.
 */
function reverseTransaction({
  id,
  entryId,
  branchId,
}: {
  id: string;
  entryId: string;
  branchId?: string | undefined;
}): Promise<TransactionResult> {
  return api.post(
    `/api/tenants/member/${encodeURIComponent(id)}/transactions/${encodeURIComponent(entryId)}/reversal`,
    branchId ? { branchId } : undefined,
    { schema: transactionResultSchema, headers: { 'Idempotency-Key': `reversal-${entryId}` } },
  );
}

export function useReverseTransaction() {
  // Where the counter stands (docs/design.md §10): the reversal is recorded there.
  const branchId = useCounterBranch();
  return useMutation({
    mutationFn: (input: { id: string; entryId: string }) => reverseTransaction({ ...input, branchId }),
    onSuccess: useRefreshAfterLedgerChange(),
  });
}
