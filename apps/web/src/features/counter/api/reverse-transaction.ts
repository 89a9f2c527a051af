import { type TransactionResult, transactionResultSchema } from '@loyalty/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshAfterLedgerChange } from '@/lib/record-transaction';

/**
 * POST /api/tenants/member/{id}/transactions/{entryId}/reversal. The key is derived from the entry, so pressing
 * Reverse twice (or retrying after a lost answer) reverses once; the server decides whether it is still allowed.
 */
function reverseTransaction({ id, entryId }: { id: string; entryId: string }): Promise<TransactionResult> {
  return api.post(
    `/api/tenants/member/${encodeURIComponent(id)}/transactions/${encodeURIComponent(entryId)}/reversal`,
    undefined,
    { schema: transactionResultSchema, headers: { 'Idempotency-Key': `reversal-${entryId}` } },
  );
}

export function useReverseTransaction() {
  return useMutation({ mutationFn: reverseTransaction, onSuccess: useRefreshAfterLedgerChange() });
}
