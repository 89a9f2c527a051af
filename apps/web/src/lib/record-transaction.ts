import { type TransactionBody, type TransactionResult, transactionResultSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

/**
 * POST /api/tenants/member/{id}/transactions. The caller makes one key per user action, so a retry of the
 * same action (a double click, a lost answer) records once.
 */
function recordTransaction({
  id,
  body,
  key,
}: {
  id: string;
  body: TransactionBody;
  key: string;
}): Promise<TransactionResult> {
  return api.post(`/api/tenants/member/${encodeURIComponent(id)}/transactions`, body, {
    schema: transactionResultSchema,
    headers: { 'Idempotency-Key': key },
  });
}

/** After a ledger change: the members' screens and the dashboard's totals fetch again. */
export function useRefreshAfterLedgerChange() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKeys.all(tenantId) }),
      queryClient.invalidateQueries({ queryKey: membersKeys.dashboard(tenantId) }),
    ]);
}

export function useRecordTransaction() {
  return useMutation({ mutationFn: recordTransaction, onSuccess: useRefreshAfterLedgerChange() });
}
