import { type TransactionResult, transactionResultSchema } from '@loyalty/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshAfterLedgerChange } from '@/lib/record-transaction';

/**
 * POST /api/tenants/member/{id}/transactions/{entryId}/refund: part or all of a purchase given back. The caller
 * makes one key per intended refund, so a double click or a retry after a lost answer refunds once.
 */
function refundTransaction({
  id,
  entryId,
  amount,
  key,
  branchId,
}: {
  id: string;
  entryId: string;
  amount: number;
  key: string;
  branchId?: string | undefined;
}): Promise<TransactionResult> {
  return api.post(
    `/api/tenants/member/${encodeURIComponent(id)}/transactions/${encodeURIComponent(entryId)}/refund`,
    { amount, ...(branchId ? { branchId } : {}) },
    { schema: transactionResultSchema, headers: { 'Idempotency-Key': key } },
  );
}

export function useRefundTransaction() {
  return useMutation({ mutationFn: refundTransaction, onSuccess: useRefreshAfterLedgerChange() });
}
